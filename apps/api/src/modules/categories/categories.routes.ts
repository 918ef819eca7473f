import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryList, categoryRequest, categoryResponse, idParam, messageResponse } from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { CategoryService } from './categories.service';

const tags = ['categories'];

export const categoryRoutes: FastifyPluginAsyncZod<{ service: CategoryService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    { schema: { tags, summary: 'List categories', response: { 200: categoryList } } },
    async () => ({
      data: await service.list(),
    }),
  );

  app.get(
    '/:id',
    { schema: { tags, summary: 'Get a category', params: idParam, response: { 200: categoryResponse } } },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  app.post(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Create a category (admin)',
        body: categoryRequest,
        response: { 201: categoryResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.create(currentUser(request), request.body.name) }),
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Rename a category (admin)',
        params: idParam,
        body: categoryRequest,
        response: { 200: categoryResponse },
      },
    },
    async (request) => ({
      data: await service.rename(currentUser(request), request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Delete an unused category (admin)',
        params: idParam,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { message: app.translators.ofApiRequest(request).t('api.categories.deleted') };
    },
  );
};

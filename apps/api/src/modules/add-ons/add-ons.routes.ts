import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addOnListResponse, addOnRequest, addOnResponse, idParam, messageResponse } from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { AddOnService } from './add-ons.service';

const tags = ['add-ons'];
const addOnParams = z.object({
  id: z.coerce.number().int().positive(),
  addOnId: z.coerce.number().int().positive(),
});

/** DESIGN.md §16: `projects/{id}/add-ons`. */
export const addOnRoutes: FastifyPluginAsyncZod<{ addOns: AddOnService }> = async (app, { addOns }) => {
  app.get(
    '/:id/add-ons',
    {
      onRequest: app.optionalUser,
      schema: { tags, summary: 'A project’s add-ons', params: idParam, response: { 200: addOnListResponse } },
    },
    async (request) => ({ data: await addOns.list(request.params.id, request.auth) }),
  );

  app.post(
    '/:id/add-ons',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Create an add-on',
        params: idParam,
        body: addOnRequest,
        response: { 201: addOnResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await addOns.create(request.params.id, currentUser(request), request.body),
        message: app.translators.ofApiRequest(request).t('api.addOns.created'),
      }),
  );

  app.put(
    '/:id/add-ons/:addOnId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Update an add-on',
        params: addOnParams,
        body: addOnRequest,
        response: { 200: addOnResponse },
      },
    },
    async (request) => ({
      data: await addOns.update(
        request.params.id,
        request.params.addOnId,
        currentUser(request),
        request.body,
      ),
      message: app.translators.ofApiRequest(request).t('api.addOns.updated'),
    }),
  );

  app.delete(
    '/:id/add-ons/:addOnId',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Delete an add-on', params: addOnParams, response: { 200: messageResponse } },
    },
    async (request) => {
      await addOns.remove(request.params.id, request.params.addOnId, currentUser(request));
      return { message: app.translators.ofApiRequest(request).t('api.addOns.deleted') };
    },
  );
};

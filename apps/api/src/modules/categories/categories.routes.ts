import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryList, categoryResponse, idParam } from '@fundry/shared';
import type { CategoryService } from './categories.service';

export const categoryRoutes: FastifyPluginAsyncZod<{ service: CategoryService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    { schema: { tags: ['categories'], summary: 'List categories', response: { 200: categoryList } } },
    async () => ({ data: await service.list() }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'Get a category',
        params: idParam,
        response: { 200: categoryResponse },
      },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );
};

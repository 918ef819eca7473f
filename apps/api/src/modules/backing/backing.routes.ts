import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backedProjectsQuery, backedProjectsResponse, idParam, publicStatsResponse } from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { BackingService } from './backing.service';

const tags = ['backers'];

export const backingRoutes: FastifyPluginAsyncZod<{ backing: BackingService }> = async (app, { backing }) => {
  app.get(
    '/projects/:id/public-stats',
    {
      schema: {
        tags,
        summary: 'Backers and amount raised of a public project',
        params: idParam,
        response: { 200: publicStatsResponse },
      },
    },
    async (request) => ({ data: await backing.publicStats(request.params.id) }),
  );

  app.get(
    '/me/backed-projects',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Projects I backed',
        querystring: backedProjectsQuery,
        response: { 200: backedProjectsResponse },
      },
    },
    async (request) => {
      const { status, page, per_page } = request.query;
      return backing.backedProjects(currentUser(request).userId, true, status, page, per_page);
    },
  );

  app.get(
    '/users/:id/backed-projects',
    {
      schema: {
        tags,
        summary: 'Projects a user backed (public fields only)',
        params: idParam,
        querystring: backedProjectsQuery,
        response: { 200: backedProjectsResponse },
      },
    },
    async (request) => {
      const { status, page, per_page } = request.query;
      return backing.backedProjects(request.params.id, false, status, page, per_page);
    },
  );
};

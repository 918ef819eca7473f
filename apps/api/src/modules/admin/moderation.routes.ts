import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, projectResponse, revokeRequest } from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { ModerationService } from './moderation.service';

const tags = ['projects'];

/** SPEC's moderation calls on a project (`/projects/{id}/activate`, `…/revoke`, `…/feature`), for admins. */
export const moderationRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (
  app,
  { moderation },
) => {
  app.post(
    '/:id/activate',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Activate (admin)', params: idParam, response: { 200: projectResponse } },
    },
    async (request) => ({
      data: await moderation.activate(request.params.id, currentUser(request)),
      message: app.translators.ofApiRequest(request).t('api.projects.activated'),
    }),
  );

  app.post(
    '/:id/revoke',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Reject (admin), with an optional reason',
        params: idParam,
        body: revokeRequest,
        response: { 200: projectResponse },
      },
    },
    async (request) => ({
      data: await moderation.revoke(request.params.id, currentUser(request), request.body?.reason),
      message: app.translators.ofApiRequest(request).t('api.projects.revoked'),
    }),
  );

  app.post(
    '/:id/feature',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Feature or unfeature (admin)',
        params: idParam,
        response: { 200: projectResponse },
      },
    },
    async (request) => {
      const data = await moderation.toggleFeatured(request.params.id, currentUser(request));
      return {
        data,
        message: app.translators
          .ofApiRequest(request)
          .t(data.featured ? 'api.projects.featured' : 'api.projects.unfeatured'),
      };
    },
  );
};

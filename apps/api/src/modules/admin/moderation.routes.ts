import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignRefundStatusResponse,
  cancelProjectRequest,
  idParam,
  projectResponse,
  revokeRequest,
  suspendProjectRequest,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { ProjectLifecycleService } from '../projects/project-lifecycle.service';
import type { ModerationService } from './moderation.service';

const tags = ['projects'];

/** SPEC's moderation calls on a project (`/projects/{id}/activate`, `…/revoke`, `…/feature`), for admins. */
export const moderationRoutes: FastifyPluginAsyncZod<{
  moderation: ModerationService;
  lifecycle: ProjectLifecycleService;
}> = async (app, { moderation, lifecycle }) => {
  app.post(
    '/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Cancel a live campaign (its creator): pledges released, collected ones refunded',
        params: idParam,
        body: cancelProjectRequest,
        response: { 200: projectResponse },
      },
    },
    async (request) => ({
      data: await lifecycle.cancel(request.params.id, currentUser(request), request.body.message),
      message: app.translators.ofApiRequest(request).t('api.projects.canceled'),
    }),
  );

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

/** An admin's end of a project (DESIGN.md §18), and where its money stands. */
export const adminProjectRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (
  app,
  { moderation },
) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/:id/suspend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Suspend a project (admin): pledges released, collected ones refunded, payouts taken back',
        params: idParam,
        body: suspendProjectRequest,
        response: { 200: projectResponse },
      },
    },
    async (request) => ({
      data: await moderation.suspend(
        request.params.id,
        currentUser(request),
        request.body.reason,
        request.body.message,
      ),
      message: app.translators.ofApiRequest(request).t('api.projects.suspended'),
    }),
  );

  app.get(
    '/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Where a campaign ended early stands: released, refunded, to refund, and what could not be recovered',
        params: idParam,
        response: { 200: campaignRefundStatusResponse },
      },
    },
    async (request) => ({ data: await moderation.refundStatus(request.params.id, currentUser(request)) }),
  );
};

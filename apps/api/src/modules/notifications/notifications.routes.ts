import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, messageResponse, notificationsQuery, notificationsResponse } from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { NotificationService } from './notifications.service';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/',
    {
      onRequest: app.requireUser,
      schema: { tags, querystring: notificationsQuery, response: { 200: notificationsResponse } },
    },
    async (request) => {
      const { unread_only, page, per_page } = request.query;
      return {
        data: await notifications.list(
          currentUser(request).userId,
          unread_only ?? false,
          page,
          per_page,
          app.translators.ofApiRequest(request),
        ),
      };
    },
  );

  app.post(
    '/read-all',
    { onRequest: app.requireUser, schema: { tags, response: { 200: messageResponse } } },
    async (request) => {
      await notifications.markAllRead(currentUser(request).userId);
      return { message: app.translators.ofApiRequest(request).t('api.notifications.allRead') };
    },
  );

  app.post(
    '/:id/read',
    { onRequest: app.requireUser, schema: { tags, params: idParam, response: { 200: messageResponse } } },
    async (request) => {
      await notifications.markRead(currentUser(request).userId, request.params.id);
      return { message: app.translators.ofApiRequest(request).t('api.notifications.read') };
    },
  );
};

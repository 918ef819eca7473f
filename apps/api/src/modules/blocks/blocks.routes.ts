import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockedUserParams,
  blockedUserResponse,
  blockedUsersQuery,
  blockedUsersResponse,
  blockUserRequest,
  idParam,
  messageResponse,
  MODERATION_MESSAGES,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { BlockService } from './blocks.service';

const tags = ['moderation'];

/** A creator's blocks (DESIGN.md §18): projects/{id}/blocked-users, the creator's (admins read). */
export const blockRoutes: FastifyPluginAsyncZod<{ blocks: BlockService }> = async (app, { blocks }) => {
  app.get(
    '/projects/:id/blocked-users',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The people the project’s creator blocked from their projects (newest first)',
        params: idParam,
        querystring: blockedUsersQuery,
        response: { 200: blockedUsersResponse },
      },
    },
    async (request) =>
      blocks.list(request.params.id, currentUser(request), request.query.page, request.query.per_page),
  );

  app.post(
    '/projects/:id/blocked-users',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Block a person from commenting on the creator’s projects and messaging them',
        params: idParam,
        body: blockUserRequest,
        response: { 201: blockedUserResponse },
      },
    },
    async (request, reply) => {
      const blocked = await blocks.block(request.params.id, currentUser(request), request.body.user_id);
      return reply.status(201).send({
        data: blocked,
        message: app.translators.ofApiRequest(request).t(MODERATION_MESSAGES.blocked, { name: blocked.name }),
      });
    },
  );

  app.delete(
    '/projects/:id/blocked-users/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Lift a block (nothing happens if the person was not blocked)',
        params: blockedUserParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await blocks.unblock(request.params.id, currentUser(request), request.params.userId);
      return { message: app.translators.ofApiRequest(request).t(MODERATION_MESSAGES.unblocked) };
    },
  );
};

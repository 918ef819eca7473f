import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMMUNITY_MESSAGES,
  commentEditRequest,
  commentListResponse,
  commentRequest,
  commentResponse,
  communityListQuery,
  idParam,
  messageResponse,
  projectUpdateParams,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { CommentService } from './comments.service';

const tags = ['comments'];
/** Posting is limited per person and minute: a conversation, not a flood. */
const POST_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** Comments on projects and on their updates (DESIGN.md §11); paths from the API root. */
export const commentRoutes: FastifyPluginAsyncZod<{ comments: CommentService }> = async (
  app,
  { comments },
) => {
  app.get(
    '/projects/:id/comments',
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        summary: 'Comments on a project: threads newest first, replies oldest first',
        params: idParam,
        querystring: communityListQuery,
        response: { 200: commentListResponse },
      },
    },
    async (request) => comments.list(request.params.id, null, request.auth, request.query),
  );

  app.get(
    '/projects/:id/updates/:updateId/comments',
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        summary: 'Comments on an update (403 when it is for backers only and the caller is not one)',
        params: projectUpdateParams,
        querystring: communityListQuery,
        response: { 200: commentListResponse },
      },
    },
    async (request) => comments.list(request.params.id, request.params.updateId, request.auth, request.query),
  );

  app.post(
    '/projects/:id/comments',
    {
      onRequest: app.requireUser,
      config: POST_LIMIT,
      schema: {
        tags,
        summary: 'Comment on a project, or reply (the creator and backers only)',
        params: idParam,
        body: commentRequest,
        response: { 201: commentResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await comments.post(request.params.id, null, currentUser(request), request.body),
        message: app.translators.ofApiRequest(request).t(COMMUNITY_MESSAGES.commentPosted),
      }),
  );

  app.post(
    '/projects/:id/updates/:updateId/comments',
    {
      onRequest: app.requireUser,
      config: POST_LIMIT,
      schema: {
        tags,
        summary: 'Comment on an update, or reply (the creator and backers only)',
        params: projectUpdateParams,
        body: commentRequest,
        response: { 201: commentResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await comments.post(
          request.params.id,
          request.params.updateId,
          currentUser(request),
          request.body,
        ),
        message: app.translators.ofApiRequest(request).t(COMMUNITY_MESSAGES.commentPosted),
      }),
  );

  app.put(
    '/comments/:id',
    {
      onRequest: app.requireUser,
      config: POST_LIMIT,
      schema: {
        tags,
        summary: 'Edit my comment',
        params: idParam,
        body: commentEditRequest,
        response: { 200: commentResponse },
      },
    },
    async (request) => ({
      data: await comments.edit(request.params.id, currentUser(request), request.body.body),
      message: app.translators.ofApiRequest(request).t(COMMUNITY_MESSAGES.commentSaved),
    }),
  );

  app.delete(
    '/comments/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Remove a comment (its author, the project’s creator or an admin); a tombstone stays',
        params: idParam,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await comments.remove(request.params.id, currentUser(request));
      return { message: app.translators.ofApiRequest(request).t(COMMUNITY_MESSAGES.commentDeleted) };
    },
  );
};

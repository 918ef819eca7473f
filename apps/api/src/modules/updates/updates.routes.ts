import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMMUNITY_MESSAGES,
  communityListQuery,
  idParam,
  messageResponse,
  projectUpdateParams,
  updateListResponse,
  updateRequest,
  updateResponse,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { UpdateService } from './updates.service';

const tags = ['updates'];

/** A project's updates (DESIGN.md §11), under /projects. */
export const updateRoutes: FastifyPluginAsyncZod<{ updates: UpdateService }> = async (app, { updates }) => {
  app.get(
    '/:id/updates',
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        summary: 'A project’s updates, newest first (backers-only ones locked to others: no body)',
        params: idParam,
        querystring: communityListQuery,
        response: { 200: updateListResponse },
      },
    },
    async (request) => updates.list(request.params.id, request.auth, request.query),
  );

  app.get(
    '/:id/updates/:updateId',
    {
      onRequest: app.optionalUser,
      schema: { tags, summary: 'One update', params: projectUpdateParams, response: { 200: updateResponse } },
    },
    async (request) => ({
      data: await updates.get(request.params.id, request.params.updateId, request.auth),
    }),
  );

  app.post(
    '/:id/updates',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Post an update (the creator of a live project); notifies and mails its backers',
        params: idParam,
        body: updateRequest,
        response: { 201: updateResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await updates.create(request.params.id, currentUser(request), request.body),
        message: app.translators.ofApiRequest(request).t(COMMUNITY_MESSAGES.updatePosted),
      }),
  );

  app.put(
    '/:id/updates/:updateId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Edit an update (its creator)',
        params: projectUpdateParams,
        body: updateRequest,
        response: { 200: updateResponse },
      },
    },
    async (request) => ({
      data: await updates.update(
        request.params.id,
        request.params.updateId,
        currentUser(request),
        request.body,
      ),
      message: app.translators.ofApiRequest(request).t(COMMUNITY_MESSAGES.updateSaved),
    }),
  );

  app.delete(
    '/:id/updates/:updateId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Delete an update (its creator)',
        params: projectUpdateParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await updates.remove(request.params.id, request.params.updateId, currentUser(request));
      return { message: app.translators.ofApiRequest(request).t(COMMUNITY_MESSAGES.updateDeleted) };
    },
  );
};

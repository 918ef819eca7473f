import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  messageResponse,
  STRETCH_GOAL_MESSAGES,
  stretchGoalListResponse,
  stretchGoalParams,
  stretchGoalRequest,
  stretchGoalResponse,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { StretchGoalService } from './stretch-goals.service';

const tags = ['stretch-goals'];

/** A project's stretch goals (DESIGN.md §16), under /projects. */
export const stretchGoalRoutes: FastifyPluginAsyncZod<{ stretchGoals: StretchGoalService }> = async (
  app,
  { stretchGoals },
) => {
  app.get(
    '/:id/stretch-goals',
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        summary: 'A project’s stretch goals, smallest first',
        params: idParam,
        response: { 200: stretchGoalListResponse },
      },
    },
    async (request) => ({
      data: { stretch_goals: await stretchGoals.list(request.params.id, request.auth) },
    }),
  );

  app.post(
    '/:id/stretch-goals',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Add a stretch goal (the creator)',
        params: idParam,
        body: stretchGoalRequest,
        response: { 201: stretchGoalResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await stretchGoals.create(request.params.id, currentUser(request), request.body),
        message: app.translators.ofApiRequest(request).t(STRETCH_GOAL_MESSAGES.created),
      }),
  );

  app.put(
    '/:id/stretch-goals/:goalId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Edit a stretch goal (the creator)',
        params: stretchGoalParams,
        body: stretchGoalRequest,
        response: { 200: stretchGoalResponse },
      },
    },
    async (request) => ({
      data: await stretchGoals.update(
        request.params.id,
        request.params.goalId,
        currentUser(request),
        request.body,
      ),
      message: app.translators.ofApiRequest(request).t(STRETCH_GOAL_MESSAGES.updated),
    }),
  );

  app.delete(
    '/:id/stretch-goals/:goalId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Delete a stretch goal (the creator)',
        params: stretchGoalParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await stretchGoals.remove(request.params.id, request.params.goalId, currentUser(request));
      return { message: app.translators.ofApiRequest(request).t(STRETCH_GOAL_MESSAGES.deleted) };
    },
  );
};

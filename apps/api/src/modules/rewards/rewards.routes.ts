import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, messageResponse, rewardListResponse, rewardRequest, rewardResponse } from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { RewardService } from './rewards.service';

const tags = ['rewards'];
const rewardParams = z.object({
  id: z.coerce.number().int().positive(),
  rewardId: z.coerce.number().int().positive(),
});

export const rewardRoutes: FastifyPluginAsyncZod<{ rewards: RewardService }> = async (app, { rewards }) => {
  app.get(
    '/projects/:id/rewards',
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        summary: 'A project’s rewards',
        params: idParam,
        response: { 200: rewardListResponse },
      },
    },
    async (request) => ({ data: await rewards.list(request.params.id, request.auth) }),
  );

  app.post(
    '/projects/:id/rewards',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Create a reward',
        params: idParam,
        body: rewardRequest,
        response: { 201: rewardResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await rewards.create(request.params.id, currentUser(request), request.body),
        message: app.translators.ofApiRequest(request).t('api.rewards.created'),
      }),
  );

  app.put(
    '/projects/:id/rewards/:rewardId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Update a reward',
        params: rewardParams,
        body: rewardRequest,
        response: { 200: rewardResponse },
      },
    },
    async (request) => ({
      data: await rewards.update(
        request.params.id,
        request.params.rewardId,
        currentUser(request),
        request.body,
      ),
      message: app.translators.ofApiRequest(request).t('api.rewards.updated'),
    }),
  );

  app.delete(
    '/projects/:id/rewards/:rewardId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Delete a reward without backers',
        params: rewardParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await rewards.remove(request.params.id, request.params.rewardId, currentUser(request));
      return { message: app.translators.ofApiRequest(request).t('api.rewards.deleted') };
    },
  );
};

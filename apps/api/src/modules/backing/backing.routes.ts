import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backedProjectsQuery,
  backedProjectsResponse,
  donationResponse,
  idParam,
  messageResponse,
  pledgeRequest,
  pledgeResponse,
  publicStatsResponse,
} from '@fundry/shared';
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

  app.post(
    '/projects/:id/back',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Pledge: reserve the reward and open a checkout',
        params: idParam,
        body: pledgeRequest,
        response: { 201: pledgeResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await backing.pledge(request.params.id, currentUser(request), request.body) }),
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

  app.get(
    '/donations/:id',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'One of my donations', params: idParam, response: { 200: donationResponse } },
    },
    async (request) => ({ data: await backing.donation(request.params.id, currentUser(request)) }),
  );

  app.post(
    '/donations/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Cancel my pending pledge (left the checkout)',
        params: idParam,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await backing.cancel(request.params.id, currentUser(request));
      return { message: 'Your pledge was cancelled; you have not been charged.' };
    },
  );
};

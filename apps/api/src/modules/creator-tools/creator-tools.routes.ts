import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backersQuery,
  backersResponse,
  bulkFulfilmentRequest,
  bulkFulfilmentResponse,
  dailyStatsResponse,
  fulfilmentRequest,
  fulfilmentResponse,
  idParam,
  refundResponse,
  TOOLS_MESSAGES,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { CreatorToolsService } from './creator-tools.service';

const tags = ['creator tools'];

/** A project's backers, fulfilment, refunds and statistics, for its creator and admins (DESIGN.md §12). */
export const creatorToolRoutes: FastifyPluginAsyncZod<{ tools: CreatorToolsService }> = async (
  app,
  { tools },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/projects/:id/backers',
    {
      schema: {
        tags,
        summary: 'Backers of my project (status, reward_id, paging)',
        params: idParam,
        querystring: backersQuery,
        response: { 200: backersResponse },
      },
    },
    async (request) => tools.backers(request.params.id, currentUser(request), request.query),
  );

  app.get(
    '/projects/:id/backers.csv',
    {
      schema: {
        tags,
        summary: 'Backers of my project as CSV (RFC 4180, UTF-8 with BOM)',
        params: idParam,
        querystring: backersQuery.omit({ page: true, per_page: true }),
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { csv, filename } = await tools.backersCsv(
        request.params.id,
        currentUser(request),
        {
          status: request.query.status,
          rewardId: request.query.reward_id,
          addOnId: request.query.add_on_id,
          fulfilment: request.query.fulfilment,
          survey: request.query.survey,
        },
        app.translators.ofApiRequest(request),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/projects/:id/backers/fulfilment',
    {
      schema: {
        tags,
        summary: 'Mark the rewards of several collected pledges sent (optional https tracking_url for all)',
        params: idParam,
        body: bulkFulfilmentRequest,
        response: { 200: bulkFulfilmentResponse },
      },
    },
    async (request) => {
      const ids = await tools.markSent(
        request.params.id,
        currentUser(request),
        request.body.donation_ids,
        request.body.tracking_url,
      );
      return {
        data: { updated: ids.length, donation_ids: ids },
        message: app.translators.ofApiRequest(request).t('api.tools.rewardsMarked', { count: ids.length }),
      };
    },
  );

  app.post(
    '/backers/donations/:id/fulfilment',
    {
      schema: {
        tags,
        summary:
          'Mark the reward of a collected pledge sent, with an optional https tracking_url (tells the backer)',
        params: idParam,
        body: fulfilmentRequest,
        response: { 200: fulfilmentResponse },
      },
    },
    async (request) => ({
      data: {
        donation_id: request.params.id,
        ...(await tools.markOneSent(request.params.id, currentUser(request), request.body.tracking_url)),
      },
      message: app.translators.ofApiRequest(request).t(TOOLS_MESSAGES.marked),
    }),
  );

  app.post(
    '/backers/donations/:id/refund',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Refund a collected pledge in full through the provider (once)',
        params: idParam,
        response: { 200: refundResponse },
      },
    },
    async (request) => ({
      data: await tools.refund(request.params.id, currentUser(request)),
      message: app.translators.ofApiRequest(request).t(TOOLS_MESSAGES.refunded),
    }),
  );

  app.get(
    '/projects/:id/stats/daily',
    {
      schema: {
        tags,
        summary: 'The funding curve: pledges and amount per day, and per reward',
        params: idParam,
        response: { 200: dailyStatsResponse },
      },
    },
    async (request) => ({
      data: await tools.dailyStats(
        request.params.id,
        currentUser(request),
        app.translators.ofApiRequest(request),
      ),
    }),
  );
};

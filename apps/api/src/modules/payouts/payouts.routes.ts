import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankAccountStatusResponse,
  connectBankAccountResponse,
  idParam,
  PAYOUT_MESSAGES,
  payoutEligibilityResponse,
  payoutHistoryQuery,
  payoutHistoryResponse,
  payoutRequest,
  payoutResponse,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { PayoutService } from './payouts.service';

const tags = ['payouts'];

export const payoutRoutes: FastifyPluginAsyncZod<{ payouts: PayoutService }> = async (app, { payouts }) => {
  app.get(
    '/projects/:id/payout/eligibility',
    {
      onRequest: app.requireUser,
      schema: { tags, params: idParam, response: { 200: payoutEligibilityResponse } },
    },
    async (request) => {
      const eligibility = await payouts.eligibility(request.params.id, currentUser(request));
      const reason = eligibility.reason && app.translators.ofApiRequest(request).t(eligibility.reason);
      return { data: { ...eligibility, reason } };
    },
  );

  app.post(
    '/projects/:id/payouts',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Request a payout (default: all available)',
        params: idParam,
        body: payoutRequest,
        response: { 201: payoutResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await payouts.request(request.params.id, currentUser(request), request.body?.amount),
        message: app.translators.ofApiRequest(request).t(PAYOUT_MESSAGES.requested),
      }),
  );

  app.get(
    '/projects/:id/payouts',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: idParam,
        querystring: payoutHistoryQuery,
        response: { 200: payoutHistoryResponse },
      },
    },
    async (request) => ({
      data: await payouts.history(
        request.params.id,
        currentUser(request),
        request.query.page,
        request.query.per_page,
      ),
    }),
  );
};

export const bankAccountRoutes: FastifyPluginAsyncZod<{ payouts: PayoutService }> = async (
  app,
  { payouts },
) => {
  app.post(
    '/connect-bank-account',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bank accounts'],
        summary: 'Onboarding address at the payment provider',
        response: { 200: connectBankAccountResponse },
      },
    },
    async (request) => ({ data: { url: await payouts.connect(currentUser(request)) } }),
  );

  app.get(
    '/bank-account-status',
    {
      onRequest: app.requireUser,
      schema: { tags: ['bank accounts'], response: { 200: bankAccountStatusResponse } },
    },
    async (request) => ({ data: await payouts.status(currentUser(request)) }),
  );
};

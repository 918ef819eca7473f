import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutResponse,
  donationResponse,
  idParam,
  messageResponse,
  myPledgeResponse,
  pledgeRequest,
  pledgeResponse,
  updatePledgeRequest,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { PledgeCheckoutService } from './pledge-checkout.service';
import type { PledgeService } from './pledges.service';

const tags = ['pledges'];

/** A backer's own pledge, from the Back button to the end of the campaign (DESIGN.md §10). */
export const pledgeRoutes: FastifyPluginAsyncZod<{
  checkout: PledgeCheckoutService;
  pledges: PledgeService;
}> = async (app, { checkout, pledges }) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/projects/:id/back',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Pledge: reserve the reward and open a checkout (409 when a live pledge exists)',
        params: idParam,
        body: pledgeRequest,
        response: { 201: pledgeResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await checkout.pledge(
          request.params.id,
          currentUser(request),
          request.body,
          app.translators.ofApiRequest(request),
          request.ip,
        ),
      }),
  );

  app.get(
    '/projects/:id/my-pledge',
    {
      schema: {
        tags,
        summary: 'My live pledge to a project, or null',
        params: idParam,
        response: { 200: myPledgeResponse },
      },
    },
    async (request) => ({ data: await pledges.myPledge(request.params.id, currentUser(request)) }),
  );

  app.get(
    '/donations/:id',
    { schema: { tags, summary: 'One of my pledges', params: idParam, response: { 200: donationResponse } } },
    async (request) => ({ data: await pledges.donation(request.params.id, currentUser(request)) }),
  );

  app.put(
    '/donations/:id',
    {
      schema: {
        tags,
        summary: 'Change the amount, reward or shipping address of my all-or-nothing pledge',
        params: idParam,
        body: updatePledgeRequest,
        response: { 200: donationResponse },
      },
    },
    async (request) => ({
      data: await pledges.change(request.params.id, currentUser(request), request.body),
      message: app.translators.ofApiRequest(request).t('api.pledges.updated'),
    }),
  );

  app.post(
    '/donations/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel my open checkout, or my all-or-nothing pledge before the end date',
        params: idParam,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await pledges.cancel(request.params.id, currentUser(request));
      return { message: app.translators.ofApiRequest(request).t('api.pledges.cancelled') };
    },
  );

  app.post(
    '/donations/:id/received',
    {
      schema: {
        tags,
        summary: 'Confirm the reward of my pledge arrived (409 until it was sent; repeating changes nothing)',
        params: idParam,
        response: { 200: donationResponse },
      },
    },
    async (request) => ({
      data: await pledges.confirmReceived(request.params.id, currentUser(request)),
      message: app.translators.ofApiRequest(request).t('api.pledges.rewardReceived'),
    }),
  );

  app.post(
    '/donations/:id/payment-method',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Open a checkout that saves another card (and pays a declined pledge at once)',
        params: idParam,
        response: { 200: checkoutResponse },
      },
    },
    async (request) => ({
      data: await pledges.changePaymentMethod(
        request.params.id,
        currentUser(request),
        app.translators.ofApiRequest(request),
        request.ip,
      ),
    }),
  );
};

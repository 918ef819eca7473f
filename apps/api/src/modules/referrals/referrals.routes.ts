import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  REFERRAL_MESSAGES,
  REFERRAL_QUERY_PARAM,
  referralsResponse,
  referralTagRequest,
  referralTagResponse,
  referralTagsResponse,
  visitRequest,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { ReferralService } from './referrals.service';
import type { VisitCounter } from './visit-counter';

const tags = ['referrals'];

/** Where backers come from (DESIGN.md §19): the creator's tags, the app's visits, the report and its CSV. */
export const referralRoutes: FastifyPluginAsyncZod<{ referrals: ReferralService }> = async (
  app,
  { referrals },
) => {
  app.post(
    '/projects/:id/referral-tags',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'A referral tag: a link /projects/{id}?ref=NAME that counts who came by it (at most 100)',
        params: idParam,
        body: referralTagRequest,
        response: { 201: referralTagResponse },
      },
    },
    async (request, reply) => {
      const tag = await referrals.createTag(request.params.id, currentUser(request), request.body.name);
      return reply.status(201).send({
        data: tag,
        message: app.translators.ofApiRequest(request).t(REFERRAL_MESSAGES.tagCreated, { name: tag.name }),
      });
    },
  );

  app.get(
    '/projects/:id/referral-tags',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The project’s referral tags with their links',
        params: idParam,
        response: { 200: referralTagsResponse },
      },
    },
    async (request) => ({ data: await referrals.tags(request.params.id, currentUser(request)) }),
  );

  app.post(
    '/projects/:id/visits',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A project page the web app opened, with its ref (counted, nothing kept of the visitor)',
        params: idParam,
        body: visitRequest,
      },
    },
    async (request, reply) => {
      await referrals.visit(request.params.id, request.body.ref, request.headers['user-agent']);
      return reply.status(204).send();
    },
  );

  app.get(
    '/projects/:id/referrals',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Where backers come from: visits, pledges, amount and conversion per source and day',
        params: idParam,
        response: { 200: referralsResponse },
      },
    },
    async (request) => ({ data: await referrals.report(request.params.id, currentUser(request)) }),
  );

  app.get(
    '/projects/:id/referrals.csv',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Where backers come from, per source, as CSV (RFC 4180, UTF-8 with BOM)',
        params: idParam,
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { csv, filename } = await referrals.reportCsv(
        request.params.id,
        currentUser(request),
        app.translators.ofApiRequest(request),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

/** The server-rendered project page whose visits are counted (pages.routes.ts names it so). */
const PROJECT_PAGE = '/projects/:id';

/**
 * Counts each project page the server answers (a kept page or a render alike), after the answer has gone: the
 * request never waits on it, and a failure to count never fails the page (DESIGN.md §19).
 */
async function pageVisitCountingImpl(app: FastifyInstance, { visits }: { visits: VisitCounter }) {
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method === 'GET' && reply.statusCode === 200 && request.routeOptions.url === PROJECT_PAGE) {
      const projectId = Number((request.params as { id?: string }).id);
      const ref = (request.query as Record<string, unknown> | undefined)?.[REFERRAL_QUERY_PARAM];
      if (Number.isInteger(projectId) && projectId > 0) {
        visits.see({
          projectId,
          ref: typeof ref === 'string' ? ref : null,
          referer: request.headers.referer,
          userAgent: request.headers['user-agent'],
        });
      }
    }
    done();
  });
  app.addHook('onClose', () => visits.stop());
}

/** Not encapsulated: it watches the pages' routes, registered beside it. */
export const pageVisitCounting = fp(pageVisitCountingImpl, { name: 'fundry-page-visits' });

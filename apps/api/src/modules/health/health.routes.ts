import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { healthResponse, readinessResponse } from '@fundry/shared';
import { isDatabaseReachable } from '../../db/database';
import type { DB } from '../../db/schema';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readinessResponse, 503: readinessResponse } } },
    async (_request, reply) => {
      const up = await isDatabaseReachable(db);
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { healthResponse, readinessResponse } from '@fundry/shared';
import { isDatabaseReachable } from '../../db/database';
import type { DB } from '../../db/schema';
import type { FileStorage } from '../media/storage';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB>; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readinessResponse, 503: readinessResponse } } },
    async (_request, reply) => {
      const [database, files] = await Promise.all([isDatabaseReachable(db), storage.isReachable()]);
      const state = (up: boolean) => (up ? ('up' as const) : ('down' as const));
      return reply.status(database && files ? 200 : 503).send({
        status: database && files ? 'ok' : 'unavailable',
        database: state(database),
        storage: state(files),
      });
    },
  );
};

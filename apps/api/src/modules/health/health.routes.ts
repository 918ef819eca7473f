import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { healthResponse, readinessResponse } from '@fundry/shared';
import { isDatabaseReachable } from '../../db/database';
import type { ReplicaSet } from '../../db/replicas';
import type { DB } from '../../db/schema';
import type { FileStorage } from '../media/storage';

export const healthRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  storage: FileStorage;
  replicas: ReplicaSet | null;
}> = async (app, { db, storage, replicas }) => {
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
        ...(replicas
          ? {
              replicas: replicas
                .status()
                .map(({ name, state: replica, lagMs }) => ({ name, state: replica, lag_ms: lagMs })),
            }
          : {}),
      });
    },
  );
};

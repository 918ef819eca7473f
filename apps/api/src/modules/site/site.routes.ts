import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfigResponse } from '@fundry/shared';

/** Public facts about this installation, read by the web client on every page load. */
export const siteRoutes: FastifyPluginAsyncZod<{ testMode: boolean }> = async (app, { testMode }) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['site'],
        summary: 'Public configuration: whether payments are in test mode',
        response: { 200: siteConfigResponse },
      },
    },
    // The answer changes only with a restart; a minute in caches spares every page view a request.
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return { data: { test_mode: testMode } };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fxRatesResponse } from '@fundry/shared';
import type { FxRateService } from './fx-rates.service';

/** The reference rates behind approximate amounts (DESIGN.md §15): public, the same for everyone. */
export const fxRateRoutes: FastifyPluginAsyncZod<{ fxRates: FxRateService }> = async (app, { fxRates }) => {
  app.get(
    '/fx-rates',
    {
      schema: {
        tags: ['site'],
        summary:
          "The newest day's reference exchange rates, per unit of their base (404 before the first fetch)",
        response: { 200: fxRatesResponse },
      },
    },
    // The rates change once a day; an hour in caches spares every page view a request.
    async (_request, reply) => {
      const data = await fxRates.newest();
      void reply.header('cache-control', 'public, max-age=3600');
      return { data };
    },
  );
};

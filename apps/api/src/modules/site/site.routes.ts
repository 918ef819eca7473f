import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type OfferableCurrency, siteConfigResponse, siteStatsResponse } from '@fundry/shared';
import type { Translators } from '../../i18n';
import type { SiteService } from './site.service';

/** Public facts about this installation, read by the web client on every page load. */
export const siteRoutes: FastifyPluginAsyncZod<{
  testMode: boolean;
  currencies: { offered: readonly OfferableCurrency[]; base: OfferableCurrency };
  site: SiteService;
  translators: Translators;
}> = async (app, { testMode, currencies, site, translators }) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['site'],
        summary:
          'Public configuration: whether payments are in test mode, the languages and the currencies offered',
        response: { 200: siteConfigResponse },
      },
    },
    // The answer changes only with a restart; a minute in caches spares every page view a request.
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return {
        data: {
          test_mode: testMode,
          locales: [...translators.offered],
          default_locale: translators.defaultLocale,
          currencies: [...currencies.offered],
          base_currency: currencies.base,
        },
      };
    },
  );

  app.get(
    '/stats',
    {
      schema: {
        tags: ['site'],
        summary: "The About page's figures: funded and live campaigns, money raised and pledges",
        response: { 200: siteStatsResponse },
      },
    },
    // Counted from the project rows and kept a minute, on the server and in caches alike.
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return { data: await site.stats() };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  preferencesResponse,
  unsubscribeQuery,
  unsubscribeResponse,
  updatePreferencesRequest,
} from '@fundry/shared';
import { currentUser } from '../auth/authenticate';
import type { PreferenceService } from './preferences.service';

const tags = ['preferences'];

/** GET and PUT users/me/preferences: a person's own mail preferences. */
export const preferenceRoutes: FastifyPluginAsyncZod<{ preferences: PreferenceService }> = async (
  app,
  { preferences },
) => {
  app.get(
    '/me/preferences',
    { onRequest: app.requireUser, schema: { tags, response: { 200: preferencesResponse } } },
    async (request) => ({ data: { preferences: await preferences.get(currentUser(request).userId) } }),
  );

  app.put(
    '/me/preferences',
    {
      onRequest: app.requireUser,
      schema: { tags, body: updatePreferencesRequest, response: { 200: preferencesResponse } },
    },
    async (request) => ({
      data: { preferences: await preferences.update(currentUser(request).userId, request.body) },
    }),
  );
};

/**
 * One-click unsubscribe (RFC 8058), without a session. GET (a person following the link) goes to the web
 * page that asks to confirm; POST (that page, or the mail client's one click with the body
 * `List-Unsubscribe=One-Click`) turns the preference off. GET unsubscribe/check tells the page what a token
 * would turn off, or why it is refused.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  preferences: PreferenceService;
  appUrl: string;
}> = async (app, { preferences, appUrl }) => {
  // Mail clients post a form; the token is in the query, so the body is read and ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.get('/unsubscribe', { schema: { tags, querystring: unsubscribeQuery } }, async (request, reply) =>
    reply.redirect(`${appUrl}/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  app.get('/unsubscribe/check', { schema: { tags, querystring: unsubscribeQuery } }, async (request) => {
    const { preference } = preferences.check(request.query.token);
    return { data: { preference } };
  });

  app.post(
    '/unsubscribe',
    { schema: { tags, querystring: unsubscribeQuery, response: { 200: unsubscribeResponse } } },
    async (request) => {
      const { preference, title } = await preferences.unsubscribe(request.query.token);
      const translator = app.translators.ofApiRequest(request);
      return {
        data: { preference, title: translator.t(title) },
        message: translator.t('api.preferences.unsubscribed', { preference }),
      };
    },
  );
};

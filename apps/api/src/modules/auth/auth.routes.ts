import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  authProvidersResponse,
  changePasswordRequest,
  emailRequest,
  LOCALE_QUERY_PARAM,
  loginRequest,
  loginResponse,
  messageResponse,
  passwordResetRequest,
  refreshResponse,
  registerRequest,
  registerResponse,
  tokenResponse,
  twoFactorSetupRequest,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
  twoFactorVerifyRequest,
} from '@fundry/shared';
import { AppError, unauthorized } from '../../errors';
import type { AuthService } from './auth.service';
import { bearerToken, currentUser } from './authenticate';
import type { OidcService } from './oidc.service';

/** DESIGN.md §4: sign-in, register, reset requests and two-factor codes are rate limited. */
const limit = (max: number, minutes: number) => ({ rateLimit: { max, timeWindow: `${minutes} minutes` } });
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  oidc: OidcService;
  appUrl: string;
}> = async (app, { auth, oidc, appUrl }) => {
  app.post(
    '/register',
    {
      config: limit(10, 15),
      schema: {
        tags,
        summary: 'Create an account',
        body: registerRequest,
        response: { 201: registerResponse },
      },
    },
    async (request, reply) => {
      const translator = app.translators.ofApiRequest(request);
      const user = await auth.register(request.body, translator.locale);
      return reply.status(201).send({ message: translator.t(AUTH_MESSAGES.registered), data: { user } });
    },
  );

  app.post(
    '/resend-verification',
    { config: limit(5, 15), schema: { tags, body: emailRequest, response: { 200: messageResponse } } },
    async (request) => {
      await auth.resendVerification(request.body.email);
      return { message: app.translators.ofApiRequest(request).t(AUTH_MESSAGES.verificationSent) };
    },
  );

  app.get(
    '/verify-email',
    {
      schema: {
        tags,
        summary: 'Link from the verification mail',
        // `lang` is the page's language when the link carries one (Translators.ofPageRequest reads it).
        querystring: z.object({
          token: z.string().max(200).default(''),
          [LOCALE_QUERY_PARAM]: z.string().max(35).optional(),
        }),
      },
    },
    async (request, reply) => {
      const problem = request.query.token
        ? await auth.verifyEmail(request.query.token)
        : 'api.verifyEmail.incomplete';
      // The person opened the link in a browser: the message is in that page's language.
      const translator = app.translators.ofPageRequest(request);
      const params = new URLSearchParams(
        problem
          ? { status: 'error', message: translator.t(problem) }
          : { status: 'success', message: translator.t('api.verifyEmail.verified') },
      );
      return reply.redirect(`${appUrl}/verify-email?${params.toString()}`);
    },
  );

  app.post(
    '/login',
    {
      config: limit(10, 1),
      schema: { tags, summary: 'Sign in', body: loginRequest, response: { 200: loginResponse } },
    },
    async (request) => {
      const translator = app.translators.ofApiRequest(request);
      const result = await auth.login(request.body.email, request.body.password, translator.locale);
      return 'two_factor_required' in result ? { ...result, message: translator.t(result.message) } : result;
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token (sent as the bearer token)',
        body: z.strictObject({ refresh_token: z.string().optional() }).nullish(),
        response: { 200: refreshResponse },
      },
    },
    async (request) => {
      const token = request.body?.refresh_token ?? bearerToken(request);
      if (!token) throw unauthorized('api.auth.refreshTokenRequired');
      return auth.refresh(token, app.translators.ofApiRequest(request).locale);
    },
  );

  app.delete(
    '/logout',
    { onRequest: app.requireUser, schema: { tags, response: { 200: messageResponse } } },
    async (request) => {
      await auth.logout(currentUser(request).sessionId);
      return { message: app.translators.ofApiRequest(request).t(AUTH_MESSAGES.signedOut) };
    },
  );

  app.post(
    '/password-reset-request',
    { config: limit(5, 15), schema: { tags, body: emailRequest, response: { 200: messageResponse } } },
    async (request) => {
      await auth.requestPasswordReset(request.body.email);
      return { message: app.translators.ofApiRequest(request).t(AUTH_MESSAGES.resetRequested) };
    },
  );

  app.post(
    '/password-reset/:token',
    {
      config: limit(10, 15),
      schema: {
        tags,
        params: z.object({ token: z.string().min(1).max(200) }),
        body: passwordResetRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await auth.resetPassword(request.params.token, request.body.password);
      return { message: app.translators.ofApiRequest(request).t(AUTH_MESSAGES.resetDone) };
    },
  );

  app.post(
    '/change-password',
    {
      onRequest: app.requireUser,
      config: limit(10, 15),
      schema: { tags, body: changePasswordRequest, response: { 200: messageResponse } },
    },
    async (request) => {
      const caller = currentUser(request);
      await auth.changePassword(
        caller.userId,
        caller.sessionId,
        request.body.current_password,
        request.body.new_password,
      );
      return { message: app.translators.ofApiRequest(request).t(AUTH_MESSAGES.passwordChanged) };
    },
  );

  app.get(
    '/2fa/status',
    { onRequest: app.requireUser, schema: { tags, response: { 200: twoFactorStatusResponse } } },
    async (request) => ({ data: { is_enabled: await auth.twoFactorEnabled(currentUser(request).userId) } }),
  );

  app.post(
    '/2fa/initiate-setup',
    {
      onRequest: app.requireUser,
      config: limit(5, 15),
      schema: { tags, response: { 200: messageResponse } },
    },
    async (request) => {
      await auth.initiateTwoFactorSetup(currentUser(request).userId);
      return { message: app.translators.ofApiRequest(request).t(AUTH_MESSAGES.twoFactorCodeSent) };
    },
  );

  app.post(
    '/2fa/complete-setup',
    {
      onRequest: app.requireUser,
      config: limit(10, 15),
      schema: { tags, body: twoFactorSetupRequest, response: { 200: twoFactorSetupResponse } },
    },
    async (request) => ({
      message: app.translators.ofApiRequest(request).t('api.auth.scanQrCode'),
      data: await auth.completeTwoFactorSetup(currentUser(request).userId, request.body.verification_code),
    }),
  );

  app.post(
    '/2fa/verify',
    {
      onRequest: app.optionalUser,
      config: limit(10, 5),
      schema: {
        tags,
        summary:
          'With a challenge token: finish a two-factor sign-in. With a bearer token: enable two-factor.',
        body: twoFactorVerifyRequest,
        response: {
          200: z.union([
            tokenResponse,
            z.object({ message: z.string(), data: z.object({ is_enabled: z.literal(true) }) }),
          ]),
        },
      },
    },
    async (request) => {
      if (request.body.challenge_token) {
        return auth.finishTwoFactorLogin(
          request.body.challenge_token,
          request.body.code,
          app.translators.ofApiRequest(request).locale,
        );
      }
      await auth.enableTwoFactor(currentUser(request).userId, request.body.code);
      return {
        message: app.translators.ofApiRequest(request).t(AUTH_MESSAGES.twoFactorEnabled),
        data: { is_enabled: true as const },
      };
    },
  );

  app.delete(
    '/2fa/revoke',
    { onRequest: app.requireUser, schema: { tags, response: { 200: messageResponse } } },
    async (request) => {
      await auth.revokeTwoFactor(currentUser(request).userId);
      return { message: app.translators.ofApiRequest(request).t(AUTH_MESSAGES.twoFactorDisabled) };
    },
  );

  app.get('/providers', { schema: { tags, response: { 200: authProvidersResponse } } }, async () => ({
    data: { google: oidc.enabled },
  }));

  /** The web's callback page with a reason a person can read, in the language of the browser's request. */
  const callbackError = (request: FastifyRequest, message: string) =>
    `${appUrl}/auth/callback?${new URLSearchParams({ error: app.translators.ofPageRequest(request).t(message) }).toString()}`;

  app.get(
    '/google/login',
    {
      config: limit(20, 1),
      schema: { tags, querystring: z.object({ redirect_path: z.string().max(500).optional() }) },
    },
    async (request, reply) => {
      if (!oidc.enabled) return reply.redirect(callbackError(request, 'api.auth.googleNotConfigured'));
      try {
        return reply.redirect(await oidc.authorizationUrl(request.query.redirect_path));
      } catch (error) {
        request.log.error({ err: error }, 'OIDC discovery failed');
        return reply.redirect(callbackError(request, 'api.auth.identityProviderDown'));
      }
    },
  );

  app.get(
    '/google/callback',
    { schema: { tags, querystring: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      if (request.query.error) return reply.redirect(callbackError(request, request.query.error));
      try {
        const { user, redirectPath } = await oidc.finish(new URL(request.url, oidc.callbackUrl));
        const session = await auth.startSession(user, app.translators.ofPageRequest(request).locale);
        const fragment = new URLSearchParams({
          access_token: session.access_token,
          refresh_token: session.refresh_token,
          redirect_path: redirectPath,
        });
        // Tokens travel in the fragment, which browsers never send to a server or write to its logs.
        return reply.redirect(`${appUrl}/auth/callback#${fragment.toString()}`);
      } catch (error) {
        request.log.warn({ err: error }, 'OIDC sign-in failed');
        const message = error instanceof AppError ? error.message : 'api.auth.googleFailed';
        return reply.redirect(callbackError(request, message));
      }
    },
  );
};

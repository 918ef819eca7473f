import { generate } from 'otplib';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_MESSAGES, type TokenResponse } from '@fundry/shared';
import { createUser, DEFAULT_TEST_PASSWORD } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { databaseKinds } from '../../test/databases';
import { codeIn, linkIn, type MailCatcher, startMailCatcher } from '../../test/mail-catcher';
import { inEnglish } from '../../test/i18n';

const STRONG = 'Blue-Canoe-42!';

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let ctx: TestContext;
  let mailbox: MailCatcher;
  const responses: string[] = [];

  beforeAll(async () => {
    mailbox = await startMailCatcher();
    ctx = await createTestApp(
      kind,
      { SMTP_URL: mailbox.url, APP_URL: 'http://fundry.test', PAYMENTS_PROVIDER: 'sandbox' },
      (app) => {
        app.addHook('onSend', async (_request, _reply, payload) => {
          if (typeof payload === 'string') responses.push(payload);
          return payload;
        });
      },
    );
  });
  afterAll(async () => {
    await ctx.close();
    await mailbox.close();
  });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload, headers });
  const login = (email: string, password: string) => post('auth/login', { email, password });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('register and verify', () => {
    it('registers (201), refuses sign-in until the mailed link is opened, then signs in', async () => {
      const email = `new-${kind}@example.test`;
      const register = await post('auth/register', {
        username: `new_${kind}`,
        email,
        password: STRONG,
        full_name: 'Ada New',
      });
      expect(register.statusCode).toBe(201);
      expect(register.json()).toMatchObject({
        message: inEnglish(AUTH_MESSAGES.registered),
        data: { user: { email } },
      });

      const refused = await login(email, STRONG);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'EMAIL_NOT_VERIFIED',
        message: inEnglish(AUTH_MESSAGES.emailNotVerified),
      });

      const mail = await mailbox.waitFor((m) => m.to === email && m.subject.includes('Confirm'));
      expect(mail.html).toContain('Confirm e-mail address');
      const link = new URL(linkIn(mail, 'http://fundry.test/api/v1/auth/verify-email'));
      const verified = await ctx.app.inject(link.pathname + link.search);
      expect(verified.statusCode).toBe(302);
      expect(verified.headers.location).toMatch(
        /^http:\/\/fundry\.test\/verify-email\?status=success&message=/,
      );

      const again = await ctx.app.inject(link.pathname + link.search);
      expect(again.headers.location).toContain('status=error');

      const signedIn = await login(email.toUpperCase(), STRONG);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({
        token_type: 'Bearer',
        data: { user: { email, roles: ['User'] } },
      });
    });

    it('writes the verification page’s message in the language of the browser that opened the link', async () => {
      const messageOf = async (url: string, headers: Record<string, string> = {}) => {
        const response = await ctx.app.inject({ url, headers });
        expect(response.statusCode).toBe(302);
        return new URL(response.headers.location as string).searchParams.get('message');
      };
      expect(await messageOf('/api/v1/auth/verify-email')).toBe('The verification link is incomplete.');
      expect(await messageOf('/api/v1/auth/verify-email', { 'accept-language': 'de-DE,de;q=0.9' })).toBe(
        'Der Bestätigungslink ist unvollständig.',
      );
      expect(
        await messageOf('/api/v1/auth/verify-email?token=not-a-token&lang=es', {
          cookie: 'fundry_locale=ar',
        }),
      ).toBe('Este enlace de verificación no es válido o ha caducado. Solicita uno nuevo.');
    });

    it('resends the verification mail on request', async () => {
      const user = await createUser(ctx.database.db, { verified: false });
      const response = await post('auth/resend-verification', { email: user.email });
      expect(response.json()).toEqual({ message: inEnglish(AUTH_MESSAGES.verificationSent) });
      await mailbox.waitFor((m) => m.to === user.email && m.subject.includes('Confirm'));
    });

    it('refuses duplicates, weak and common passwords, and unknown fields', async () => {
      const existing = await createUser(ctx.database.db);
      const dup = await post('auth/register', {
        username: 'other_name',
        email: existing.email,
        password: STRONG,
        full_name: 'X',
      });
      expect(dup.statusCode).toBe(409);
      const dupName = await post('auth/register', {
        username: existing.username,
        email: 'x@example.test',
        password: STRONG,
        full_name: 'X',
      });
      expect(dupName.statusCode).toBe(409);

      const weak = await post('auth/register', {
        username: 'weakling',
        email: 'weak@example.test',
        password: 'abc',
        full_name: 'W',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().details.password).toEqual([
        inEnglish(PASSWORD_MESSAGES.length),
        inEnglish(PASSWORD_MESSAGES.uppercase),
        inEnglish(PASSWORD_MESSAGES.number),
        inEnglish(PASSWORD_MESSAGES.special),
      ]);
      const common = await post('auth/register', {
        username: 'commoner',
        email: 'c@example.test',
        password: 'Password123!',
        full_name: 'C',
      });
      expect(common.json().details.password).toEqual([inEnglish(PASSWORD_MESSAGES.common)]);

      const smuggled = await post('auth/register', {
        username: 'sneaky',
        email: 's@example.test',
        password: STRONG,
        full_name: 'S',
        roles: ['Admin'],
      });
      expect(smuggled.statusCode).toBe(400);
      expect(smuggled.json().message).toBe('Unknown field: roles');
    });
  });

  describe('sign-in and sessions', () => {
    it('answers a wrong password and an unknown address with the same 401', async () => {
      const user = await createUser(ctx.database.db);
      const wrong = await login(user.email, 'Not-The-Password1!');
      const unknown = await login('nobody@example.test', 'Not-The-Password1!');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'UNAUTHORIZED', message: 'Invalid email or password' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('rotates refresh tokens and revokes the family when an old one is reused', async () => {
      const { tokens } = await signedInUser(ctx);
      const first = await post('auth/refresh', {}, bearer(tokens.refresh_token));
      expect(first.statusCode).toBe(200);
      const rotated = first.json<TokenResponse>();
      expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
      expect(
        (await ctx.app.inject({ url: '/api/v1/profile/', headers: bearer(rotated.access_token) })).statusCode,
      ).toBe(200);

      const reuse = await post('auth/refresh', {}, bearer(tokens.refresh_token));
      expect(reuse.statusCode).toBe(401);
      // The whole family is gone: the newest token no longer works either.
      expect((await post('auth/refresh', {}, bearer(rotated.refresh_token))).statusCode).toBe(401);
    });

    it('logs out server-side', async () => {
      const { tokens, headers } = await signedInUser(ctx);
      const out = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers });
      expect(out.json()).toEqual({ message: inEnglish(AUTH_MESSAGES.signedOut) });
      expect((await post('auth/refresh', {}, bearer(tokens.refresh_token))).statusCode).toBe(401);
    });

    it('refuses tokens signed with another key, with alg none, or of another type', async () => {
      const { user, tokens } = await signedInUser(ctx);
      const forged = await new SignJWT({ roles: ['Admin'], permissions: [], sid: 'x' })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(String(user.id))
        .setIssuer('fundry')
        .setAudience('fundry-api')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
      const [header, payload] = tokens.access_token.split('.');
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
      for (const token of [forged, unsigned, `${header}.${payload}.bad-signature`, tokens.refresh_token]) {
        const response = await ctx.app.inject({ url: '/api/v1/profile/', headers: bearer(token) });
        expect(response.statusCode).toBe(401);
      }
      expect((await ctx.app.inject('/api/v1/profile/')).statusCode).toBe(401);
    });
  });

  describe('password reset and change', () => {
    it('answers the same for unknown addresses and resets through the mailed single-use link', async () => {
      const unknown = await post('auth/password-reset-request', { email: 'ghost@example.test' });
      const { user, tokens } = await signedInUser(ctx);
      const known = await post('auth/password-reset-request', { email: user.email });
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json()).toEqual({ message: inEnglish(AUTH_MESSAGES.resetRequested) });

      const mail = await mailbox.waitFor((m) => m.to === user.email && m.subject.includes('Reset'));
      const token = linkIn(mail, 'http://fundry.test/password-reset/').split('/').pop()!;

      const weak = await post(`auth/password-reset/${token}`, { password: 'weakpass' });
      expect(weak.statusCode).toBe(422);
      expect(weak.json().details.password).toContain(inEnglish(PASSWORD_MESSAGES.uppercase));

      const done = await post(`auth/password-reset/${token}`, { password: STRONG });
      expect(done.json()).toEqual({ message: inEnglish(AUTH_MESSAGES.resetDone) });
      const reused = await post(`auth/password-reset/${token}`, { password: 'Another-Pass-9!' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({
        error: 'INVALID_TOKEN',
        message: inEnglish(AUTH_MESSAGES.resetLinkInvalid),
      });

      // Every session of the account was revoked, and only the new password works.
      expect((await post('auth/refresh', {}, bearer(tokens.refresh_token))).statusCode).toBe(401);
      expect((await login(user.email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login(user.email, STRONG)).statusCode).toBe(200);
    });

    it('refuses an expired reset link', async () => {
      const user = await createUser(ctx.database.db);
      await post('auth/password-reset-request', { email: user.email });
      const mail = await mailbox.waitFor((m) => m.to === user.email && m.subject.includes('Reset'));
      const token = linkIn(mail, 'http://fundry.test/password-reset/').split('/').pop()!;
      await ctx.database.db
        .updateTable('user_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', user.id)
        .execute();
      const response = await post(`auth/password-reset/${token}`, { password: STRONG });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('INVALID_TOKEN');
    });

    it('changes the password only with the current one', async () => {
      const { user, headers } = await signedInUser(ctx);
      const wrong = await post(
        'auth/change-password',
        { current_password: 'nope', new_password: STRONG },
        headers,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details).toEqual({
        current_password: [inEnglish(AUTH_MESSAGES.currentPasswordWrong)],
      });
      const ok = await post(
        'auth/change-password',
        { current_password: user.password, new_password: STRONG },
        headers,
      );
      expect(ok.json()).toEqual({ message: inEnglish(AUTH_MESSAGES.passwordChanged) });
      expect((await login(user.email, STRONG)).statusCode).toBe(200);
    });
  });

  describe('two-factor', () => {
    it('sets up with a mailed code and a QR code, then signs in with a TOTP code accepted once', async () => {
      const { user, headers } = await signedInUser(ctx);
      const status = () => ctx.app.inject({ url: '/api/v1/auth/2fa/status', headers });
      expect((await status()).json()).toEqual({ data: { is_enabled: false } });

      expect((await post('auth/2fa/initiate-setup', undefined, headers)).json()).toEqual({
        message: inEnglish(AUTH_MESSAGES.twoFactorCodeSent),
      });
      const mail = await mailbox.waitFor(
        (m) => m.to === user.email && m.subject.includes('verification code'),
      );
      const mailedCode = codeIn(mail);

      const badCode = await post(
        'auth/2fa/complete-setup',
        { verification_code: mailedCode === '000000' ? '111111' : '000000' },
        headers,
      );
      expect(badCode.statusCode).toBe(400);
      expect(badCode.json().message).toBe(inEnglish(AUTH_MESSAGES.invalidVerificationCode));

      const setup = await post('auth/2fa/complete-setup', { verification_code: mailedCode }, headers);
      expect(setup.statusCode).toBe(200);
      const { qr_code, secret } = setup.json<{ data: { qr_code: string; secret: string } }>().data;
      expect(qr_code).toMatch(/^data:image\/png;base64,/);
      expect((await status()).json()).toEqual({ data: { is_enabled: false } });

      const wrongApp = await post('auth/2fa/verify', { code: '000000' }, headers);
      expect([wrongApp.statusCode, wrongApp.json().message]).toEqual([
        400,
        inEnglish(AUTH_MESSAGES.invalid2faCode),
      ]);
      const enableCode = await generate({ secret });
      const enable = await post('auth/2fa/verify', { code: enableCode }, headers);
      expect(enable.json()).toEqual({
        message: inEnglish(AUTH_MESSAGES.twoFactorEnabled),
        data: { is_enabled: true },
      });
      expect((await status()).json()).toEqual({ data: { is_enabled: true } });

      const challenge = await login(user.email, user.password);
      expect(challenge.json()).toMatchObject({
        two_factor_required: true,
        message: 'Enter the 6-digit code from your authenticator app.',
      });
      const inArabic = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'accept-language': 'ar' },
        payload: { email: user.email, password: user.password },
      });
      expect(inArabic.json()).toMatchObject({
        two_factor_required: true,
        message: 'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة.',
      });
      const challengeToken = challenge.json<{ challenge_token: string }>().challenge_token;
      // The challenge is not an access token.
      expect(
        (await ctx.app.inject({ url: '/api/v1/profile/', headers: bearer(challengeToken) })).statusCode,
      ).toBe(401);

      // The code used to enable is spent; wait for the next step to sign in.
      const replay = await post('auth/2fa/verify', { code: enableCode, challenge_token: challengeToken });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toBe(inEnglish(AUTH_MESSAGES.invalid2faCode));
      const nextStep = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      const finish = await post('auth/2fa/verify', { code: nextStep, challenge_token: challengeToken });
      expect(finish.statusCode).toBe(200);
      expect(finish.json()).toHaveProperty('access_token');
      const replayAgain = await post('auth/2fa/verify', { code: nextStep, challenge_token: challengeToken });
      expect(replayAgain.statusCode).toBe(401);

      const off = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/auth/2fa/revoke', headers });
      expect(off.json()).toEqual({ message: inEnglish(AUTH_MESSAGES.twoFactorDisabled) });
      expect((await login(user.email, user.password)).json()).toHaveProperty('access_token');
    });
  });

  describe('roles and permissions', () => {
    it('lets a user read their own permissions, an admin anyone’s, and no one else', async () => {
      const alice = await signedInUser(ctx);
      const bob = await signedInUser(ctx);
      const admin = await signedInUser(ctx, { admin: true });
      const read = (id: number, headers: Record<string, string>) =>
        ctx.app.inject({ url: `/api/v1/role-permissions/${id}/permissions`, headers });

      const own = await read(alice.user.id, alice.headers);
      expect(own.json()).toEqual({
        data: {
          roles: ['User'],
          permissions: ['back_project', 'create_project', 'create_reward', 'save_project'],
        },
      });
      expect((await read(alice.user.id, bob.headers)).statusCode).toBe(403);
      expect((await read(alice.user.id, admin.headers)).statusCode).toBe(200);
      expect((await ctx.app.inject(`/api/v1/role-permissions/${alice.user.id}/permissions`)).statusCode).toBe(
        401,
      );
      expect(admin.tokens.data.user.roles).toEqual(['Admin', 'User']);
      const adminPermissions = (await read(admin.user.id, admin.headers)).json().data.permissions;
      expect(adminPermissions).toContain('activate_project');
    });
  });

  it('never sends a password hash, a token hash or a stored TOTP secret', () => {
    const everything = responses.join('\n');
    expect(everything).not.toContain('$argon2');
    expect(everything).not.toMatch(/password_hash|token_hash|totp_secret|totp_pending_secret/);
  });
});

describe('rate limits on sign-in', () => {
  it('answers 429 with Retry-After past the limit, saying how long to wait in the caller’s language', async () => {
    const ctx = await createTestApp('pglite', { RATE_LIMITS: 'on' });
    try {
      const attempt = (headers: Record<string, string> = {}) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers,
          payload: { email: 'x@example.test', password: 'nope' },
        });
      for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
      // The wait is what is left of the window: a whole minute when it is answered at once, seconds on a slow host.
      const saysWait = (response: Awaited<ReturnType<typeof attempt>>, minute: string, seconds: string) => {
        const wait = Number(response.headers['retry-after']);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(60);
        expect(response.statusCode).toBe(429);
        expect(response.json()).toEqual({
          error: 'RATE_LIMITED',
          message: wait === 60 ? minute : seconds.replace('#', String(wait)),
        });
      };
      saysWait(
        await attempt(),
        'Too many requests. Please try again in 1 minute.',
        'Too many requests. Please try again in # seconds.',
      );
      saysWait(
        await attempt({ 'accept-language': 'de' }),
        'Zu viele Anfragen. Bitte versuchen Sie es in 1 Minute erneut.',
        'Zu viele Anfragen. Bitte versuchen Sie es in # Sekunden erneut.',
      );
    } finally {
      await ctx.close();
    }
  });
});

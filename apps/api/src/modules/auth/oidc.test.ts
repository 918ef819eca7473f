import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { startOidcProvider, signInAtProvider } from '../../test/oidc-provider';

const APP_URL = 'http://fundry.test';

describe('sign-in with an OpenID Connect provider', () => {
  let ctx: TestContext;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;

  beforeAll(async () => {
    provider = await startOidcProvider(`${APP_URL}/api/v1/auth/google/callback`, {
      'new-person': { email: 'newcomer@example.test', email_verified: true, name: 'New Comer' },
      existing: { email: 'linked@example.test', email_verified: true, name: 'Linked Person' },
      unverified: { email: 'unverified@example.test', email_verified: false, name: 'Not Verified' },
    });
    ctx = await createTestApp('pglite', {
      APP_URL,
      PAYMENTS_PROVIDER: 'sandbox',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  /** The whole browser round trip; returns where the app finally sends the browser. */
  async function signIn(login: string, redirectPath = '/profile') {
    const start = await ctx.app.inject(
      `/api/v1/auth/google/login?redirect_path=${encodeURIComponent(redirectPath)}`,
    );
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const back = await signInAtProvider(authorize.toString(), login);
    expect(back.origin + back.pathname).toBe(`${APP_URL}/api/v1/auth/google/callback`);
    const callback = await ctx.app.inject(back.pathname + back.search);
    expect(callback.statusCode).toBe(302);
    return new URL(String(callback.headers.location));
  }

  it('reports the provider as configured', async () => {
    expect((await ctx.app.inject('/api/v1/auth/providers')).json()).toEqual({ data: { google: true } });
  });

  it('creates an account, returning the tokens in the fragment and where to go', async () => {
    const landing = await signIn('new-person', '/profile');
    expect(landing.pathname).toBe('/auth/callback');
    expect(landing.search).toBe('');
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('redirect_path')).toBe('/profile');
    const profile = await ctx.app.inject({
      url: '/api/v1/profile/',
      headers: { authorization: `Bearer ${fragment.get('access_token')}` },
    });
    expect(profile.json()).toMatchObject({
      data: { user: { email: 'newcomer@example.test', full_name: 'New Comer' } },
    });

    // The second time, the same account is found by its subject.
    const again = new URLSearchParams((await signIn('new-person')).hash.slice(1));
    const same = await ctx.app.inject({
      url: '/api/v1/profile/',
      headers: { authorization: `Bearer ${again.get('access_token')}` },
    });
    expect(same.json().data.user.id).toBe(profile.json().data.user.id);
  });

  it('links to an existing account with the same verified e-mail', async () => {
    const existing = await createUser(ctx.database.db, { email: 'linked@example.test', verified: false });
    const fragment = new URLSearchParams((await signIn('existing')).hash.slice(1));
    const profile = await ctx.app.inject({
      url: '/api/v1/profile/',
      headers: { authorization: `Bearer ${fragment.get('access_token')}` },
    });
    expect(profile.json().data.user.id).toBe(existing.id);
  });

  it('refuses an identity without a verified e-mail, and a replayed or forged state', async () => {
    const refused = await signIn('unverified');
    expect(refused.pathname).toBe('/auth/callback');
    expect(refused.searchParams.get('error')).toBe('Your Google account has no verified e-mail address');

    const forged = await ctx.app.inject('/api/v1/auth/google/callback?code=abc&state=not-ours');
    expect(new URL(String(forged.headers.location)).searchParams.get('error')).toBe(
      'The sign-in attempt expired. Please try again.',
    );
    const denied = await ctx.app.inject('/api/v1/auth/google/callback?error=access_denied');
    expect(new URL(String(denied.headers.location)).searchParams.get('error')).toBe('access_denied');
  });

  it('never redirects outside the app after sign-in', async () => {
    const landing = await signIn('new-person', '//evil.example/steal');
    expect(new URLSearchParams(landing.hash.slice(1)).get('redirect_path')).toBe('/dashboard');
  });
});

describe('sign-in with a provider that is not configured', () => {
  it('says so instead of failing', async () => {
    const ctx = await createTestApp('pglite');
    try {
      expect((await ctx.app.inject('/api/v1/auth/providers')).json()).toEqual({ data: { google: false } });
      const start = await ctx.app.inject('/api/v1/auth/google/login');
      expect(new URL(String(start.headers.location)).searchParams.get('error')).toBe(
        'Google sign-in is not configured on this server',
      );
    } finally {
      await ctx.close();
    }
  });
});

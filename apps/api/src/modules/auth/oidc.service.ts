import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import type { DB, User } from '../../db/schema';
import { AppError } from '../../errors';
import { findUserByEmail, findUserByOidcSubject, insertUser, updateUser } from '../users/users.repository';
import { insertOidcLogin, takeOidcLogin } from './auth.repository';

const LOGIN_TTL_MS = 10 * 60 * 1000;

export interface OidcSettings {
  issuer: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
  appUrl: string;
}

/** Only relative paths inside the app are accepted as where to go after sign-in (no open redirects). */
export function safeRedirectPath(path: string | undefined): string {
  return path && /^\/(?!\/)[^\s\\]*$/.test(path) ? path : '/dashboard';
}

/**
 * Third-party sign-in: authorisation-code flow with PKCE, state and nonce (openid-client), against any
 * issuer. The state, nonce and verifier wait in the database, so any instance can finish the flow.
 */
export class OidcService {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly settings: OidcSettings,
  ) {}

  get enabled() {
    return Boolean(this.settings.clientId);
  }

  get callbackUrl() {
    return `${this.settings.appUrl}/api/v1/auth/google/callback`;
  }

  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    if (!clientId) throw new AppError('SERVICE_UNAVAILABLE', 'api.auth.googleNotConfigured');
    const url = new URL(issuer);
    // Plain http is allowed only for an issuer on this machine (a local identity provider in tests).
    const local = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    this.configuration ??= client
      .discovery(
        url,
        clientId,
        clientSecret,
        undefined,
        local ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async authorizationUrl(redirectPath: string | undefined): Promise<string> {
    const config = await this.discover();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await insertOidcLogin(this.db, {
      state,
      nonce,
      code_verifier: codeVerifier,
      redirect_path: safeRedirectPath(redirectPath),
      expires_at: new Date(Date.now() + LOGIN_TTL_MS),
    });
    return client
      .buildAuthorizationUrl(config, {
        redirect_uri: this.callbackUrl,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /** Exchanges the code, checks state, nonce and PKCE, and finds, links or creates the account. */
  async finish(callbackUrl: URL): Promise<{ user: User; redirectPath: string }> {
    const state = callbackUrl.searchParams.get('state');
    const pending = state ? await takeOidcLogin(this.db, state) : undefined;
    if (!pending) throw new AppError('VALIDATION_ERROR', 'api.auth.googleAttemptExpired');
    const config = await this.discover();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.code_verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new AppError('VALIDATION_ERROR', 'api.auth.noIdentity');
    // Some issuers put e-mail and name only in the userinfo response, not in the ID token.
    const claims =
      typeof idToken.email === 'string'
        ? idToken
        : await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    const user = await this.linkAccount({
      subject: idToken.sub,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    });
    return { user, redirectPath: pending.redirect_path };
  }

  private async linkAccount(identity: {
    subject: string;
    email?: string;
    emailVerified: boolean;
    name?: string;
  }) {
    const issuer = this.settings.issuer;
    const linked = await findUserByOidcSubject(this.db, issuer, identity.subject);
    if (linked) return linked;
    if (!identity.email || !identity.emailVerified) {
      throw new AppError('VALIDATION_ERROR', 'api.auth.googleEmailUnverified');
    }
    const existing = await findUserByEmail(this.db, identity.email);
    if (existing) {
      return updateUser(this.db, existing.id, {
        oidc_issuer: issuer,
        oidc_subject: identity.subject,
        email_verified_at: existing.email_verified_at ?? new Date(),
      });
    }
    const base =
      identity.email
        .split('@')[0]
        ?.replace(/[^A-Za-z0-9_.-]/g, '')
        .slice(0, 20) || 'member';
    return insertUser(this.db, {
      username: `${base}-${randomBytes(3).toString('hex')}`,
      email: identity.email,
      full_name: identity.name?.trim() || base,
      password_hash: null,
      email_verified_at: new Date(),
      oidc_issuer: issuer,
      oidc_subject: identity.subject,
    });
  }
}

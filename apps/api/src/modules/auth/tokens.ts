import { createHash, randomBytes, randomInt } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'fundry';
const AUDIENCE = 'fundry-api';
const ALGORITHM = 'HS256';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const CHALLENGE_TTL_SECONDS = 5 * 60;
/** Verified access tokens remembered at most (a few MB); the oldest is forgotten first. */
const VERIFIED_ACCESS_TOKENS = 10_000;

export interface AccessClaims {
  userId: number;
  roles: string[];
  permissions: string[];
  /** The refresh-token family this access token belongs to, so logout can end that session. */
  sessionId: string;
  /** The language the person chose, for API answers to a call that names none (DESIGN.md §14). */
  locale?: string | undefined;
}

export const isAdmin = (caller: AccessClaims | null) => Boolean(caller?.roles.includes('Admin'));

/** Random secrets for refresh tokens and mailed links; only their SHA-256 is stored. */
export const randomToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Signs and checks the JWTs: the algorithm, issuer, audience and type are pinned on both sides. */
export class TokenSigner {
  private readonly key: Uint8Array;
  /**
   * Access tokens already verified, with their claims, until they expire. A client sends the same token with every
   * request for up to 15 minutes, and its signature check (a WebCrypto job) was the dearest step of a cheap signed-in
   * read. The key is the whole token, signature included: only the exact text once verified is answered from here.
   */
  private readonly verifiedAccess = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({
      roles: claims.roles,
      permissions: claims.permissions,
      sid: claims.sessionId,
      ...(claims.locale ? { lng: claims.locale } : {}),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'at+jwt' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.verifiedAccess.get(token);
    if (known) {
      // The same rule as jose's: a token is expired from its `exp` second on.
      if (known.expiresAt > Math.floor(Date.now() / 1000)) return known.claims;
      this.verifiedAccess.delete(token);
      return null;
    }
    const payload = await this.verify(token, 'at+jwt');
    if (!payload) return null;
    const { sub, roles, permissions, sid, lng, exp } = payload;
    const userId = Number(sub);
    if (
      !Number.isInteger(userId) ||
      !Array.isArray(roles) ||
      !Array.isArray(permissions) ||
      typeof sid !== 'string'
    ) {
      return null;
    }
    const claims: AccessClaims = {
      userId,
      roles: roles.map(String),
      permissions: permissions.map(String),
      sessionId: sid,
      ...(typeof lng === 'string' ? { locale: lng } : {}),
    };
    if (exp !== undefined) this.rememberVerified(token, claims, exp);
    return claims;
  }

  /** Claims are shared by every request carrying the token, and only read. */
  private rememberVerified(token: string, claims: AccessClaims, expiresAt: number) {
    if (this.verifiedAccess.size >= VERIFIED_ACCESS_TOKENS) {
      const oldest = this.verifiedAccess.keys().next().value;
      if (oldest !== undefined) this.verifiedAccess.delete(oldest);
    }
    this.verifiedAccess.set(token, { claims, expiresAt });
  }

  /** A short-lived proof that the password was right, exchanged for tokens with a TOTP code. */
  signChallenge(userId: number): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: '2fa-challenge+jwt' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verifyChallenge(token: string): Promise<number | null> {
    const payload = await this.verify(token, '2fa-challenge+jwt');
    const userId = Number(payload?.sub);
    return Number.isInteger(userId) && userId > 0 ? userId : null;
  }

  private async verify(token: string, typ: string) {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ,
      });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

import { createHash, randomBytes, randomInt } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'fundry';
const AUDIENCE = 'fundry-api';
const ALGORITHM = 'HS256';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface AccessClaims {
  userId: number;
  roles: string[];
  permissions: string[];
  /** The refresh-token family this access token belongs to, so logout can end that session. */
  sessionId: string;
}

/** Random secrets for refresh tokens and mailed links; only their SHA-256 is stored. */
export const randomToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Signs and checks the JWTs: the algorithm, issuer, audience and type are pinned on both sides. */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ roles: claims.roles, permissions: claims.permissions, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'at+jwt' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const payload = await this.verify(token, 'at+jwt');
    if (!payload) return null;
    const { sub, roles, permissions, sid } = payload;
    const userId = Number(sub);
    if (
      !Number.isInteger(userId) ||
      !Array.isArray(roles) ||
      !Array.isArray(permissions) ||
      typeof sid !== 'string'
    ) {
      return null;
    }
    return { userId, roles: roles.map(String), permissions: permissions.map(String), sessionId: sid };
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

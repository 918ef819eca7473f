import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthorized } from '../../errors';
import type { SuspendedAccounts } from './suspended-accounts';
import type { AccessClaims, TokenSigner } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's verified access-token claims, or null for an anonymous request. */
    auth: AccessClaims | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid access token is required (401 otherwise), checked before the body is. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: an access token is read when present; a bad one is still a 401. */
    optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in caller; for handlers behind `requireUser`. */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

async function authenticatePlugin(
  app: FastifyInstance,
  { tokens, suspended }: { tokens: TokenSigner; suspended: SuspendedAccounts },
) {
  app.decorateRequest('auth', null);

  const readToken = async (request: FastifyRequest, required: boolean) => {
    const token = bearerToken(request);
    if (!token) {
      if (required) throw unauthorized();
      return;
    }
    const claims = await tokens.verifyAccess(token);
    if (!claims) throw new AppError('UNAUTHORIZED', 'api.auth.sessionExpired');
    // A token issued before its account was suspended is refused from the moment this instance knows (DESIGN.md §18).
    if (suspended.has(claims.userId)) throw new AppError('ACCOUNT_SUSPENDED', 'api.sanctions.suspended');
    request.auth = claims;
  };

  app.decorate('requireUser', (request: FastifyRequest) => readToken(request, true));
  app.decorate('optionalUser', (request: FastifyRequest) => readToken(request, false));
}

export const authenticate = fp(authenticatePlugin, { name: 'fundry-authenticate' });

import type { TokenResponse } from '@fundry/shared';
import { createUser, type UserFactoryInput } from '../db/seed/factories';
import type { TestContext } from './app';

/** A verified user signed in through the real login route. */
export async function signedInUser(ctx: TestContext, input: UserFactoryInput = {}) {
  const user = await createUser(ctx.database.db, input);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const tokens = response.json<TokenResponse>();
  return { user, tokens, headers: { authorization: `Bearer ${tokens.access_token}` } };
}

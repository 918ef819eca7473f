import { expect } from 'vitest';
import type { AdminUserRecord } from '@fundry/shared';
import type { TestContext } from '../../test/app';
import type { signedInUser } from '../../test/auth-helpers';

export type User = Awaited<ReturnType<typeof signedInUser>>;

/** The API as a test calls it: `/api/v1/` and the path, with the caller's headers and a JSON body. */
export function apiOf(ctx: () => TestContext) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => ctx().app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
}

/** A week from now: a silence's end. */
export const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

/** The admin's sanction calls, each expected to succeed. */
export function sanctionsBy(ctx: () => TestContext, admin: () => User) {
  const api = apiOf(ctx);
  const expectOk = async (response: Awaited<ReturnType<typeof api>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: AdminUserRecord }>().data;
  };
  return {
    silence: async (target: User, until = nextWeek(), reason = 'spam') =>
      expectOk(
        await api('POST', `admin/users/${target.user.id}/silence`, admin().headers, {
          until,
          reason,
          message: 'Please stop posting the same link everywhere.',
        }),
      ),
    suspend: async (target: User, reason = 'fraud') =>
      expectOk(
        await api('POST', `admin/users/${target.user.id}/suspend`, admin().headers, {
          reason,
          message: 'Your pledges used stolen cards.',
        }),
      ),
    reinstate: async (target: User) =>
      expectOk(await api('POST', `admin/users/${target.user.id}/reinstate`, admin().headers)),
  };
}

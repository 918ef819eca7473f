import { vi } from 'vitest';
import { API_BASE_PATH, type UserProfile } from '@fundry/shared';
import type { ServerTransport } from '@/lib/api-client';

export interface ApiCall {
  method: string;
  /** Relative to the API base, without the query string: `auth/login`. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, the FormData, or undefined. */
  body: unknown;
  authorization: string | null;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

/** A reply, or a function of the call giving one (it may throw, e.g. a TimeoutError, to fail the fetch). */
export type Responder = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/**
 * Stubs fetch with a tiny API: routes are keyed `METHOD path` (`'POST auth/login'`). Anything not routed
 * answers 404. Returns the list of calls made, in order. Undo with vi.unstubAllGlobals().
 */
export function mockApi(routes: Record<string, Responder>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, window.location.origin);
      const path = url.pathname.slice(API_BASE_PATH.length + 1);
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      const call: ApiCall = {
        method,
        path,
        query: url.searchParams,
        body,
        authorization: new Headers(init.headers).get('Authorization'),
      };
      calls.push(call);
      const responder = routes[`${method} ${path}`];
      const reply: Reply = !responder
        ? { status: 404, body: { error: 'NOT_FOUND', message: `No route for ${method} ${path}` } }
        : typeof responder === 'function'
          ? await responder(call)
          : responder;
      const status = reply.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const apiError = (
  status: number,
  error: string,
  message: string,
  details?: Record<string, string[]>,
) => ({
  status,
  body: { error, message, ...(details ? { details } : {}) },
});

export const testUser: UserProfile = {
  id: 7,
  username: 'ada',
  full_name: 'Ada Lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  location: 'London',
  bio: null,
  website: null,
  twitter: null,
  profile_image: null,
  roles: ['User'],
  projects_created_count: 2,
  backed_projects_count: 5,
  total_donations: 1234.5,
  total_raised: 4321,
  currency: 'USD',
  approximate: false,
  created_at: '2024-03-01T10:00:00.000Z',
  followers_count: 0,
  locale: null,
};

export const tokenReply = (access = 'access-token', refresh = 'refresh-token'): Reply => ({
  body: {
    access_token: access,
    refresh_token: refresh,
    token_type: 'Bearer',
    expires_in: 900,
    data: {
      user: { id: 7, username: 'ada', email: 'ada@example.com', full_name: 'Ada Lovelace', roles: ['User'] },
    },
  },
});

/**
 * A server render's transport (entry-server.tsx) whose reads `answer` answers, as the API would, by address; it
 * hands the render the answer's status and bytes, as the server does.
 */
export function serverTransport(answer: (url: string) => Response | Promise<Response>): ServerTransport {
  return {
    origin: 'http://fundry.test',
    read: async (url) => {
      const response = await answer(url);
      return { status: response.status, body: await response.arrayBuffer() };
    },
  };
}

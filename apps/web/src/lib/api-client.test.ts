import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setSessionExpiredHandler } from './api-client';
import { authStorage } from './auth-storage';

type Handler = (url: string, init: RequestInit) => Response;

function serve(handler: Handler) {
  const calls: { url: string; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const auth = new Headers(init.headers).get('Authorization');
      calls.push({ url, auth });
      return Promise.resolve(handler(url, init));
    }),
  );
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiRequest', () => {
  const expired = vi.fn();
  beforeEach(() => setSessionExpiredHandler(expired));
  afterEach(() => {
    vi.unstubAllGlobals();
    expired.mockReset();
  });

  it('attaches the stored access token', async () => {
    authStorage.setTokens('access-1', 'refresh-1');
    const calls = serve(() => json(200, { data: 1 }));
    await expect(apiRequest('profile/')).resolves.toEqual({ data: 1 });
    expect(calls).toEqual([{ url: '/api/v1/profile/', auth: 'Bearer access-1' }]);
  });

  it('refreshes once on a 401, stores the new tokens and retries once', async () => {
    authStorage.setTokens('old', 'refresh-1');
    const calls = serve((url, init) => {
      if (url.endsWith('auth/refresh')) return json(200, { access_token: 'new', refresh_token: 'refresh-2' });
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer new'
        ? json(200, { data: 'ok' })
        : json(401, { error: 'UNAUTHORIZED', message: 'expired' });
    });
    await expect(apiRequest('profile/')).resolves.toEqual({ data: 'ok' });
    expect(calls.map((c) => [c.url, c.auth])).toEqual([
      ['/api/v1/profile/', 'Bearer old'],
      ['/api/v1/auth/refresh', 'Bearer refresh-1'],
      ['/api/v1/profile/', 'Bearer new'],
    ]);
    expect(authStorage.getAccessToken()).toBe('new');
    expect(authStorage.getRefreshToken()).toBe('refresh-2');
  });

  it('clears both tokens and sends the person to sign in when the refresh fails', async () => {
    authStorage.setTokens('old', 'refresh-1');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve(() => json(401, { error: 'UNAUTHORIZED', message: 'Session expired' }));
    await expect(apiRequest('profile/')).rejects.toMatchObject({ status: 401, message: 'Session expired' });
    expect(authStorage.getAccessToken()).toBeNull();
    expect(authStorage.getRefreshToken()).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('retries at most once: a second 401 after a good refresh signs out', async () => {
    authStorage.setTokens('old', 'refresh-1');
    const calls = serve((url) =>
      url.endsWith('auth/refresh')
        ? json(200, { access_token: 'new' })
        : json(401, { error: 'UNAUTHORIZED', message: 'no' }),
    );
    await expect(apiRequest('profile/')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(3);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('sends an anonymous credential check without the token, so a 401 never signs anyone out', async () => {
    authStorage.setTokens('stale', 'refresh-1');
    const calls = serve(() => json(401, { error: 'UNAUTHORIZED', message: 'Invalid email or password' }));
    await expect(
      apiRequest('auth/login', { method: 'POST', body: {}, anonymous: true }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(calls).toEqual([{ url: '/api/v1/auth/login', auth: null }]);
    expect(authStorage.getAccessToken()).toBe('stale');
    expect(expired).not.toHaveBeenCalled();
  });

  it('passes a 401 through when no one is signed in (e.g. a wrong password)', async () => {
    serve(() => json(401, { error: 'UNAUTHORIZED', message: 'Invalid email or password' }));
    await expect(apiRequest('auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(expired).not.toHaveBeenCalled();
  });

  it('reports a missing response with the SPEC message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('categories/')).rejects.toMatchObject({
      status: 0,
      message: 'No response received from server. Please check your internet connection.',
    });
  });

  it('sends repeated query parameters and skips empty ones', async () => {
    const calls = serve(() => json(200, {}));
    await apiRequest('projects/', { query: { category: [1, 2], search: '', page: 2 } });
    expect(calls[0]?.url).toBe('/api/v1/projects/?category=1&category=2&page=2');
  });
});

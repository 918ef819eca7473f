import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app';
import { databaseKinds } from './test/databases';

const LISTED = 'http://partner.example:8080';
const UNLISTED = 'http://elsewhere.example';
/** Every method the web client may send (apps/web/src/lib/api-client.ts), and the preflight's own. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** What a signed-in call carries that is not on the browser's safelist. */
const REQUEST_HEADERS = ['authorization', 'content-type'];

const list = (value: string | null) => (value ?? '').toLowerCase().split(/,\s*/).filter(Boolean);

describe.each(databaseKinds)('cross-origin requests (%s)', (kind) => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { CORS_ORIGINS: `https://other.example, ${LISTED}` });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx.close());

  /** What a browser asks before a signed-in call of `method` from a page of `origin`. */
  const preflight = (origin: string, method: string) =>
    fetch(`${base}/api/v1/profile`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': REQUEST_HEADERS.join(','),
      },
    });

  it.each(METHODS)('lets a listed origin send %s with a bearer token and JSON', async (method) => {
    const answer = await preflight(LISTED, method);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(list(answer.headers.get('access-control-allow-methods'))).toContain(method.toLowerCase());
    expect(list(answer.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining(REQUEST_HEADERS),
    );
    expect(answer.headers.get('access-control-max-age')).toBe('600');
    expect(list(answer.headers.get('vary'))).toContain('origin');
  });

  it.each(METHODS)('grants an unlisted origin nothing for %s', async (method) => {
    const answer = await preflight(UNLISTED, method);
    expect(answer.ok).toBe(false);
    const granted = [...answer.headers.keys()].filter((name) => name.startsWith('access-control-'));
    expect(granted).toEqual([]);
    expect(list(answer.headers.get('vary'))).toContain('origin');
  });

  it('answers the call itself to the listed origin only, exposing the request id', async () => {
    const listed = await fetch(`${base}/api/v1/categories`, { headers: { origin: LISTED } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(list(listed.headers.get('access-control-expose-headers'))).toContain('x-request-id');
    expect(list(listed.headers.get('vary'))).toContain('origin');

    const unlisted = await fetch(`${base}/api/v1/categories`, { headers: { origin: UNLISTED } });
    expect(unlisted.status).toBe(200);
    expect(unlisted.headers.get('access-control-allow-origin')).toBeNull();
    expect(unlisted.headers.get('access-control-allow-credentials')).toBeNull();
    expect(list(unlisted.headers.get('vary'))).toContain('origin');
  });
});

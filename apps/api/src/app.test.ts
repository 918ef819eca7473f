import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@fundry/shared';
import { createTestApp, type TestContext } from './test/app';
import { databaseKinds } from './test/databases';

/** A route of the same shape as the real ones: a strict zod body, parsed by the shared pipeline. */
function addProbeRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/__probe',
    {
      schema: {
        body: z.strictObject({ title: z.string().min(1), goal_amount: z.number().positive() }),
        response: { 200: z.object({ data: z.object({ title: z.string() }) }) },
      },
    },
    async (request) => ({ data: { title: request.body.title, secret: 'must not leak' } }),
  );
}

describe.each(databaseKinds)('app on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, addProbeRoute);
  });
  afterAll(() => ctx.close());

  const post = (payload: string, contentType = 'application/json') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/__probe',
      payload,
      headers: { 'content-type': contentType },
    });

  it('answers health and readiness', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', storage: 'up' });
  });

  it('serialises responses through their schema, dropping undeclared fields', async () => {
    const response = await post(JSON.stringify({ title: 'Solar lamp', goal_amount: 10 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { title: 'Solar lamp' } });
  });

  it('refuses a malformed JSON body with 400 and the error body', async () => {
    const response = await post('{"title": "x",');
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('The request body is not valid JSON');
  });

  it('refuses a wrong type with 400 and the field in details', async () => {
    const response = await post(JSON.stringify({ title: 'x', goal_amount: 'ten' }));
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.details?.goal_amount).toEqual([expect.stringMatching(/number/i)]);
  });

  it('refuses an unknown field with 400', async () => {
    const response = await post(JSON.stringify({ title: 'x', goal_amount: 5, status: 'ACTIVE' }));
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.message).toBe('Unknown field: status');
  });

  it('refuses an oversized body with 413', async () => {
    const response = await post(JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024), goal_amount: 5 }));
    expect(response.statusCode).toBe(413);
    expect(errorBodySchema.parse(response.json()).error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await post('title=x', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(errorBodySchema.parse(response.json()).error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unknown API route with 404 and the error body', async () => {
    const response = await ctx.app.inject('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).error).toBe('NOT_FOUND');
  });

  it('answers with and without a trailing slash', async () => {
    const [withSlash, without] = await Promise.all([
      ctx.app.inject('/api/v1/categories/'),
      ctx.app.inject('/api/v1/categories'),
    ]);
    expect(withSlash.statusCode).toBe(200);
    expect(without.json()).toEqual(withSlash.json());
  });

  it('validates path parameters', async () => {
    const response = await ctx.app.inject('/api/v1/categories/abc');
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).details).toHaveProperty('id');
  });

  it('sends security headers with a strict Content-Security-Policy and a request id', async () => {
    const response = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const document = await ctx.app.inject('/api/docs/json');
    expect(document.statusCode).toBe(200);
    expect(document.json<{ paths: Record<string, unknown> }>().paths).toHaveProperty('/api/v1/categories');
    const page = await ctx.app.inject('/api/docs');
    expect([200, 302]).toContain(page.statusCode);
  });

  it('compresses larger answers for a client that accepts it, and small ones not at all', async () => {
    const compressed = await ctx.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString('utf8'))).toHaveProperty('paths');
    const plain = await ctx.app.inject('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await ctx.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('reports the database down on /readyz once it is gone', async () => {
    const isolated = await createTestApp(kind);
    await isolated.database.close();
    const response = await isolated.app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down', storage: 'up' });
    await isolated.app.close();
  });
});

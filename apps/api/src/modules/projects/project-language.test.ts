import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { databaseKinds } from '../../test/databases';
import { multipart } from '../../test/multipart';
import { projectFields } from '../../test/projects';

describe.each(databaseKinds)('the language a project is written in (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx.close());

  const send = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, fields: object) => {
    const form = multipart(fields as Record<string, string>);
    return ctx.app.inject({ method, url, payload: form.payload, headers: { ...headers, ...form.headers } });
  };

  it("is the creator's language unless the form names one, and can be changed", async () => {
    const { headers } = await signedInUser(ctx);
    await ctx.app.inject({ method: 'PUT', url: '/api/v1/profile', headers, payload: { locale: 'de' } });
    const created = await send('POST', '/api/v1/projects/drafts', headers, await projectFields(ctx));
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json().data;
    expect(project.language).toBe('de');

    const changed = await send('PUT', `/api/v1/projects/${project.id}`, headers, { language: 'pt-br' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.language).toBe('pt-BR');
    const read = await ctx.app.inject({ url: `/api/v1/projects/${project.id}`, headers });
    expect(read.json().data.language).toBe('pt-BR');
  });

  it('refuses what is not a language tag', async () => {
    const { headers } = await signedInUser(ctx);
    const refused = await send('POST', '/api/v1/projects/drafts', headers, {
      ...(await projectFields(ctx)),
      language: 'not a language!',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.language).toEqual(['Choose the language the project is written in']);
  });

  it('is the last language used by a creator who chose none', async () => {
    const { user } = await signedInUser(ctx);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'accept-language': 'es-MX' },
      payload: { email: user.email, password: user.password },
    });
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    const created = await send('POST', '/api/v1/projects/drafts', headers, await projectFields(ctx));
    expect(created.json().data.language).toBe('es');
  });
});

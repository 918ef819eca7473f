import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { databaseKinds } from '../../test/databases';
import { multipart } from '../../test/multipart';

describe.each(databaseKinds)('the language of a person (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { LOCALES: 'en,es,pt-BR,de,ar' });
  });
  afterAll(() => ctx.close());

  const putLocale = (headers: Record<string, string>, locale: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/v1/profile', headers, payload: { locale } });
  const profile = async (headers: Record<string, string>) =>
    (await ctx.app.inject({ url: '/api/v1/profile', headers })).json().data.user;

  it('is none until chosen, then saved from the language menu and returned by GET profile', async () => {
    const { headers } = await signedInUser(ctx);
    expect((await profile(headers)).locale).toBeNull();
    const saved = await putLocale(headers, 'pt-BR');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.user.locale).toBe('pt-BR');
    expect((await profile(headers)).locale).toBe('pt-BR');
  });

  it('refuses a language that is not offered, naming the offered ones, in the language asked for', async () => {
    const { headers } = await signedInUser(ctx);
    const english = await putLocale(headers, 'fr');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'Choose one of the offered languages: en, es, pt-BR, de, and ar',
      details: { locale: ['Choose one of the offered languages: en, es, pt-BR, de, and ar'] },
    });
    const german = await putLocale({ ...headers, 'accept-language': 'de-AT,de;q=0.9' }, 'fr');
    expect(german.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'Wählen Sie eine der angebotenen Sprachen: en, es, pt-BR, de und ar',
    });
    expect((await putLocale(headers, 42)).statusCode).toBe(400);
    expect((await profile(headers)).locale).toBeNull();
  });

  it('is saved with the rest of the profile form', async () => {
    const { user, headers } = await signedInUser(ctx);
    const form = multipart({ full_name: user.full_name, email: user.email, locale: 'ar' });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.locale).toBe('ar');
  });

  it('answers a signed-in call that names no language in the saved one, from the next sign-in on', async () => {
    const { user, headers } = await signedInUser(ctx);
    await putLocale(headers, 'es');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const spanish = { authorization: `Bearer ${login.json().access_token}` };
    expect((await putLocale(spanish, 'xx')).json().message).toBe(
      'Elige uno de los idiomas disponibles: en, es, pt-BR, de y ar',
    );
    // A language the call names wins over the saved one.
    expect((await putLocale({ ...spanish, 'accept-language': 'ar' }, 'xx')).json().message).toBe(
      'اختر إحدى اللغات المتاحة: en وes وpt-BR وde وar',
    );
  });

  it('remembers the language of the last sign-in, for mails until one is chosen', async () => {
    const { user } = await signedInUser(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'accept-language': 'pt-PT' },
      payload: { email: user.email, password: user.password },
    });
    const row = await ctx.database.db
      .selectFrom('users')
      .select(['locale', 'last_locale'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ locale: null, last_locale: 'pt-BR' });
  });

  it('ignores a malformed Accept-Language header', async () => {
    const { headers } = await signedInUser(ctx);
    const response = await putLocale({ ...headers, 'accept-language': ';;q=x,,@@' }, 'xx');
    expect(response.json().message).toBe('Choose one of the offered languages: en, es, pt-BR, de, and ar');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app';
import { signedInUser } from './test/auth-helpers';
import { databaseKinds } from './test/databases';
import { multipart } from './test/multipart';

/** DESIGN.md §14: the API answers `message` in the caller's language; `error` codes never change. */
describe.each(databaseKinds)('answers in the caller’s language (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx.close());

  const inLanguage = (language: string | undefined, headers: Record<string, string> = {}) =>
    language === undefined ? headers : { ...headers, 'accept-language': language };
  const missingProject = (language?: string) =>
    ctx.app.inject({ url: '/api/v1/projects/987654', headers: inLanguage(language) });
  const register = (payload: Record<string, unknown>, language?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', headers: inLanguage(language), payload });

  it('writes a 404 in each language with the same error code', async () => {
    const messages = {
      en: 'Project not found',
      de: 'Projekt nicht gefunden',
      es: 'No se encontró el proyecto',
      'pt-BR': 'Projeto não encontrado',
      ar: 'لم يتم العثور على المشروع',
    };
    for (const [language, message] of Object.entries(messages)) {
      const response = await missingProject(language);
      expect([response.statusCode, response.json()], language).toEqual([
        404,
        { error: 'NOT_FOUND', message },
      ]);
    }
  });

  it('writes a 409 and its details in each language with the same error code', async () => {
    const { user } = await signedInUser(ctx);
    const messages = {
      en: 'An account with this email already exists',
      de: 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse',
      es: 'Ya existe una cuenta con este correo electrónico',
      'pt-BR': 'Já existe uma conta com este e-mail',
      ar: 'يوجد حساب مسجَّل بهذا البريد الإلكتروني بالفعل',
    };
    for (const [language, message] of Object.entries(messages)) {
      const response = await register(
        {
          username: `other_${language.replace('-', '')}`,
          email: user.email,
          password: 'Str0ng!Pass',
          full_name: 'X',
        },
        language,
      );
      expect([response.statusCode, response.json()], language).toEqual([
        409,
        { error: 'CONFLICT', message, details: { email: [message] } },
      ]);
    }
  });

  it('writes a 400 from a schema’s own messages, the first as "field: message", every one in details', async () => {
    const invalid = { username: 'ab', email: 'not-an-address', password: '', full_name: ' ' };
    const english = await register(invalid);
    expect([english.statusCode, english.json()]).toEqual([
      400,
      {
        error: 'VALIDATION_ERROR',
        message: 'username: Username must be at least 3 characters',
        details: {
          username: ['Username must be at least 3 characters'],
          email: ['Please enter a valid email address'],
          password: ['Password is required'],
          full_name: ['Full name is required'],
        },
      },
    ]);
    const german = await register(invalid, 'de');
    expect([german.statusCode, german.json()]).toEqual([
      400,
      {
        error: 'VALIDATION_ERROR',
        message: 'username: Der Benutzername muss mindestens 3 Zeichen lang sein',
        details: {
          username: ['Der Benutzername muss mindestens 3 Zeichen lang sein'],
          email: ['Bitte geben Sie eine gültige E-Mail-Adresse ein'],
          password: ['Das Passwort ist erforderlich'],
          full_name: ['Der vollständige Name ist erforderlich'],
        },
      },
    ]);
    const arabic = await register({ ...invalid, nickname: 'x' }, 'ar');
    expect(arabic.json().details).toMatchObject({
      email: ['يُرجى إدخال بريد إلكتروني صالح'],
      _: ['حقل غير معروف: nickname'],
    });
  });

  it('writes zod’s own message, where a schema sets none, in the caller’s language (and as before in English)', async () => {
    const tooMany = (language?: string) =>
      ctx.app.inject({ url: '/api/v1/projects?per_page=500', headers: inLanguage(language) });
    expect((await tooMany()).json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'per_page: Too big: expected number to be <=100',
      details: { per_page: ['Too big: expected number to be <=100'] },
    });
    const spanish = (await tooMany('es')).json();
    expect(spanish.error).toBe('VALIDATION_ERROR');
    expect(spanish.details.per_page).toEqual(['Demasiado grande: se esperaba que número fuera <=100']);

    const wrongType = (language?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: inLanguage(language),
        payload: { email: 42, password: 'x' },
      });
    expect((await wrongType()).json().message).toBe('email: Invalid input: expected string, received number');
    expect((await wrongType('de')).json().message).toBe(
      'email: Ungültige Eingabe: erwartet string, erhalten Zahl',
    );

    // A form parsed by hand (multipart) is written the same way.
    const { user, headers } = await signedInUser(ctx);
    const form = multipart({ full_name: user.full_name, email: user.email, username: 'ab' });
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      payload: form.payload,
      headers: { ...headers, ...form.headers, 'accept-language': 'pt-BR' },
    });
    expect([profile.statusCode, profile.json().error]).toEqual([400, 'VALIDATION_ERROR']);
    expect(profile.json().details.username).toEqual([
      'Pequeno demais: esperava que o texto tivesse >= 3 caracteres',
    ]);
  });

  it('writes a successful answer’s message in the caller’s language', async () => {
    const { headers } = await signedInUser(ctx);
    const signOut = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      headers: inLanguage('es', headers),
    });
    expect(signOut.json()).toEqual({ message: 'Has cerrado sesión.' });
  });

  it('negotiates Accept-Language against the offered languages, and ignores a malformed header', async () => {
    const cases: [string, string][] = [
      ['pt-PT', 'Projeto não encontrado'],
      ['de-AT,de;q=0.9', 'Projekt nicht gefunden'],
      ['fr-FR, ar;q=0.5, es;q=0.8', 'No se encontró el proyecto'],
      ['fr-FR', 'Project not found'],
      [';;q=x,,@@', 'Project not found'],
    ];
    for (const [header, message] of cases) {
      expect((await missingProject(header)).json(), header).toEqual({ error: 'NOT_FOUND', message });
    }
  });
});

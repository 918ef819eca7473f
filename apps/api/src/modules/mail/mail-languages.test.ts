import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDate } from '@fundry/shared';
import { createProjectRow, createUser } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher';
import { insertNotifications } from '../notifications/notifications.repository';

describe.each(databaseKinds)('mails and notifications in their reader’s language on %s', (kind) => {
  let ctx: TestContext;
  let mailbox: MailCatcher;

  beforeAll(async () => {
    mailbox = await startMailCatcher();
    ctx = await createTestApp(kind, {
      SMTP_URL: mailbox.url,
      APP_URL: 'http://fundry.test',
      PAYMENTS_PROVIDER: 'sandbox',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await mailbox.close();
  });

  const db = () => ctx.database.db;
  /** What a person chose in the language menu (`locale`) and what they last used (`last_locale`). */
  const speaks = (userId: number, languages: { locale: string | null; last_locale: string | null }) =>
    db().updateTable('users').set(languages).where('id', '=', userId).execute();
  const requestReset = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset-request', payload: { email } });

  it('writes a mail in the language the person chose, else the one they last used, else the default', async () => {
    const sofia = await createUser(db(), { full_name: 'Sofía Ruiz' });
    await speaks(sofia.id, { locale: 'es', last_locale: 'de' });
    const omar = await createUser(db(), { full_name: 'Omar Haddad' });
    await speaks(omar.id, { locale: null, last_locale: 'ar' });
    const ann = await createUser(db(), { full_name: 'Ann Lee' });
    for (const person of [sofia, omar, ann]) expect((await requestReset(person.email)).statusCode).toBe(200);

    const spanish = await mailbox.waitFor((m) => m.to === sofia.email);
    expect(spanish.subject).toBe('Restablece tu contraseña de Fundry');
    expect(spanish.text).toContain('Hola, Sofía Ruiz:');
    expect(spanish.text).toContain(
      'Recibimos una solicitud para restablecer tu contraseña. El enlace de abajo funciona una sola vez, durante 30 minutos.',
    );
    expect(spanish.text).toContain('Restablecer contraseña: http://fundry.test/password-reset/');
    expect(spanish.text).toContain('— El equipo de Fundry');
    expect(spanish.html).toContain('<html lang="es" dir="ltr">');
    expect(spanish.html).toContain('>Restablecer contraseña</a>');

    const arabic = await mailbox.waitFor((m) => m.to === omar.email);
    expect(arabic.subject).toBe('أعد تعيين كلمة مرورك في Fundry');
    expect(arabic.text).toContain('مرحبًا Omar Haddad،');
    expect(arabic.text).toContain('تلقّينا طلبًا لإعادة تعيين كلمة مرورك.');
    expect(arabic.text).toContain('إعادة تعيين كلمة المرور: http://fundry.test/password-reset/');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');

    const english = await mailbox.waitFor((m) => m.to === ann.email);
    expect(english.subject).toBe('Reset your Fundry password');
    expect(english.text).toContain('Hi Ann Lee,');
    expect(english.text).toContain('Reset password: http://fundry.test/password-reset/');
    expect(english.html).toContain('<html lang="en" dir="ltr">');
  });

  it('stores no reason for a rejection without one, and tells the creator why in their language', async () => {
    const creator = await createUser(db(), { full_name: 'Greta Koch' });
    await speaks(creator.id, { locale: 'de', last_locale: null });
    const admin = await signedInUser(ctx, { admin: true });
    const projectId = await createProjectRow(db(), {
      creatorId: creator.id,
      title: 'Kräutergarten',
      status: 'PENDING',
    });
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/revoke`,
      headers: admin.headers,
    });
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', revocation_reason: null });
    const audit = await db()
      .selectFrom('audit_log')
      .select('reason')
      .where('project_id', '=', projectId)
      .where('action', '=', 'project.reject')
      .executeTakeFirstOrThrow();
    expect(audit.reason).toBeNull();

    const mail = await mailbox.waitFor((m) => m.to === creator.email);
    expect(mail.subject).toBe('Ihr Projekt „Kräutergarten“ wurde nicht freigegeben');
    expect(mail.text).toContain('Grund: Das Projekt entspricht nicht den Richtlinien von Fundry.');
  });

  it('writes a pledge’s mails for the backer and the creator each in their own language, and lists the notification in the reader’s', async () => {
    const creator = await signedInUser(ctx, { full_name: 'Camila Souza' });
    const backer = await signedInUser(ctx, { full_name: 'Dieter Weber' });
    await speaks(creator.user.id, { locale: null, last_locale: 'es' });
    await speaks(backer.user.id, { locale: 'de', last_locale: 'en' });
    const projectId = await createProjectRow(db(), { creatorId: creator.user.id, title: 'Tea Garden' });
    const { end_date: endDate } = await db()
      .selectFrom('projects')
      .select('end_date')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();

    await backProject(ctx, backer.headers, projectId, { amount: 25 });
    await ctx.app.services.mail.deliverDue();

    const de = ctx.app.translators.for('de');
    const confirmed = await mailbox.waitFor((m) => m.to === backer.user.email);
    expect(confirmed.subject).toBe('Ihre Unterstützung für „Tea Garden“ ist bestätigt');
    expect(confirmed.text).toContain('Hallo Dieter Weber,');
    expect(confirmed.text).toContain(
      `Vielen Dank, dass Sie „Tea Garden“ mit ${de.money(25, 'USD', 2)} unterstützen. Ihre Karte ist gespeichert, und es wurde nichts belastet.`,
    );
    expect(confirmed.text).toContain(
      `Ihnen werden ${de.money(25, 'USD', 2)} am ${de.calendarDate(chargeDate(endDate!))} nur dann berechnet`,
    );
    expect(confirmed.text).toContain(`Unterstützung verwalten: http://fundry.test/projects/${projectId}`);
    expect(confirmed.html).toContain('<html lang="de" dir="ltr">');

    const es = ctx.app.translators.for('es');
    const news = await mailbox.waitFor((m) => m.to === creator.user.email);
    expect(news.subject).toBe('Nueva aportación a «Tea Garden»');
    expect(news.text).toContain(`Dieter Weber aportó ${es.money(25, 'USD', 2)} a «Tea Garden».`);
    expect(news.text).toContain(
      'Recibes este correo porque la opción «aportaciones a mis proyectos» está activada en tu configuración de Fundry. Cancelar suscripción: http://fundry.test/api/v1/unsubscribe?token=',
    );
    expect(news.html).toContain('>Cancelar suscripción</a>');

    // The notification is stored once and written in the language of whoever lists it.
    await insertNotifications(db(), [
      {
        userId: creator.user.id,
        type: 'PLEDGE',
        message: { key: 'A note written before notifications were translated' },
        projectId,
      },
    ]);
    const list = async (headers: Record<string, string>) =>
      (await ctx.app.inject({ url: '/api/v1/notifications', headers: { ...creator.headers, ...headers } }))
        .json<{ data: { notifications: Array<{ type: string; message: string }> } }>()
        .data.notifications.map((n) => n.message);
    const pt = ctx.app.translators.for('pt-BR');
    expect(await list({ 'accept-language': 'pt-BR,pt;q=0.9' })).toEqual([
      'A note written before notifications were translated',
      `Dieter Weber passou a apoiar “Tea Garden”.`,
      `Dieter Weber apoiou “Tea Garden” com ${pt.money(25)}.`,
    ]);
    expect(await list({})).toEqual([
      'A note written before notifications were translated',
      'Dieter Weber is a new backer of “Tea Garden”.',
      'Dieter Weber backed “Tea Garden” with $25.',
    ]);
  });

  it('tells a creator of a new pledge in the project’s currency, written the creator’s way', async () => {
    const backer = await signedInUser(ctx, { full_name: 'Kenji Sato' });
    const ann = await signedInUser(ctx, { full_name: 'Ann Lee' });
    const greta = await signedInUser(ctx, { full_name: 'Greta Berg' });
    await speaks(greta.user.id, { locale: 'de', last_locale: null });
    const yen = await createProjectRow(db(), {
      creatorId: ann.user.id,
      title: 'Tea House',
      currency: 'JPY',
      goal: 500000,
      fundingModel: 'flexible',
    });
    const euro = await createProjectRow(db(), {
      creatorId: greta.user.id,
      title: 'Bakery',
      currency: 'EUR',
      fundingModel: 'flexible',
    });
    await backProject(ctx, backer.headers, yen, { amount: 5000, currency: 'JPY' });
    await backProject(ctx, backer.headers, euro, { amount: 50, currency: 'EUR' });
    await ctx.app.services.mail.deliverDue();

    const english = await mailbox.waitFor((m) => m.to === ann.user.email);
    expect(english.text).toContain('Kenji Sato pledged ¥5,000 to “Tea House”.');
    const german = await mailbox.waitFor((m) => m.to === greta.user.email);
    // German puts a no-break space between the amount and its sign.
    expect(german.text).toContain('Kenji Sato hat „Bakery“ mit 50,00\u00a0€ unterstützt.');
  });
});

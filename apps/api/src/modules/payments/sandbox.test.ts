import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDate } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { pledge } from '../../test/backing';

describe('the sandbox provider’s pages', () => {
  let ctx: TestContext;
  let checkoutPath: string;
  let endDate: string;

  beforeAll(async () => {
    ctx = await createTestApp('pglite', { PAYMENTS_PROVIDER: 'sandbox' });
    const creator = await signedInUser(ctx);
    const backer = await signedInUser(ctx);
    const projectId = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      title: 'Tea Garden',
    });
    endDate = (
      await ctx.database.db
        .selectFrom('projects')
        .select('end_date')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).end_date!;
    const opened = await pledge(ctx, backer.headers, projectId, { amount: 25 });
    checkoutPath = new URL(opened.json<{ data: { checkout_url: string } }>().data.checkout_url).pathname;
  });
  afterAll(() => ctx.close());

  const open = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

  it('shows the checkout in English by default', async () => {
    const page = await open(checkoutPath);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain('<title>Save a card · Fundry sandbox checkout</title>');
    expect(page.body).toContain(
      'Test mode: no real money moves. This sandbox charges no card and pays out nothing',
    );
    expect(page.body).toContain('>Card number</label>');
    expect(page.body).toContain('>Save card</button>');
  });

  it('shows the checkout in German when the link asks for it, and keeps it through the card form', async () => {
    const de = ctx.app.translators.for('de');
    const page = await open(`${checkoutPath}?lang=de`, { 'accept-language': 'es' });
    expect(page.body).toContain('<html lang="de" dir="ltr">');
    expect(page.body).toContain('<title>Karte speichern · Fundry-Testzahlung</title>');
    expect(page.body).toContain('Sie unterstützen');
    expect(page.body).toContain('>Kartennummer</label>');
    expect(page.body).toContain(
      `Ihnen werden ${de.money(25, 'USD', 2)} am ${de.calendarDate(chargeDate(endDate))} nur dann berechnet, wenn das Projekt sein Ziel erreicht.`,
    );
    expect(page.body).toContain(`action="${checkoutPath}/card?lang=de"`);
    expect(page.body).toContain('>Abbrechen</button>');

    const refused = await ctx.app.inject({
      method: 'POST',
      url: `${checkoutPath}/card?lang=de`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=1234',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('<html lang="de" dir="ltr">');
    expect(refused.body).toContain(
      'Dies ist die Testumgebung: Verwenden Sie die Testkarte 4242 4242 4242 4242',
    );
  });

  it('shows the checkout right to left in Arabic, from the browser’s language or the language cookie', async () => {
    const asks: Array<Record<string, string>> = [
      { 'accept-language': 'ar-EG,ar;q=0.9' },
      { cookie: 'fundry_locale=ar' },
    ];
    for (const headers of asks) {
      const page = await open(checkoutPath, headers);
      expect(page.body).toContain('<html lang="ar" dir="rtl">');
      expect(page.body).toContain('أنت تدعم');
      expect(page.body).toContain('>حفظ البطاقة</button>');
    }
    const missing = await open('/sandbox/connect/acct_unknown', { 'accept-language': 'ar' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="ar" dir="rtl">');
    expect(missing.body).toContain('هذا الحساب غير موجود.');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { saveCardInSandbox, TEST_CARDS } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inLocale } from '../../test/i18n';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(databaseKinds)('card testing on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let admins: User[];
  let projectId: number;

  beforeAll(async () => {
    ctx = await createTestApp(kind, { PAYMENTS_PROVIDER: 'sandbox', MAX_DECLINED_PAYMENTS: '5' });
    creator = await signedInUser(ctx);
    admins = [await signedInUser(ctx, { admin: true }), await signedInUser(ctx, { admin: true })];
    projectId = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, title: 'Kite Kit' });
  });
  afterAll(() => ctx.close());

  /** Opens a checkout (the Back button) from an address. */
  const back = (who: User, remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/backers/projects/${projectId}/back`,
      remoteAddress,
      headers: { ...who.headers, ...headers },
      payload: { amount: 10, currency: 'USD' },
    });

  /** Opens a checkout and types the declined test card into it `times` times. */
  async function decline(who: User, remoteAddress: string, times = 1) {
    const opened = await back(who, remoteAddress);
    expect(opened.statusCode).toBe(201);
    for (let i = 0; i < times; i += 1) {
      const page = await saveCardInSandbox(
        ctx,
        opened.json().data.checkout_url,
        TEST_CARDS.declined,
        remoteAddress,
      );
      expect(page.statusCode).toBe(402);
    }
  }

  const cardTestingAlerts = (adminId: number) =>
    ctx.database.db
      .selectFrom('notifications')
      .select(['message', 'message_values'])
      .where('user_id', '=', adminId)
      .where('message', 'like', 'api.notification.cardTesting%')
      .execute();

  it('the sandbox declines Stripe’s 4000 0000 0000 0002 at checkout, in the reader’s language, and counts it', async () => {
    const backer = await signedInUser(ctx);
    const opened = await back(backer, '198.51.100.1');
    const path = new URL(opened.json().data.checkout_url).pathname;
    const page = await ctx.app.inject({
      method: 'POST',
      url: `${path}/card?lang=de`,
      remoteAddress: '198.51.100.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card_number: TEST_CARDS.declined }).toString(),
    });
    expect(page.statusCode).toBe(402);
    expect(page.body).toContain('<html lang="de" dir="ltr">');
    expect(page.body).toContain('Ihre Karte wurde abgelehnt.');
    const donation = await ctx.database.db
      .selectFrom('donations')
      .select(['status', 'payment_method'])
      .where('id', '=', opened.json().data.donation_id)
      .executeTakeFirstOrThrow();
    // Nothing was saved: the pledge still waits for a card that works.
    expect(donation).toEqual({ status: 'PENDING', payment_method: null });
    const counted = await ctx.database.db
      .selectFrom('payment_declines')
      .select(['user_id', 'ip'])
      .where('user_id', '=', backer.user.id)
      .execute();
    expect(counted).toEqual([{ user_id: backer.user.id, ip: '198.51.100.1' }]);
  });

  it('per account: the 6th checkout after 5 declines answers 429 with Retry-After, whatever the address', async () => {
    const tester = await signedInUser(ctx);
    for (let i = 0; i < 5; i += 1) await decline(tester, `203.0.113.${10 + i}`);
    const refused = await back(tester, '203.0.113.99', { 'accept-language': 'es' });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(refused.json()).toEqual({
      error: 'RATE_LIMITED',
      message: inLocale('es', 'msg.moderation.tooManyDeclines', { minutes: Math.ceil(retryAfter / 60) }),
    });
    // A card change is a payment too.
    const donationId = await ctx.database.db
      .selectFrom('donations')
      .select('id')
      .where('donor_id', '=', tester.user.id)
      .executeTakeFirstOrThrow();
    const change = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/backers/donations/${donationId.id}/payment-method`,
      remoteAddress: '203.0.113.98',
      headers: tester.headers,
    });
    expect(change.statusCode).toBe(429);
    // Someone else is not held back by this account's declines.
    const other = await signedInUser(ctx);
    expect((await back(other, '203.0.113.97')).statusCode).toBe(201);
    // The admins were told once, however many checkouts were refused.
    expect((await back(tester, '203.0.113.96')).statusCode).toBe(429);
    for (const admin of admins) {
      const alerts = (await cardTestingAlerts(admin.user.id)).filter(
        (row) => row.message === 'api.notification.cardTestingAccount',
      );
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.message_values).toMatchObject({ count: 5 });
    }
  });

  it('per IP address: five accounts declined from one address hold back a sixth from it, not from elsewhere', async () => {
    const address = '192.0.2.50';
    for (let i = 0; i < 5; i += 1) await decline(await signedInUser(ctx), address);
    const sixth = await signedInUser(ctx);
    const refused = await back(sixth, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await back(sixth, '192.0.2.51')).statusCode).toBe(201);
    expect((await back(await signedInUser(ctx), address)).statusCode).toBe(429);
    for (const admin of admins) {
      const alerts = (await cardTestingAlerts(admin.user.id)).filter(
        (row) => row.message === 'api.notification.cardTestingIp',
      );
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.message_values).toMatchObject({ ip: address });
    }
  });

  it('four declines are not yet past the limit; the fifth is', async () => {
    const careful = await signedInUser(ctx);
    await decline(careful, '198.51.100.20', 4);
    expect((await back(careful, '198.51.100.21')).statusCode).toBe(201);
    await decline(careful, '198.51.100.22', 1);
    expect((await back(careful, '198.51.100.23')).statusCode).toBe(429);
  });
});

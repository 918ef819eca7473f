import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayUtc, TOOLS_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, ledgerAgrees } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { insertReward } from '../rewards/rewards.repository';
import { inEnglish } from '../../test/i18n';

type User = Awaited<ReturnType<typeof signedInUser>>;
type Headers = Record<string, string>;
const DAY = 86_400_000;

const address = {
  name: '=HYPERLINK("http://evil.test","click")',
  line1: '1 Kettle Lane, Flat 2',
  line2: null,
  city: 'Portland',
  region: 'OR',
  postal_code: '97201',
  country: 'US',
};

describe.each(databaseKinds)('creator tools on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let admin: User;
  let stranger: User;
  let backerA: User;
  let backerB: User;
  const anonymous: Headers = {};
  let flexible: number;
  let rewardId: number;
  let withReward: number;
  let withoutReward: number;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    admin = await signedInUser(ctx, { admin: true });
    stranger = await signedInUser(ctx);
    backerA = await signedInUser(ctx, { full_name: '=SUM(A1:A9)' });
    backerB = await signedInUser(ctx, { full_name: 'Bea "Bee" Backer' });
    flexible = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      fundingModel: 'flexible',
      goal: 100,
      start: -3,
      end: 20,
    });
    const reward = await insertReward(ctx.database.db, {
      project_id: flexible,
      title: 'Kettle',
      description: 'The kettle, shipped',
      minimum_cents: 2500,
      quantity_available: 10,
      estimated_delivery_date: todayUtc(new Date(Date.now() + 60 * DAY)),
      shipping_type: 'international',
      shipping_rules: JSON.stringify([{ country: '*', cost_cents: 500 }]),
    });
    rewardId = reward.id;
    withReward = await backProject(ctx, backerA.headers, flexible, {
      amount: 40,
      reward_id: rewardId,
      shipping_address: address,
    });
    withoutReward = await backProject(ctx, backerB.headers, flexible, { amount: 15 });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

  describe('every creator tool checks the role on the server', () => {
    const reads = [
      'projects/PROJECT/backers',
      'projects/PROJECT/backers.csv',
      'projects/PROJECT/stats/daily',
    ] as const;
    it.each(reads)('GET %s: anonymous 401, stranger and backer 403, creator and admin 200', async (url) => {
      const path = url.replace('PROJECT', String(flexible));
      expect((await call('GET', path, anonymous)).statusCode).toBe(401);
      expect((await call('GET', path, stranger.headers)).statusCode).toBe(403);
      expect((await call('GET', path, backerA.headers)).statusCode).toBe(403);
      expect((await call('GET', path, creator.headers)).statusCode).toBe(200);
      expect((await call('GET', path, admin.headers)).statusCode).toBe(200);
    });

    it('a project others may not see is 404 to them', async () => {
      const pending = await createProjectRow(db(), { creatorId: creator.user.id, status: 'PENDING' });
      expect((await call('GET', `projects/${pending}/backers`, stranger.headers)).statusCode).toBe(404);
      expect((await call('GET', `projects/${pending}/backers`, creator.headers)).statusCode).toBe(200);
      expect((await call('GET', 'projects/999999/backers', creator.headers)).statusCode).toBe(404);
    });

    it('fulfilment and refund: anonymous 401, stranger 404, the backer 403 (nothing changes)', async () => {
      for (const action of ['fulfilment', 'refund']) {
        const url = `backers/donations/${withReward}/${action}`;
        const body = action === 'fulfilment' ? { status: 'sent' } : undefined;
        expect((await call('POST', url, anonymous, body)).statusCode).toBe(401);
        expect((await call('POST', url, stranger.headers, body)).statusCode).toBe(404);
        expect((await call('POST', url, backerA.headers, body)).statusCode).toBe(403);
      }
      const bulk = await call('POST', `projects/${flexible}/backers/fulfilment`, stranger.headers, {
        status: 'sent',
        donation_ids: [withReward],
      });
      expect(bulk.statusCode).toBe(403);
      const row = await db()
        .selectFrom('donations')
        .select(['status', 'fulfilment_status'])
        .where('id', '=', withReward)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'SUCCEEDED', fulfilment_status: null });
    });
  });

  it('lists backers with their pledge, reward, address and fulfilment, filtered and paged', async () => {
    const all = await call('GET', `projects/${flexible}/backers`, creator.headers);
    expect(all.json().meta.total).toBe(2);
    const row = all.json().data.find((b: { donation_id: number }) => b.donation_id === withReward);
    expect(row).toMatchObject({
      backer: { id: backerA.user.id, name: '=SUM(A1:A9)', email: backerA.user.email },
      amount: 40,
      reward: { id: rewardId, title: 'Kettle' },
      status: 'SUCCEEDED',
      shipping_address: { ...address },
      fulfilment_status: null,
      can_refund: true,
      can_mark_sent: true,
    });
    expect(typeof row.pledged_at).toBe('string');

    const byReward = await call('GET', `projects/${flexible}/backers?reward_id=${rewardId}`, creator.headers);
    expect(byReward.json().data.map((b: { donation_id: number }) => b.donation_id)).toEqual([withReward]);
    const refunded = await call('GET', `projects/${flexible}/backers?status=REFUNDED`, creator.headers);
    expect(refunded.json().meta.total).toBe(0);
    const paged = await call('GET', `projects/${flexible}/backers?per_page=1&page=2`, creator.headers);
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().meta).toMatchObject({ total: 2, pages: 2, page: 2, per_page: 1 });
    expect((await call('GET', `projects/${flexible}/backers?status=NOPE`, creator.headers)).statusCode).toBe(
      400,
    );
  });

  it('exports an RFC 4180 CSV with a BOM, quoted cells and formulas neutralised', async () => {
    const response = await call('GET', `projects/${flexible}/backers.csv`, creator.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="fundry-project-${flexible}-backers.csv"`,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Pledge ID,Backer,Email,Amount (USD),Currency,Reward,Add-ons,Status,Late pledge,Paid over time (USD),Pledged at (UTC),Reward sent,Reward received,Tracking link,Ship to,Address line 1,Address line 2,City,Region,Postal code,Country',
    );
    const a = lines.find((line) => line.startsWith(`${withReward},`));
    expect(a).toContain(`${withReward},'=SUM(A1:A9),${backerA.user.email},40.00,USD,Kettle,,Collected,no,`);
    expect(a).toContain(
      `"'=HYPERLINK(""http://evil.test"",""click"")","1 Kettle Lane, Flat 2",,Portland,OR,97201,US`,
    );
    const b = lines.find((line) => line.startsWith(`${withoutReward},`));
    expect(b).toContain(`"Bea ""Bee"" Backer"`);
    expect(b).toContain(',15.00,USD,,,Collected,no,');

    const filtered = await call(
      'GET',
      `projects/${flexible}/backers.csv?reward_id=${rewardId}`,
      creator.headers,
    );
    expect(filtered.body.split('\r\n').filter(Boolean)).toHaveLength(2);

    // A creator who reads German gets the columns and the words in German; the figures stay as they are.
    const german = await call('GET', `projects/${flexible}/backers.csv`, {
      ...creator.headers,
      'accept-language': 'de',
    });
    const [header, ...rows] = german.body.slice(1).split('\r\n');
    expect(header).toMatch(
      /^Unterstützungs-ID,Unterstützer:in,E-Mail,Betrag \(USD\),Währung,Belohnung,Zusatzartikel,Status,/,
    );
    expect(rows.find((line) => line.startsWith(`${withReward},`))).toContain(
      ',40.00,USD,Kettle,,Eingezogen,',
    );
  });

  it('marks a reward sent once, telling the backer; a pledge without a reward cannot be', async () => {
    expect(
      (
        await call('POST', `backers/donations/${withReward}/fulfilment`, creator.headers, {
          status: 'shipped',
        })
      ).statusCode,
    ).toBe(400);
    const sent = await call('POST', `backers/donations/${withReward}/fulfilment`, creator.headers, {
      status: 'sent',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({
      donation_id: withReward,
      fulfilment_status: 'sent',
      tracking_url: null,
    });
    const again = await call('POST', `backers/donations/${withReward}/fulfilment`, creator.headers, {
      status: 'sent',
    });
    expect(again.statusCode).toBe(200);
    const told = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', backerA.user.id)
      .where('type', '=', 'REWARD_SENT')
      .execute();
    expect(told).toHaveLength(1);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', backerA.user.email)
      .where('subject', 'like', '%on its way%')
      .execute();
    expect(mails).toHaveLength(1);
    const none = await call('POST', `backers/donations/${withoutReward}/fulfilment`, creator.headers, {
      status: 'sent',
    });
    expect(none.statusCode).toBe(409);
    const pledgeView = await call('GET', `backers/donations/${withReward}`, backerA.headers);
    expect(pledgeView.json().data.fulfilment_status).toBe('sent');
  });

  it('marks several rewards sent at once, skipping those that cannot be', async () => {
    const backerC = await signedInUser(ctx);
    const third = await backProject(ctx, backerC.headers, flexible, {
      amount: 30,
      reward_id: rewardId,
      shipping_address: { ...address, name: 'Cy' },
    });
    const bulk = await call('POST', `projects/${flexible}/backers/fulfilment`, admin.headers, {
      status: 'sent',
      donation_ids: [third, withoutReward, withReward],
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().data).toEqual({ updated: 1, donation_ids: [third] });
    expect(
      (
        await call('POST', `projects/${flexible}/backers/fulfilment`, creator.headers, {
          status: 'sent',
          donation_ids: [],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refunds a collected flexible pledge in full once: ledger, counters, notification and mail', async () => {
    const backer = await signedInUser(ctx);
    const id = await backProject(ctx, backer.headers, flexible, { amount: 22 });
    const before = await db()
      .selectFrom('projects')
      .select(['current_cents', 'backers_count'])
      .where('id', '=', flexible)
      .executeTakeFirstOrThrow();

    const refund = await call('POST', `backers/donations/${id}/refund`, creator.headers);
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toEqual({
      data: { donation_id: id, currency: 'USD', status: 'REFUNDED', amount: 22 },
      message: inEnglish(TOOLS_MESSAGES.refunded),
    });
    const twice = await call('POST', `backers/donations/${id}/refund`, creator.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(inEnglish(TOOLS_MESSAGES.alreadyRefunded));

    const after = await db()
      .selectFrom('projects')
      .select(['current_cents', 'backers_count'])
      .where('id', '=', flexible)
      .executeTakeFirstOrThrow();
    expect(Number(after.current_cents)).toBe(Number(before.current_cents) - 2200);
    expect(after.backers_count).toBe(before.backers_count - 1);
    const ledger = await db()
      .selectFrom('ledger_entries')
      .select(['kind', 'gross_cents'])
      .where('donation_id', '=', id)
      .orderBy('id')
      .execute();
    expect(ledger.map((e) => [e.kind, Number(e.gross_cents)])).toEqual([
      ['donation', 2200],
      ['refund', -2200],
    ]);
    const agrees = await ledgerAgrees(ctx, flexible);
    expect(agrees.counters).toEqual(agrees.donations);
    expect(agrees.ledgerGross).toBe(agrees.collectedCents);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', backer.user.email)
      .where('subject', 'like', '%was refunded%')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text_body).toContain('$22.00');
    const audit = await call(
      'GET',
      `admin/audit-log?action=donation.refund&project_id=${flexible}`,
      admin.headers,
    );
    expect(audit.json().data[0]).toMatchObject({
      target_id: id,
      actor: { id: creator.user.id },
      details: { by: 'creator' },
    });
  });

  it('an all-or-nothing pledge not yet charged cannot be refunded', async () => {
    const aon = await createProjectRow(db(), { creatorId: creator.user.id, goal: 100, start: -1, end: 10 });
    const backer = await signedInUser(ctx);
    const id = await backProject(ctx, backer.headers, aon, { amount: 20 });
    const response = await call('POST', `backers/donations/${id}/refund`, admin.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/not been charged/);
  });

  it('draws the funding curve: every day from the start, cumulative, and per reward', async () => {
    const response = await call('GET', `projects/${flexible}/stats/daily`, creator.headers);
    expect(response.statusCode).toBe(200);
    const stats = response.json().data;
    expect(stats.goal_amount).toBe(100);
    const today = todayUtc();
    expect(stats.days[0].date).toBe(todayUtc(new Date(Date.now() - 3 * DAY)));
    expect(stats.days.at(-1).date).toBe(today);
    expect(stats.days).toHaveLength(4);
    const live = await ledgerAgrees(ctx, flexible);
    const last = stats.days.at(-1);
    expect(last.cumulative_amount * 100).toBe(live.donations.cents);
    expect(stats.days.reduce((sum: number, d: { pledges: number }) => sum + d.pledges, 0)).toBe(3);
    expect(stats.rewards).toEqual([
      { reward_id: rewardId, title: 'Kettle', backers: 2, amount: 70 },
      { reward_id: null, title: 'No reward', backers: 1, amount: 15 },
    ]);
  });
});

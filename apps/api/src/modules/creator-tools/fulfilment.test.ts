import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_URL_MAX, todayUtc } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { insertReward } from '../rewards/rewards.repository';

type User = Awaited<ReturnType<typeof signedInUser>>;
type Headers = Record<string, string>;
const DAY = 86_400_000;
const TRACKING = 'https://tracking.example.com/parcel/RR123456789SE';

/** Fulfilment after success (DESIGN.md §17): sent with a tracking link, confirmed received, counted on the project. */
describe.each(databaseKinds)('fulfilment on %s', (kind) => {
  let ctx: TestContext;
  let now = Date.now();
  let creator: User;
  let admin: User;
  let stranger: User;
  const anonymous: Headers = {};

  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, undefined, { clock: () => new Date(now) });
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    admin = await signedInUser(ctx, { admin: true });
    stranger = await signedInUser(ctx);
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

  /** A campaign running now, with a reward; flexible pledges are collected at checkout. */
  async function campaign(fundingModel: 'flexible' | 'all_or_nothing' = 'flexible', goal = 100) {
    now = Date.now();
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      fundingModel,
      goal,
      start: -3,
      end: 10,
    });
    const reward = await insertReward(db(), {
      project_id: projectId,
      title: 'Lamp',
      description: 'A lamp',
      minimum_cents: 1000,
      quantity_available: null,
      estimated_delivery_date: todayUtc(new Date(now + 60 * DAY)),
      shipping_type: 'none',
      shipping_rules: '[]',
    });
    return { projectId, rewardId: reward.id };
  }

  const counters = (projectId: number) =>
    db()
      .selectFrom('projects')
      .select(['rewards_sent', 'rewards_total'])
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();

  /** The counters as a fresh count of the donations would have them: what the triggers must keep. */
  async function recounted(projectId: number) {
    const { rows } = await sql<{ total: number; sent: number }>`
      select count(*)::integer as total, (count(*) filter (where fulfilment_status is not null))::integer as sent
      from donations where project_id = ${projectId} and reward_id is not null
        and status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED')`.execute(db());
    return { rewards_sent: rows[0]!.sent, rewards_total: rows[0]!.total };
  }

  async function expectCounters(
    projectId: number,
    expected: { rewards_sent: number; rewards_total: number },
  ) {
    expect(await counters(projectId)).toEqual(expected);
    expect(await recounted(projectId)).toEqual(expected);
  }

  const markSent = (donationId: number, headers: Headers, trackingUrl?: string) =>
    call('POST', `backers/donations/${donationId}/fulfilment`, headers, {
      status: 'sent',
      ...(trackingUrl === undefined ? {} : { tracking_url: trackingUrl }),
    });

  it('the backer alone confirms receipt, and only once it was sent; repeating it changes nothing', async () => {
    const { projectId, rewardId } = await campaign();
    const backer = await signedInUser(ctx);
    const id = await backProject(ctx, backer.headers, projectId, { amount: 20, reward_id: rewardId });
    const url = `backers/donations/${id}/received`;

    const notYet = await call('POST', url, backer.headers);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(inEnglish('api.pledges.rewardNotSent'));
    const inSpanish = await call('POST', url, { ...backer.headers, 'accept-language': 'es' });
    expect(inSpanish.json().message).toMatch(/aún no se ha enviado/);

    expect((await markSent(id, creator.headers, TRACKING)).statusCode).toBe(200);
    expect((await call('POST', url, anonymous)).statusCode).toBe(401);
    // Someone else's pledge is not found, as every call on a backer's own pledge answers.
    for (const who of [stranger, creator, admin]) {
      const response = await call('POST', url, who.headers);
      expect(response.statusCode).toBe(404);
    }
    expect((await call('POST', 'backers/donations/999999/received', backer.headers)).statusCode).toBe(404);
    expect(
      await db()
        .selectFrom('donations')
        .select('fulfilment_status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ fulfilment_status: 'sent' });

    const received = await call('POST', url, backer.headers);
    expect(received.statusCode).toBe(200);
    expect(received.json().message).toBe(inEnglish('api.pledges.rewardReceived'));
    expect(received.json().data).toMatchObject({ id, fulfilment_status: 'received', tracking_url: TRACKING });
    const firstAt = await db()
      .selectFrom('donations')
      .select('received_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(firstAt.received_at).not.toBeNull();

    now += 60_000;
    const again = await call('POST', url, backer.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.fulfilment_status).toBe('received');
    const secondAt = await db()
      .selectFrom('donations')
      .select('received_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(secondAt.received_at).toEqual(firstAt.received_at);
    // Marking it sent again does not take it back from received.
    const resent = await markSent(id, creator.headers, 'https://other.example.com/x');
    expect(resent.json().data).toEqual({
      donation_id: id,
      fulfilment_status: 'received',
      tracking_url: TRACKING,
    });
    await expectCounters(projectId, { rewards_sent: 1, rewards_total: 1 });
  });

  it('ten confirmations at once: each answers received, and the counters stay exact', async () => {
    const { projectId, rewardId } = await campaign();
    const backer = await signedInUser(ctx);
    const id = await backProject(ctx, backer.headers, projectId, { amount: 20, reward_id: rewardId });
    await markSent(id, creator.headers);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `backers/donations/${id}/received`, backer.headers)),
    );
    expect(answers.map((answer) => [answer.statusCode, answer.json().data.fulfilment_status])).toEqual(
      Array.from({ length: 10 }, () => [200, 'received']),
    );
    await expectCounters(projectId, { rewards_sent: 1, rewards_total: 1 });
  });

  it('takes only an https tracking link of at most 500 characters', async () => {
    const { projectId, rewardId } = await campaign();
    const backer = await signedInUser(ctx);
    const id = await backProject(ctx, backer.headers, projectId, { amount: 20, reward_id: rewardId });
    const long = `https://tracking.example.com/${'a'.repeat(TRACKING_URL_MAX)}`;
    for (const bad of ['http://tracking.example.com/1', 'javascript:alert(1)', long, 'not a link', '']) {
      const one = await markSent(id, creator.headers, bad);
      expect([bad, one.statusCode]).toEqual([bad, 400]);
      const bulk = await call('POST', `projects/${projectId}/backers/fulfilment`, creator.headers, {
        status: 'sent',
        donation_ids: [id],
        tracking_url: bad,
      });
      expect([bad, bulk.statusCode]).toEqual([bad, 400]);
    }
    const tooLong = await markSent(id, creator.headers, long);
    expect(tooLong.json().details.tracking_url).toEqual([
      inEnglish('msg.tools.trackingUrlTooLong', { TRACKING_URL_MAX }),
    ]);
    const plain = await markSent(id, creator.headers, 'http://tracking.example.com/1');
    expect(plain.json().details.tracking_url).toEqual([inEnglish('msg.tools.trackingUrlInvalid')]);
    expect(
      await db()
        .selectFrom('donations')
        .select(['fulfilment_status', 'tracking_url'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ fulfilment_status: null, tracking_url: null });
    // Exactly 500 characters is accepted.
    const exact = `https://t.example.com/${'b'.repeat(TRACKING_URL_MAX - 'https://t.example.com/'.length)}`;
    expect(exact).toHaveLength(TRACKING_URL_MAX);
    const sent = await markSent(id, creator.headers, exact);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ donation_id: id, fulfilment_status: 'sent', tracking_url: exact });
  });

  it('marks a filter of rewards sent with one tracking link, and tells each backer in their language', async () => {
    const { projectId, rewardId } = await campaign();
    const [ana, ben, cal] = [await signedInUser(ctx), await signedInUser(ctx), await signedInUser(ctx)];
    await db().updateTable('users').set({ locale: 'de' }).where('id', '=', ben.user.id).execute();
    // Ana turned project news off: she still sees the notice, but gets no mail.
    await call('PUT', 'users/me/preferences', ana.headers, { email_updates: false });
    const ids = [
      await backProject(ctx, ana.headers, projectId, { amount: 20, reward_id: rewardId }),
      await backProject(ctx, ben.headers, projectId, { amount: 25, reward_id: rewardId }),
      await backProject(ctx, cal.headers, projectId, { amount: 30 }),
    ];
    const bulk = await call('POST', `projects/${projectId}/backers/fulfilment`, creator.headers, {
      status: 'sent',
      donation_ids: ids,
      tracking_url: TRACKING,
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().data).toEqual({ updated: 2, donation_ids: ids.slice(0, 2) });
    const rows = await db()
      .selectFrom('donations')
      .select(['id', 'fulfilment_status', 'tracking_url'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: ids[0], fulfilment_status: 'sent', tracking_url: TRACKING },
      { id: ids[1], fulfilment_status: 'sent', tracking_url: TRACKING },
      { id: ids[2], fulfilment_status: null, tracking_url: null },
    ]);

    for (const who of [ana, ben]) {
      const notices = await call('GET', 'notifications', who.headers);
      const notice = notices
        .json()
        .data.notifications.find((n: { type: string }) => n.type === 'REWARD_SENT');
      expect(notice).toBeDefined();
      expect(notice.message).toContain(TRACKING);
      expect(notice.link).toBe('/backed-projects');
    }
    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'text_body'])
      .where('recipient', 'in', [ana.user.email, ben.user.email])
      .where('text_body', 'like', '%/backed-projects%')
      .execute();
    expect(mails.map((m) => m.recipient)).toEqual([ben.user.email]);
    expect(mails[0]?.subject).toMatch(/unterwegs/);
    expect(mails[0]?.text_body).toContain(TRACKING);
    expect(mails[0]?.text_body).toContain('/backed-projects');
    expect(mails[0]?.text_body).toContain('/api/v1/unsubscribe?token=');

    // The backer sees it on their pledge and in Backed Projects.
    const pledge = await call('GET', `backers/donations/${ids[0]}`, ana.headers);
    expect(pledge.json().data).toMatchObject({ fulfilment_status: 'sent', tracking_url: TRACKING });
    const backed = await call('GET', 'backers/me/backed-projects', ana.headers);
    const card = backed.json().data.find((p: { id: number }) => p.id === projectId);
    expect(card.pledge).toMatchObject({ fulfilment_status: 'sent', tracking_url: TRACKING });
  });

  it('shows received to the creator in the list, its filter and the CSV', async () => {
    const { projectId, rewardId } = await campaign();
    const [ana, ben, cal] = [await signedInUser(ctx), await signedInUser(ctx), await signedInUser(ctx)];
    const [a, b, c] = [
      await backProject(ctx, ana.headers, projectId, { amount: 20, reward_id: rewardId }),
      await backProject(ctx, ben.headers, projectId, { amount: 20, reward_id: rewardId }),
      await backProject(ctx, cal.headers, projectId, { amount: 20, reward_id: rewardId }),
    ];
    await markSent(a, creator.headers, TRACKING);
    await markSent(b, creator.headers);
    expect((await call('POST', `backers/donations/${a}/received`, ana.headers)).statusCode).toBe(200);

    const list = async (filter: string) =>
      (await call('GET', `projects/${projectId}/backers?fulfilment=${filter}`, creator.headers))
        .json()
        .data.map((row: { donation_id: number }) => row.donation_id);
    expect(await list('received')).toEqual([a]);
    expect(await list('sent')).toEqual([b]);
    expect(await list('unsent')).toEqual([c]);
    expect(
      (await call('GET', `projects/${projectId}/backers?fulfilment=lost`, creator.headers)).statusCode,
    ).toBe(400);
    const all = (await call('GET', `projects/${projectId}/backers`, creator.headers)).json().data;
    expect(all.find((row: { donation_id: number }) => row.donation_id === a)).toMatchObject({
      fulfilment_status: 'received',
      tracking_url: TRACKING,
      can_mark_sent: false,
    });

    const csv = await call('GET', `projects/${projectId}/backers.csv`, creator.headers);
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines[0]).toContain(',Reward sent,Reward received,Tracking link,Ship to,');
    expect(lines.find((line) => line.startsWith(`${a},`))).toContain(`,yes,yes,${TRACKING},`);
    expect(lines.find((line) => line.startsWith(`${b},`))).toContain(',yes,no,,');
    expect(lines.find((line) => line.startsWith(`${c},`))).toContain(',no,no,,');
    const received = await call(
      'GET',
      `projects/${projectId}/backers.csv?fulfilment=received`,
      creator.headers,
    );
    expect(received.body.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('keeps rewards_sent and rewards_total exact through pledges, changes, cancels, sends, receipts and refunds', async () => {
    // Flexible: collected at checkout, refundable by the creator.
    const flexible = await campaign();
    const [ana, ben, cal] = [await signedInUser(ctx), await signedInUser(ctx), await signedInUser(ctx)];
    const a = await backProject(ctx, ana.headers, flexible.projectId, {
      amount: 20,
      reward_id: flexible.rewardId,
    });
    const b = await backProject(ctx, ben.headers, flexible.projectId, {
      amount: 20,
      reward_id: flexible.rewardId,
    });
    await backProject(ctx, cal.headers, flexible.projectId, { amount: 20 });
    await expectCounters(flexible.projectId, { rewards_sent: 0, rewards_total: 2 });
    await markSent(a, creator.headers);
    await expectCounters(flexible.projectId, { rewards_sent: 1, rewards_total: 2 });
    await call('POST', `backers/donations/${a}/received`, ana.headers);
    await expectCounters(flexible.projectId, { rewards_sent: 1, rewards_total: 2 });
    // A refunded pledge leaves both: it no longer counts among the backers.
    expect((await call('POST', `backers/donations/${a}/refund`, creator.headers)).statusCode).toBe(200);
    await expectCounters(flexible.projectId, { rewards_sent: 0, rewards_total: 1 });
    expect((await call('POST', `backers/donations/${b}/refund`, admin.headers)).statusCode).toBe(200);
    await expectCounters(flexible.projectId, { rewards_sent: 0, rewards_total: 0 });

    // All-or-nothing: counted while pledged, moved by a change of reward and by a cancel.
    const aon = await campaign('all_or_nothing', 20);
    const [dan, eve] = [await signedInUser(ctx), await signedInUser(ctx)];
    const d = await backProject(ctx, dan.headers, aon.projectId, { amount: 20, reward_id: aon.rewardId });
    const e = await backProject(ctx, eve.headers, aon.projectId, { amount: 20 });
    await expectCounters(aon.projectId, { rewards_sent: 0, rewards_total: 1 });
    expect(
      (await call('PUT', `backers/donations/${e}`, eve.headers, { amount: 25, reward_id: aon.rewardId }))
        .statusCode,
    ).toBe(200);
    await expectCounters(aon.projectId, { rewards_sent: 0, rewards_total: 2 });
    expect(
      (await call('PUT', `backers/donations/${e}`, eve.headers, { amount: 25, reward_id: null })).statusCode,
    ).toBe(200);
    await expectCounters(aon.projectId, { rewards_sent: 0, rewards_total: 1 });
    expect((await call('POST', `backers/donations/${e}/cancel`, eve.headers)).statusCode).toBe(200);
    await expectCounters(aon.projectId, { rewards_sent: 0, rewards_total: 1 });
    // Not yet collected: the reward cannot be sent.
    expect((await markSent(d, creator.headers)).statusCode).toBe(409);
    // The campaign succeeds and is collected (live to live: the counters stay), then its reward is sent.
    now = Date.now() + 11 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    await ctx.app.services.collection.collect();
    await expectCounters(aon.projectId, { rewards_sent: 0, rewards_total: 1 });
    expect((await markSent(d, creator.headers, TRACKING)).statusCode).toBe(200);
    await expectCounters(aon.projectId, { rewards_sent: 1, rewards_total: 1 });

    // A failed campaign releases its pledges: nothing left to send.
    const failed = await campaign('all_or_nothing', 1000);
    const fay = await signedInUser(ctx);
    await backProject(ctx, fay.headers, failed.projectId, { amount: 20, reward_id: failed.rewardId });
    await expectCounters(failed.projectId, { rewards_sent: 0, rewards_total: 1 });
    now = Date.now() + 11 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    await expectCounters(failed.projectId, { rewards_sent: 0, rewards_total: 0 });
  });

  it('carries the counters in the project’s public data', async () => {
    const { projectId, rewardId } = await campaign();
    const [ana, ben] = [await signedInUser(ctx), await signedInUser(ctx)];
    const a = await backProject(ctx, ana.headers, projectId, { amount: 20, reward_id: rewardId });
    await backProject(ctx, ben.headers, projectId, { amount: 20, reward_id: rewardId });
    const read = async () => (await call('GET', `projects/${projectId}`, anonymous)).json().data;
    expect(await read()).toMatchObject({ rewards_sent: 0, rewards_total: 2 });
    await markSent(a, creator.headers);
    // The page cache forgets the project when the database announces the change (migration 0017).
    await expect.poll(read).toMatchObject({ rewards_sent: 1, rewards_total: 2 });
  });
});

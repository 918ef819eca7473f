import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backerSummaryMismatches, backingMismatches, backProject, ledgerAgrees } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { firstCategoryId } from '../../test/projects';
import { notificationText } from '../notifications/notifications.service';

const DAY = 86_400_000;
type User = Awaited<ReturnType<typeof signedInUser>>;

/** DESIGN.md §18, the hold: a live campaign an admin rejects keeps its pledges, collects nothing, and ends FAILED. */
describe.each(databaseKinds)('a campaign on hold on %s', (kind) => {
  let ctx: TestContext;
  let now = Date.now();
  let creator: User;
  let admin: User;
  let stranger: User;
  let backers: User[];

  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, undefined, { clock: () => new Date(now) });
    creator = await signedInUser(ctx);
    admin = await signedInUser(ctx, { admin: true });
    stranger = await signedInUser(ctx);
    backers = await Promise.all([signedInUser(ctx), signedInUser(ctx)]);
    // One backer reads German: their mail is written in it.
    await ctx.database.db
      .updateTable('users')
      .set({ locale: 'de' })
      .where('id', '=', backers[1]!.user.id)
      .execute();
  });
  afterAll(() => ctx.close());

  /** A running campaign ending in 5 days that has reached its goal of 100, backed with 60 and 50. */
  async function campaign(fundingModel: 'all_or_nothing' | 'flexible' = 'all_or_nothing') {
    now = Date.now();
    const id = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      categoryId: await firstCategoryId(ctx),
      title: `Open Atlas ${fundingModel} ${Math.random()}`,
      goal: 100,
      start: -1,
      end: 5,
      fundingModel,
    });
    const pledges = [
      await backProject(ctx, backers[0]!.headers, id, { amount: 60 }),
      await backProject(ctx, backers[1]!.headers, id, { amount: 50 }),
    ];
    return { id, pledges };
  }
  const moderate = (id: number, act: 'revoke' | 'activate') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/${act}`,
      headers: admin.headers,
      payload: act === 'revoke' ? { reason: 'Reported as fraud' } : {},
    });
  const projectRow = (id: number) =>
    ctx.database.db
      .selectFrom('projects')
      .select(['status', 'activated_at', 'current_cents', 'backers_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const statuses = async (ids: number[]) =>
    (
      await ctx.database.db
        .selectFrom('donations')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    ).map((row) => row.status);
  const notes = (id: number, type: string) =>
    ctx.database.db
      .selectFrom('notifications')
      .select(['user_id', 'message', 'message_values', 'link'])
      .where('project_id', '=', id)
      .where('type', '=', type)
      .orderBy('user_id')
      .execute();
  const ownBacked = async (who: User, status?: string) => {
    const response = await ctx.app.inject({
      url: `/api/v1/backers/me/backed-projects${status ? `?status=${status}` : ''}`,
      headers: who.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{
      data: { id: number; on_hold: boolean; revocation_reason: string | null; pledge: { status: string } }[];
      meta: { total: number };
    }>();
  };
  const donation = (id: number, who: User) =>
    ctx.app.inject({ url: `/api/v1/backers/donations/${id}`, headers: who.headers });

  it('keeps the pledges, tells each backer, and lets them see and cancel their pledge; nothing is collected', async () => {
    const { id, pledges } = await campaign();
    const mailsBefore = await ctx.database.db.selectFrom('mail_outbox').select('id').execute();
    expect((await moderate(id, 'revoke')).statusCode).toBe(200);
    expect(await projectRow(id)).toMatchObject({
      status: 'REJECTED',
      current_cents: 11_000,
      backers_count: 2,
    });
    expect((await projectRow(id)).activated_at).not.toBeNull();
    expect(await statuses(pledges)).toEqual(['PLEDGED', 'PLEDGED']);

    // Each backer is told, in the notification centre and by mail in their language, and led to Backed Projects.
    const told = await notes(id, 'CAMPAIGN_HOLD');
    expect(told.map((note) => note.user_id)).toEqual(
      backers.map((backer) => backer.user.id).sort((a, b) => a - b),
    );
    expect(told[0]!.link).toBe('/backed-projects');
    expect(notificationText(ctx.app.translators.for('en'), told[0]!)).toContain('is on hold');
    const mails = await ctx.database.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject'])
      .where('id', 'not in', mailsBefore.length ? mailsBefore.map((mail) => mail.id) : [0])
      .execute();
    const [english, german] = await Promise.all(
      backers.map((backer) =>
        ctx.database.db
          .selectFrom('users')
          .select('email')
          .where('id', '=', backer.user.id)
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(mails).toEqual(
      expect.arrayContaining([
        { recipient: english!.email, subject: 'A project you backed is on hold' },
        { recipient: german!.email, subject: 'Ein Projekt, das Sie unterstützt haben, ist pausiert' },
      ]),
    );

    // The backer's own Backed Projects shows it on hold, in All and Active; nobody else's view of them does.
    for (const tab of [undefined, 'active']) {
      const own = await ownBacked(backers[0]!, tab);
      expect(own.meta.total).toBe(1);
      expect(own.data).toEqual([
        expect.objectContaining({
          id,
          on_hold: true,
          revocation_reason: null,
          pledge: expect.objectContaining({ status: 'PLEDGED' }),
        }),
      ]);
    }
    expect((await ownBacked(backers[0]!, 'failed')).meta.total).toBe(0);
    const seen = await ctx.app.inject({
      url: `/api/v1/backers/users/${backers[0]!.user.id}/backed-projects`,
      headers: stranger.headers,
    });
    expect(seen.json()).toMatchObject({ data: [], meta: { total: 0 } });

    // The pledge answers on its own address, cancellable and not changeable, with no charge date promised.
    const own = await donation(pledges[0]!, backers[0]!);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      status: 'PLEDGED',
      can_cancel: true,
      can_change: false,
      charge_date: null,
    });
    expect((await donation(pledges[0]!, stranger)).statusCode).toBe(404);

    // Nothing is collected while it lasts, and no payout may be requested (409, in the caller's language).
    await ctx.app.services.collection.collect();
    expect(await statuses(pledges)).toEqual(['PLEDGED', 'PLEDGED']);
    for (const [language, words] of [
      ['en', 'This campaign is on hold'],
      ['de', 'Diese Kampagne ist pausiert'],
    ] as const) {
      const payout = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/payouts/projects/${id}/payouts`,
        headers: { ...creator.headers, 'accept-language': language },
      });
      expect(payout.statusCode).toBe(409);
      expect(payout.json().message).toContain(words);
    }
    const eligibility = await ctx.app.inject({
      url: `/api/v1/payouts/projects/${id}/payout/eligibility`,
      headers: creator.headers,
    });
    expect(eligibility.json().data).toMatchObject({
      eligible: false,
      reason: 'This campaign is on hold: no payout can be requested while it lasts.',
    });

    // Changed it cannot be, and the answer says why.
    const change = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/backers/donations/${pledges[0]!}`,
      headers: backers[0]!.headers,
      payload: { amount: 80, reward_id: null },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().message).toBe(
      'This campaign is on hold: the pledge can be cancelled but not changed.',
    );

    // The backer cancels: the counters and their summary follow.
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/backers/donations/${pledges[0]!}/cancel`,
      headers: backers[0]!.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await statuses(pledges)).toEqual(['CANCELED', 'PLEDGED']);
    expect(await projectRow(id)).toMatchObject({ current_cents: 5000, backers_count: 1 });
    expect((await ownBacked(backers[0]!)).data.map((project) => project.id)).not.toContain(id);
    expect(await backerSummaryMismatches(ctx)).toEqual([]);

    // Its end date passes on hold: FAILED although it had reached its goal; released, nobody charged.
    now = Date.now() + 7 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    await ctx.app.services.collection.collect();
    expect((await projectRow(id)).status).toBe('FAILED');
    expect(await statuses(pledges)).toEqual(['CANCELED', 'RELEASED']);
    const money = await ledgerAgrees(ctx, id);
    expect(money).toMatchObject({ counters: { cents: 0, backers: 0 }, ledgerGross: 0, collectedCents: 0 });
    const results = await notes(id, 'CAMPAIGN_RESULT');
    expect(results.map((note) => note.user_id).sort()).toEqual([creator.user.id, backers[1]!.user.id].sort());
    const en = ctx.app.translators.for('en');
    expect(results.map((note) => notificationText(en, note))).toEqual(
      expect.arrayContaining([expect.stringContaining('ended while on hold')]),
    );
    expect((await ownBacked(backers[1]!, 'failed')).data).toEqual([
      expect.objectContaining({
        id,
        on_hold: false,
        pledge: expect.objectContaining({ status: 'RELEASED' }),
      }),
    ]);
    expect(await backerSummaryMismatches(ctx)).toEqual([]);
    expect(await backingMismatches(ctx)).toEqual([]);
  });

  it('hides the held project from anyone but its creator and admins', async () => {
    const { id } = await campaign();
    expect((await moderate(id, 'revoke')).statusCode).toBe(200);
    const read = (headers?: Record<string, string>) =>
      ctx.app.inject({ url: `/api/v1/projects/${id}`, ...(headers ? { headers } : {}) });
    expect((await read()).statusCode).toBe(404);
    expect((await read(stranger.headers)).statusCode).toBe(404);
    expect((await read(backers[0]!.headers)).statusCode).toBe(404);
    expect((await read(creator.headers)).statusCode).toBe(200);
    expect((await read(admin.headers)).statusCode).toBe(200);
    // A backer's public list shows none of it either.
    const listed = await ctx.app.inject({
      url: `/api/v1/backers/users/${backers[0]!.user.id}/backed-projects`,
    });
    expect(listed.json().data.map((project: { id: number }) => project.id)).not.toContain(id);
  });

  it('goes on when activated again before the end: backers told, pledges collected once it succeeds', async () => {
    const { id, pledges } = await campaign();
    expect((await moderate(id, 'revoke')).statusCode).toBe(200);
    const activated = await moderate(id, 'activate');
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await projectRow(id)).status).toBe('ACTIVE');
    const told = await notes(id, 'CAMPAIGN_HOLD');
    expect(told.filter((note) => note.message === 'api.notification.backedResumed')).toHaveLength(2);
    expect(await statuses(pledges)).toEqual(['PLEDGED', 'PLEDGED']);
    const own = await ownBacked(backers[0]!);
    expect(own.data.find((project) => project.id === id)).toMatchObject({ on_hold: false });
    now = Date.now() + 7 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    await ctx.app.services.collection.collect();
    expect((await projectRow(id)).status).toBe('SUCCESSFUL');
    expect(await statuses(pledges)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(await backerSummaryMismatches(ctx)).toEqual([]);
  });

  it('settles a flexible campaign held to its end as FAILED, its collected pledges as they were', async () => {
    const { id, pledges } = await campaign('flexible');
    expect((await moderate(id, 'revoke')).statusCode).toBe(200);
    expect(await notes(id, 'CAMPAIGN_HOLD')).toHaveLength(2);
    // Charged at checkout and final (DESIGN.md §10): not cancellable on hold either.
    expect((await donation(pledges[0]!, backers[0]!)).json().data).toMatchObject({ can_cancel: false });
    now = Date.now() + 7 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    expect((await projectRow(id)).status).toBe('FAILED');
    expect(await statuses(pledges)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
  });

  it('leaves a rejection in review as it was: never live, nobody to tell', async () => {
    now = Date.now();
    const id = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, status: 'PENDING' });
    expect((await moderate(id, 'revoke')).statusCode).toBe(200);
    expect(await projectRow(id)).toMatchObject({ status: 'REJECTED', activated_at: null });
    expect(await notes(id, 'CAMPAIGN_HOLD')).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backerSummaryMismatches, backingMismatches, backProject, ledgerAgrees } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { firstCategoryId } from '../../test/projects';
import { notificationText } from '../notifications/notifications.service';

type User = Awaited<ReturnType<typeof signedInUser>>;

/**
 * DESIGN.md §18, campaigns that end early: a creator's cancel and an admin's suspend release every pledge not yet
 * charged, refund every collected one once (the campaign-refunds job), take back what was paid out, and leave a
 * tombstone at the project's address that no list shows.
 */
describe.each(databaseKinds)('campaigns ended early on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let admin: User;
  let stranger: User;
  let backers: User[];

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx);
    admin = await signedInUser(ctx, { admin: true });
    stranger = await signedInUser(ctx);
    backers = await Promise.all([signedInUser(ctx), signedInUser(ctx)]);
    await ctx.database.db
      .updateTable('users')
      .set({ locale: 'de' })
      .where('id', '=', backers[1]!.user.id)
      .execute();
  });
  afterAll(() => ctx.close());

  /** A running campaign backed with 60 and 50 by the two backers. */
  async function campaign(fundingModel: 'all_or_nothing' | 'flexible') {
    const id = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      categoryId: await firstCategoryId(ctx),
      title: `Night Market ${fundingModel} ${Math.random()}`,
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
  const cancel = (id: number, who: User | null, payload: object = { message: 'We could not make it.' }) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/cancel`,
      headers: who?.headers ?? {},
      payload,
    });
  const suspend = (
    id: number,
    who: User | null,
    payload: object = { reason: 'fraud', message: 'The creator could not show the prototype.' },
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/projects/${id}/suspend`,
      headers: who?.headers ?? {},
      payload,
    });
  const statuses = async (ids: number[]) =>
    (
      await ctx.database.db
        .selectFrom('donations')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    ).map((row) => row.status);
  const refundsDone = async () => {
    await ctx.app.services.campaignRefunds.idle();
    return ctx.app.services.campaignRefunds.run();
  };
  const consistent = async (id: number) => {
    const money = await ledgerAgrees(ctx, id);
    expect(money.counters).toEqual(money.donations);
    expect(money.ledgerGross).toBe(money.collectedCents);
    expect(await backingMismatches(ctx)).toEqual([]);
    expect(await backerSummaryMismatches(ctx)).toEqual([]);
  };

  it('lets only the creator cancel a running campaign, with a message; anyone else is refused', async () => {
    const { id } = await campaign('all_or_nothing');
    expect((await cancel(id, null)).statusCode).toBe(401);
    for (const who of [stranger, backers[0]!, admin]) {
      const refused = await cancel(id, who);
      expect(refused.statusCode).toBe(403);
    }
    const empty = await cancel(id, creator, { message: '  ' });
    expect(empty.statusCode).toBe(400);
    const project = await ctx.database.db
      .selectFrom('projects')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(project.status).toBe('ACTIVE');
  });

  it('lets a silenced creator still cancel (it protects the backers); a suspended one is refused, as is suspending', async () => {
    const sanction = (who: User, act: 'silence' | 'suspend') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${who.user.id}/${act}`,
        headers: admin.headers,
        payload: {
          reason: 'spam',
          message: 'Please read the rules.',
          ...(act === 'silence' ? { until: new Date(Date.now() + 7 * 86_400_000).toISOString() } : {}),
        },
      });
    const silenced = await signedInUser(ctx);
    const heard = await createProjectRow(ctx.database.db, { creatorId: silenced.user.id, start: -1, end: 5 });
    expect((await sanction(silenced, 'silence')).statusCode).toBe(200);
    expect((await cancel(heard, silenced)).statusCode).toBe(200);

    const suspended = await signedInUser(ctx);
    const shut = await createProjectRow(ctx.database.db, { creatorId: suspended.user.id, start: -1, end: 5 });
    expect((await sanction(suspended, 'suspend')).statusCode).toBe(200);
    expect((await cancel(shut, suspended)).statusCode).toBe(403);
    expect((await suspend(shut, suspended)).statusCode).toBe(403);
    // The suspension put the live project on hold; an admin may still end it for good.
    expect((await suspend(shut, admin)).statusCode).toBe(200);
  });

  it('releases an all-or-nothing campaign’s pledges, tells its backers in their language, and leaves a tombstone', async () => {
    const { id, pledges } = await campaign('all_or_nothing');
    const mailsBefore = (await ctx.database.db.selectFrom('mail_outbox').select('id').execute()).map(
      (m) => m.id,
    );
    const done = await cancel(id, creator, { message: 'A supplier closed; we will come back next year.' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'CANCELED',
      end_message: 'A supplier closed; we will come back next year.',
      suspension_reason: null,
      current_amount: 0,
      backers_count: 0,
    });
    expect(await statuses(pledges)).toEqual(['RELEASED', 'RELEASED']);
    await consistent(id);

    const told = await ctx.database.db
      .selectFrom('notifications')
      .select(['user_id', 'message', 'message_values', 'link'])
      .where('project_id', '=', id)
      .where('type', '=', 'CAMPAIGN_ENDED')
      .orderBy('user_id')
      .execute();
    expect(told.map((note) => note.user_id).sort()).toEqual(backers.map((b) => b.user.id).sort());
    expect(notificationText(ctx.app.translators.for('en'), told[0]!)).toContain(
      'was cancelled by its creator. Nothing more will be charged',
    );
    expect(notificationText(ctx.app.translators.for('de'), told[0]!)).toContain('A supplier closed');
    const mails = await ctx.database.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject'])
      .where('id', 'not in', mailsBefore.length ? mailsBefore : [0])
      .execute();
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'A project you backed was cancelled',
      'Ein Projekt, das Sie unterstützt haben, wurde abgebrochen',
    ]);

    // The tombstone: open to anyone at its address, read-only, in no list, search or typeahead.
    const page = await ctx.app.inject({ url: `/api/v1/projects/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ status: 'CANCELED', end_message: expect.any(String) });
    const comments = await ctx.app.inject({
      url: `/api/v1/projects/${id}/comments`,
      headers: backers[0]!.headers,
    });
    expect(comments.json().data.can_comment).toBe(false);
    const list = await ctx.app.inject({ url: '/api/v1/projects?per_page=100' });
    expect(list.json().data.projects.map((p: { id: number }) => p.id)).not.toContain(id);
    const search = await ctx.app.inject({
      url: `/api/v1/projects?search=${encodeURIComponent('Night Market')}`,
    });
    expect(search.json().data.projects.map((p: { id: number }) => p.id)).not.toContain(id);
    const mine = await ctx.app.inject({
      url: '/api/v1/projects?my_projects=true&status=canceled&per_page=100',
      headers: creator.headers,
    });
    expect(mine.json().data.projects.map((p: { id: number }) => p.id)).toContain(id);

    // Final: a second cancel, a suspension of it and a payout request answer 409.
    expect((await cancel(id, creator)).statusCode).toBe(409);
    expect((await suspend(id, admin)).statusCode).toBe(409);
    const payout = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payouts/projects/${id}/payouts`,
      headers: { ...creator.headers, 'accept-language': 'de' },
    });
    expect(payout.statusCode).toBe(409);
    expect(payout.json().message).toContain('abgebrochen oder gesperrt');
  });

  it('refunds a flexible campaign’s collected pledges once each through the provider, the ledger netting to zero', async () => {
    const { id, pledges } = await campaign('flexible');
    expect(await statuses(pledges)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect((await cancel(id, creator)).statusCode).toBe(200);
    await refundsDone();
    expect(await statuses(pledges)).toEqual(['REFUNDED', 'REFUNDED']);
    const again = await ctx.app.services.campaignRefunds.run();
    expect(again).toEqual({ refunded: 0, blocked: 0, reversedPayouts: 0 });
    const ledger = await ctx.database.db
      .selectFrom('ledger_entries')
      .select(['kind', 'gross_cents'])
      .where('project_id', '=', id)
      .orderBy('id')
      .execute();
    expect(
      ledger
        .filter((row) => row.kind === 'refund')
        .map((row) => Number(row.gross_cents))
        .sort((a, b) => a - b),
    ).toEqual([-6000, -5000]);
    await consistent(id);
    const refunds = await ctx.database.db
      .selectFrom('donations')
      .select('refund_reference')
      .where('id', 'in', pledges)
      .execute();
    expect(refunds.map((row) => row.refund_reference).sort()).toEqual(
      pledges.map((pledge) => `re_sandbox_refund-donation-${pledge}`).sort(),
    );
  });

  it('lets only an admin suspend, with a known reason; a draft or an ended project answers 409', async () => {
    const { id } = await campaign('all_or_nothing');
    expect((await suspend(id, null)).statusCode).toBe(401);
    for (const who of [stranger, backers[0]!, creator]) expect((await suspend(id, who)).statusCode).toBe(403);
    expect((await suspend(id, admin, { reason: 'boredom', message: 'x' })).statusCode).toBe(400);
    expect((await suspend(id, admin, { reason: 'spam' })).statusCode).toBe(400);
    const draft = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, status: 'DRAFT' });
    const refused = await suspend(draft, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A draft project cannot be suspended');
    const status = await ctx.app.inject({
      url: `/api/v1/admin/projects/${id}/refunds`,
      headers: creator.headers,
    });
    expect(status.statusCode).toBe(403);
  });

  it('suspends a successful campaign: payouts taken back, collected pledges refunded, everyone told, audited', async () => {
    const { id, pledges } = await campaign('flexible');
    await ctx.database.db
      .updateTable('projects')
      .set({ status: 'SUCCESSFUL' })
      .where('id', '=', id)
      .execute();
    await ctx.database.db
      .insertInto('bank_accounts')
      .values({
        user_id: creator.user.id,
        provider: 'sandbox',
        account_id: `acct_sandbox_${id}`,
        payouts_enabled: true,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const payout = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payouts/projects/${id}/payouts`,
      headers: creator.headers,
    });
    expect(payout.statusCode).toBe(201);

    const done = await suspend(id, admin);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'SUSPENDED',
      suspension_reason: 'fraud',
      end_message: null,
    });
    await refundsDone();
    expect(await statuses(pledges)).toEqual(['REFUNDED', 'REFUNDED']);
    const payouts = await ctx.database.db
      .selectFrom('payouts')
      .select(['status', 'reversal_reference'])
      .where('project_id', '=', id)
      .execute();
    expect(payouts).toEqual([
      { status: 'REVERSED', reversal_reference: expect.stringMatching(/^trr_sandbox_/) },
    ]);
    await consistent(id);
    const balance = await ctx.database.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number>('net_cents').as('net'))
      .where('project_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(balance.net)).toBe(0);

    const status = await ctx.app.inject({
      url: `/api/v1/admin/projects/${id}/refunds`,
      headers: admin.headers,
    });
    expect(status.json().data).toMatchObject({
      status: 'SUSPENDED',
      refunded: 2,
      refunded_amount: 110,
      to_refund: 0,
      blocked: [],
      payouts_not_recovered: [],
    });
    const creatorNote = await ctx.database.db
      .selectFrom('notifications')
      .select(['message', 'message_values'])
      .where('project_id', '=', id)
      .where('user_id', '=', creator.user.id)
      .where('type', '=', 'CAMPAIGN_ENDED')
      .executeTakeFirstOrThrow();
    expect(notificationText(ctx.app.translators.for('es'), creatorNote)).toContain('sospecha de fraude');
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('project_id', '=', id)
      .execute();
    expect(audit).toContainEqual({ action: 'project.suspend', actor_id: admin.user.id });
    // The tombstone names the reason only; the admin's words went to the people concerned.
    const page = await ctx.app.inject({ url: `/api/v1/projects/${id}` });
    expect(page.json().data).toMatchObject({
      status: 'SUSPENDED',
      suspension_reason: 'fraud',
      end_message: null,
    });
    expect(page.body).not.toContain('prototype');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDate, INSTALMENT_MESSAGES, MS_PER_DAY, PLEDGE_MESSAGES } from '@fundry/shared';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, ledgerAgrees, pledge, saveCardInSandbox, TEST_CARDS } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish, inLocale } from '../../test/i18n';
import { permissionColumns } from '../collaborators/collaborators.repository';
import { DAY, openPledges, type Pledges } from '../pledges/pledges.fixtures';
import { sanctionsBy } from '../sanctions/sanctions.fixtures';

type User = Awaited<ReturnType<typeof signedInUser>>;
interface Plan {
  number: number;
  amount: number;
  due_on: string;
  status: string;
  charged_at: string | null;
}

const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);

/** Pledge over time (DESIGN.md §20): the plan chosen, moved, collected instalment by instalment, declined, ended. */
describe.each(databaseKinds)('pledge over time on %s', (kind) => {
  let now = Date.now();
  let { ctx, creator, admin, db, api, statusOf, campaign } = {} as Pledges;

  beforeAll(async () => {
    ({ ctx, creator, admin, db, api, statusOf, campaign } = await openPledges(kind, {
      now: () => now,
      set: (ms) => (now = ms),
    }));
  });
  afterAll(() => ctx.close());

  /** An all-or-nothing campaign offering the plan, ending in 10 days. */
  async function offering(options: Parameters<Pledges['campaign']>[0] = {}) {
    const made = await campaign({ goal: 100, ...options });
    await db()
      .updateTable('projects')
      .set({ pledge_over_time: true })
      .where('id', '=', made.projectId)
      .execute();
    const { end_date } = await db()
      .selectFrom('projects')
      .select('end_date')
      .where('id', '=', made.projectId)
      .executeTakeFirstOrThrow();
    return { ...made, chargeOn: chargeDate(end_date!) };
  }
  const planOf = async (id: number, who: User): Promise<Plan[]> =>
    (await api('GET', `/donations/${id}`, who.headers)).json().data.instalments;
  const ledgerOf = async (projectId: number) =>
    (
      await db()
        .selectFrom('ledger_entries')
        .select(['donation_id', 'gross_cents'])
        .where('project_id', '=', projectId)
        .where('kind', '=', 'donation')
        .orderBy('id')
        .execute()
    ).map((row) => [row.donation_id, Number(row.gross_cents)]);
  /** The job, limited to these pledges (other tests' plans run in the same database). */
  const runFor = async (...ids: number[]) => {
    const total = { charged: 0, declined: 0, defaulted: 0, deferred: 0 };
    for (const id of ids) {
      const report = await ctx.app.services.instalments.run(id);
      for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += report[key];
    }
    return total;
  };
  const refused = (response: { statusCode: number; json(): { message: string } }) => [
    response.statusCode,
    response.json().message,
  ];

  it('is chosen at the Back button on a project that offers it, above the minimum; the plan is the server’s', async () => {
    const { projectId, chargeOn } = await offering();
    const backer = await signedInUser(ctx);
    const plain = await campaign();
    expect(
      refused(await pledge(ctx, backer.headers, plain.projectId, { amount: 200, pay_over_time: true })),
    ).toEqual([422, inEnglish(INSTALMENT_MESSAGES.notOffered)]);
    const under = await pledge(ctx, backer.headers, projectId, {
      amount: 124.99,
      pay_over_time: true,
    });
    expect(refused(under)).toEqual([
      422,
      inEnglish(INSTALMENT_MESSAGES.belowMinimum, { minimum: 125, currency: 'USD' }),
    ]);
    // In the caller's language.
    const inGerman = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/backers/projects/${projectId}/back`,
      headers: { ...backer.headers, 'accept-language': 'de' },
      payload: { amount: 100, pay_over_time: true },
    });
    expect(inGerman.json().message).toBe(
      inLocale('de', INSTALMENT_MESSAGES.belowMinimum, { minimum: 125, currency: 'USD' }),
    );
    // Never an amount from the client.
    const forged = await pledge(ctx, backer.headers, projectId, {
      amount: 250,
      pay_over_time: true,
      instalments: [{ number: 1, amount: 1 }],
    } as never);
    expect(forged.statusCode).toBe(400);

    const flexible = await campaign({ fundingModel: 'flexible' });
    await db()
      .updateTable('projects')
      .set({ pledge_over_time: true })
      .where('id', '=', flexible.projectId)
      .execute();
    expect(
      refused(await pledge(ctx, backer.headers, flexible.projectId, { amount: 200, pay_over_time: true })),
    ).toEqual([422, inEnglish(INSTALMENT_MESSAGES.flexible)]);

    const id = await backProject(ctx, backer.headers, projectId, {
      amount: 250,
      pay_over_time: true,
    });
    const view = (await api('GET', `/donations/${id}`, backer.headers)).json().data;
    expect(view).toMatchObject({ status: 'PLEDGED', amount: 250, pay_over_time: true });
    expect(view.instalments).toEqual([
      { number: 1, amount: 83.34, due_on: chargeOn, status: 'scheduled', charged_at: null },
      { number: 2, amount: 83.33, due_on: dayAfter(chargeOn, 30), status: 'scheduled', charged_at: null },
      { number: 3, amount: 83.33, due_on: dayAfter(chargeOn, 60), status: 'scheduled', charged_at: null },
    ]);
    // The whole pledge counts toward the goal from the start.
    expect((await ledgerAgrees(ctx, projectId)).counters).toEqual({ cents: 25_000, backers: 1 });
    const page = await ctx.app.inject({ url: `/api/v1/projects/${projectId}` });
    expect(page.json().data).toMatchObject({ pledge_over_time: true, pledge_over_time_minimum: 125 });
  });

  it('says on the checkout page that the card is charged in instalments, the first on the charge date', async () => {
    const { projectId } = await offering();
    const backer = await signedInUser(ctx);
    const response = await pledge(ctx, backer.headers, projectId, { amount: 250, pay_over_time: true });
    expect(response.statusCode).toBe(201);
    const page = await ctx.app.inject(new URL(response.json().data.checkout_url).pathname);
    expect(page.body).toMatch(
      /You will be charged \$250\.00 in 3 monthly instalments, the first on [A-Z][a-z]+ \d+, \d{4}, only if the project reaches its goal/,
    );
  });

  it('refuses a late pledge on a plan', async () => {
    const { projectId } = await offering();
    await db()
      .updateTable('projects')
      .set({ status: 'SUCCESSFUL', late_pledges_open: true })
      .where('id', '=', projectId)
      .execute();
    const backer = await signedInUser(ctx);
    expect(
      refused(await pledge(ctx, backer.headers, projectId, { amount: 200, pay_over_time: true })),
    ).toEqual([422, inEnglish(INSTALMENT_MESSAGES.late)]);
  });

  it('moves with a change of amount, is dropped below the minimum, and cannot be taken after the end', async () => {
    const { projectId, chargeOn } = await offering();
    const backer = await signedInUser(ctx);
    const id = await backProject(ctx, backer.headers, projectId, {
      amount: 250,
      pay_over_time: true,
    });
    const change = (body: object) => api('PUT', `/donations/${id}`, backer.headers, body);

    expect((await change({ amount: 300 })).statusCode).toBe(200);
    expect((await planOf(id, backer)).map((item) => [item.amount, item.due_on])).toEqual([
      [100, chargeOn],
      [100, dayAfter(chargeOn, 30)],
      [100, dayAfter(chargeOn, 60)],
    ]);
    expect((await ledgerAgrees(ctx, projectId)).counters.cents).toBe(30_000);
    // Below the minimum, the plan is dropped; asked for again there, refused.
    const dropped = await change({ amount: 100 });
    expect(dropped.json().data).toMatchObject({ amount: 100, pay_over_time: false, instalments: [] });
    expect(refused(await change({ amount: 100, pay_over_time: true }))).toEqual([
      422,
      inEnglish(INSTALMENT_MESSAGES.belowMinimum, { minimum: 125, currency: 'USD' }),
    ]);
    const back = await change({ amount: 200.01, pay_over_time: true });
    expect(back.json().data.instalments.map((item: Plan) => item.amount)).toEqual([66.67, 66.67, 66.67]);
    const off = await change({ amount: 200.01, pay_over_time: false });
    expect(off.json().data).toMatchObject({ pay_over_time: false, instalments: [] });

    now += 11 * DAY;
    expect(refused(await change({ amount: 200, pay_over_time: true }))).toEqual([
      422,
      inEnglish(INSTALMENT_MESSAGES.afterEnd),
    ]);
    expect(refused(await change({ amount: 200 }))).toEqual([422, inEnglish(PLEDGE_MESSAGES.campaignEnded)]);
  });

  it('collects the first instalment with the campaign, the others each due day, once each: then SUCCEEDED', async () => {
    const { projectId, chargeOn } = await offering();
    const backer = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const id = await backProject(ctx, backer.headers, projectId, {
      amount: 250,
      pay_over_time: true,
    });
    const whole = await backProject(ctx, other.headers, projectId, { amount: 40 });

    now = Date.parse(`${chargeOn}T09:00:00Z`);
    await ctx.app.services.projectLifecycle.settle();
    await Promise.all([ctx.app.services.collection.collect(), ctx.app.services.collection.collect()]);
    expect(await statusOf(id)).toBe('COLLECTING');
    expect(await statusOf(whole)).toBe('SUCCEEDED');
    expect(await ledgerOf(projectId)).toEqual(
      expect.arrayContaining([
        [id, 8334],
        [whole, 4000],
      ]),
    );
    expect(await ledgerOf(projectId)).toHaveLength(2);
    expect((await planOf(id, backer)).map((item) => item.status)).toEqual(['paid', 'scheduled', 'scheduled']);
    // The payouts page: the instalment collected is there, those to come by date.
    const eligibility = await ctx.app.inject({
      url: `/api/v1/payouts/projects/${projectId}/payout/eligibility`,
      headers: creator.headers,
    });
    expect(eligibility.json().data).toMatchObject({
      funds_info: { total_donations: 123.34 },
      to_come: [
        { due_on: dayAfter(chargeOn, 30), amount: 83.33 },
        { due_on: dayAfter(chargeOn, 60), amount: 83.33 },
      ],
    });
    // The collection does not touch a running plan again; nothing else is due today.
    expect(await ctx.app.services.collection.collect()).toEqual({ charged: 0, declined: 0, deferred: 0 });
    expect((await runFor(id)).charged).toBe(0);

    now = Date.parse(`${dayAfter(chargeOn, 30)}T01:00:00Z`);
    // Two instances at once: each instalment charged once.
    const runs = await Promise.all([
      ctx.app.services.instalments.run(),
      ctx.app.services.instalments.run(id),
    ]);
    expect(runs[0].deferred + runs[1].deferred).toBe(0);
    expect((await planOf(id, backer)).map((item) => item.status)).toEqual(['paid', 'paid', 'scheduled']);
    expect(await statusOf(id)).toBe('COLLECTING');
    // Backed Projects shows the plan: what is paid and what comes next.
    const backed = await api('GET', '/me/backed-projects', backer.headers);
    const card = backed.json().data.find((item: { id: number }) => item.id === projectId);
    expect(card.pledge).toMatchObject({ status: 'COLLECTING', amount: 250 });
    expect(card.pledge.instalments.map((item: Plan) => [item.amount, item.status])).toEqual([
      [83.34, 'paid'],
      [83.33, 'paid'],
      [83.33, 'scheduled'],
    ]);
    const receipt = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', backer.user.email)
      .where('subject', 'like', 'Instalment 2 of 3%')
      .execute();
    expect(receipt).toHaveLength(1);

    now = Date.parse(`${dayAfter(chargeOn, 60)}T01:00:00Z`);
    expect((await runFor(id)).charged).toBe(1);
    expect(await statusOf(id)).toBe('SUCCEEDED');
    const plan = await planOf(id, backer);
    expect(plan.every((item) => item.status === 'paid' && item.charged_at !== null)).toBe(true);
    expect((await ledgerOf(projectId)).filter(([donation]) => donation === id)).toEqual([
      [id, 8334],
      [id, 8333],
      [id, 8333],
    ]);
    const agree = await ledgerAgrees(ctx, projectId);
    expect(agree.ledgerGross).toBe(29_000);
    expect(agree.counters).toEqual({ cents: 29_000, backers: 2 });
    expect(await runFor(id)).toEqual({ charged: 0, declined: 0, defaulted: 0, deferred: 0 });
  });

  it('a declined instalment: told once, retried daily, a new card charges it; unpaid 14 days after, the plan ends', async () => {
    const { projectId, chargeOn } = await offering();
    const [fixer, defaulter] = [await signedInUser(ctx), await signedInUser(ctx)];
    const fixed = await backProject(ctx, fixer.headers, projectId, {
      amount: 150,
      pay_over_time: true,
    });
    const ended = await backProject(ctx, defaulter.headers, projectId, {
      amount: 300,
      pay_over_time: true,
    });
    now = Date.parse(`${chargeOn}T09:00:00Z`);
    await ctx.app.services.projectLifecycle.settle();
    await ctx.app.services.collection.collect();
    // Both cards fail from now on.
    await db()
      .updateTable('donations')
      .set({ payment_method: 'pm_sandbox_0341_later' })
      .where('id', 'in', [fixed, ended])
      .execute();

    const second = dayAfter(chargeOn, 30);
    now = Date.parse(`${second}T01:00:00Z`);
    expect((await runFor(fixed, ended)).declined).toBe(2);
    expect((await planOf(fixed, fixer))[1]).toMatchObject({ status: 'failed' });
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', fixer.user.email)
      .where('subject', 'like', 'Action needed%')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain(`/projects/${projectId}?manage_pledge=1`);
    expect(mail[0]!.text_body).toContain('instalment 2 of 3');
    // Nothing again the same day; a daily retry declines without telling again.
    expect((await runFor(fixed, ended)).declined).toBe(0);
    now += DAY;
    expect((await runFor(fixed, ended)).declined).toBe(2);
    const notes = await db()
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', fixer.user.id)
      .where('type', '=', 'PAYMENT_FAILED')
      .execute();
    expect(notes).toHaveLength(1);

    // The fixer saves another card: the instalment is charged at once.
    const stranger = await signedInUser(ctx);
    expect((await api('POST', `/donations/${fixed}/payment-method`, stranger.headers)).statusCode).toBe(404);
    const card = await api('POST', `/donations/${fixed}/payment-method`, fixer.headers);
    expect(card.statusCode).toBe(200);
    await saveCardInSandbox(ctx, card.json().data.checkout_url, TEST_CARDS.good);
    expect((await planOf(fixed, fixer)).map((item) => item.status)).toEqual(['paid', 'paid', 'scheduled']);

    // The other is still unpaid 14 days after it was due: the plan ends, what was paid stays paid and counted.
    for (let day = 2; day <= 14; day++) {
      now = Date.parse(`${dayAfter(second, day)}T01:00:00Z`);
      await ctx.app.services.instalments.run();
    }
    const view = (await api('GET', `/donations/${ended}`, defaulter.headers)).json().data;
    expect(view).toMatchObject({ status: 'DEFAULTED', amount: 100 });
    expect(view.instalments.map((item: Plan) => item.status)).toEqual(['paid', 'cancelled', 'cancelled']);
    const agree = await ledgerAgrees(ctx, projectId);
    // 150 (fixer's whole pledge, two instalments paid) + 100 (the defaulted pledge's first instalment).
    expect(agree.counters).toEqual({ cents: 25_000, backers: 2 });
    expect(agree.ledgerGross).toBe(10_000 + 5000 + 5000);
    // The creator sees the plans in the backer list and its CSV: one partly paid and ended, one running.
    const list = await ctx.app.inject({
      url: `/api/v1/projects/${projectId}/backers`,
      headers: creator.headers,
    });
    const rows = list.json().data as { donation_id: number; status: string; plan: { paid: number } | null }[];
    expect(rows.find((row) => row.donation_id === ended)).toMatchObject({
      status: 'DEFAULTED',
      plan: { paid: 100 },
    });
    expect(rows.find((row) => row.donation_id === fixed)).toMatchObject({
      status: 'COLLECTING',
      plan: { paid: 100 },
    });
    const defaulted = await ctx.app.inject({
      url: `/api/v1/projects/${projectId}/backers?status=DEFAULTED`,
      headers: creator.headers,
    });
    expect(defaulted.json().data.map((row: { donation_id: number }) => row.donation_id)).toEqual([ended]);
    const csv = await ctx.app.inject({
      url: `/api/v1/projects/${projectId}/backers.csv`,
      headers: creator.headers,
    });
    expect(csv.body).toContain('Paid over time (USD)');
    expect(csv.body).toContain('Plan ended, partly paid');
    expect(
      (await ctx.app.inject({ url: `/api/v1/projects/${projectId}/backers`, headers: defaulter.headers }))
        .statusCode,
    ).toBe(403);
    const defaultMail = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', defaulter.user.email)
      .where('subject', 'like', 'Your payment plan%')
      .execute();
    expect(defaultMail).toHaveLength(1);
    now = Date.parse(`${dayAfter(chargeOn, 60)}T01:00:00Z`);
    const last = await runFor(fixed, ended);
    expect(last).toEqual({ charged: 1, declined: 0, defaulted: 0, deferred: 0 });
    expect(await statusOf(fixed)).toBe('SUCCEEDED');
  });

  it('a declined first instalment follows the 7-day rule: dropped, its plan cancelled', async () => {
    const { projectId, chargeOn } = await offering();
    const backer = await signedInUser(ctx);
    const id = await backProject(
      ctx,
      backer.headers,
      projectId,
      { amount: 200, pay_over_time: true },
      TEST_CARDS.declinesLater,
    );
    now = Date.parse(`${chargeOn}T09:00:00Z`);
    await ctx.app.services.projectLifecycle.settle();
    expect((await ctx.app.services.collection.collect()).declined).toBe(1);
    expect(await statusOf(id)).toBe('PAYMENT_FAILED');
    for (let day = 1; day <= 7; day++) {
      now += DAY;
      await ctx.app.services.collection.collect();
    }
    expect(await statusOf(id)).toBe('DROPPED');
    expect((await planOf(id, backer)).map((item) => item.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect((await ledgerAgrees(ctx, projectId)).counters).toEqual({ cents: 0, backers: 0 });
  });

  /** Two plans on a campaign collected to its first instalment; the second plan's second instalment paid too. */
  async function collectedPlans() {
    const { projectId, chargeOn } = await offering();
    const [one, two] = [await signedInUser(ctx), await signedInUser(ctx)];
    const first = await backProject(ctx, one.headers, projectId, { amount: 150, pay_over_time: true });
    const second = await backProject(ctx, two.headers, projectId, { amount: 300, pay_over_time: true });
    now = Date.parse(`${chargeOn}T09:00:00Z`);
    await ctx.app.services.projectLifecycle.settle();
    await ctx.app.services.collection.collect();
    now = Date.parse(`${dayAfter(chargeOn, 30)}T01:00:00Z`);
    await runFor(second);
    return { projectId, one, two, first, second };
  }

  it('a creator refunds a running plan: what was paid is given back, nothing more is charged', async () => {
    const { projectId, one, first, second } = await collectedPlans();
    const refund = (who: User | null) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/backers/donations/${first}/refund`,
        headers: who?.headers ?? {},
      });
    expect((await refund(null)).statusCode).toBe(401);
    expect((await refund(one)).statusCode).toBe(403);
    expect((await refund(creator)).statusCode).toBe(200);
    expect(await statusOf(first)).toBe('REFUNDED');
    expect((await planOf(first, one)).map((item) => item.status)).toEqual(['paid', 'cancelled', 'cancelled']);
    const agree = await ledgerAgrees(ctx, projectId);
    // Left: the other plan, counted whole, with its two instalments collected.
    expect(agree.counters).toEqual({ cents: 30_000, backers: 1 });
    expect(agree.ledgerGross).toBe(20_000);
    now += 40 * DAY;
    expect(await runFor(first)).toEqual({ charged: 0, declined: 0, defaulted: 0, deferred: 0 });
    expect((await runFor(second)).charged).toBe(1);
    expect(await statusOf(second)).toBe('SUCCEEDED');
  });

  it('a campaign suspended mid-plan (§18): its plans end, what was paid is refunded, nothing more is charged', async () => {
    const { projectId, first, second } = await collectedPlans();
    const suspended = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/projects/${projectId}/suspend`,
      headers: admin.headers,
      payload: { reason: 'fraud', message: 'The creator could not show the prototype.' },
    });
    expect(suspended.statusCode).toBe(200);
    await ctx.app.services.campaignRefunds.run();
    expect([await statusOf(first), await statusOf(second)]).toEqual(['REFUNDED', 'REFUNDED']);
    const agree = await ledgerAgrees(ctx, projectId);
    expect(agree.ledgerGross).toBe(0);
    expect(agree.counters).toEqual({ cents: 0, backers: 0 });
    now += 40 * DAY;
    expect(await runFor(first, second)).toEqual({ charged: 0, declined: 0, defaulted: 0, deferred: 0 });
  });

  it('the creator switches it until launch, on all-or-nothing campaigns only', async () => {
    const form = (id: number, fields: Record<string, string>) => {
      const boundary = '----instalments';
      const body = Object.entries(fields)
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('');
      return ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/projects/${id}`,
        headers: { ...creator.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${body}--${boundary}--\r\n`,
      });
    };
    const { projectId } = await campaign();
    const launched = await form(projectId, { pledge_over_time: 'true' });
    expect(launched.statusCode).toBe(400);
    expect(launched.json().details).toMatchObject({
      pledge_over_time: [inEnglish(INSTALMENT_MESSAGES.settingLaunched)],
    });
    await db().updateTable('projects').set({ status: 'DRAFT' }).where('id', '=', projectId).execute();
    const flexible = await form(projectId, { pledge_over_time: 'true', funding_model: 'flexible' });
    expect(flexible.statusCode).toBe(400);
    expect(flexible.json().details).toMatchObject({
      pledge_over_time: [inEnglish(INSTALMENT_MESSAGES.settingFlexible)],
    });
    const draft = await form(projectId, { pledge_over_time: 'true' });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data).toMatchObject({ pledge_over_time: true });
  });

  it('checks each role on the calls that take or move a plan: anonymous, stranger, creator, backer, admin, a collaborator, a suspended person', async () => {
    const { projectId } = await offering();
    const [backer, stranger, member, suspended] = [
      await signedInUser(ctx),
      await signedInUser(ctx),
      await signedInUser(ctx),
      await signedInUser(ctx),
    ];
    await db()
      .insertInto('project_collaborators')
      .values({
        project_id: projectId,
        email: member.user.email,
        user_id: member.user.id,
        accepted_at: new Date(),
        invited_by: creator.user.id,
        ...permissionColumns(['edit', 'community', 'fulfilment']),
      })
      .execute();
    await sanctionsBy(
      () => ctx,
      () => admin,
    ).suspend(suspended);
    const id = await backProject(ctx, backer.headers, projectId, { amount: 200, pay_over_time: true });
    const body = { amount: 200, pay_over_time: true };
    const back = (who: User | null) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/backers/projects/${projectId}/back`,
        headers: who?.headers ?? {},
        payload: body,
      });
    expect((await back(null)).statusCode).toBe(401);
    expect(refused(await back(creator))).toEqual([403, inEnglish(PLEDGE_MESSAGES.ownProject)]);
    expect((await back(suspended)).statusCode).toBe(403);
    expect((await back(backer)).statusCode).toBe(409);
    // Anyone else may pay over time: a stranger, an admin, a collaborator.
    for (const who of [stranger, admin, member]) expect((await back(who)).statusCode).toBe(201);

    // The plan is its backer's own: anyone else is told nothing exists (404), anonymous 401, suspended 403.
    for (const [method, url] of [
      ['GET', `/donations/${id}`],
      ['PUT', `/donations/${id}`],
      ['POST', `/donations/${id}/payment-method`],
    ] as const) {
      const payload = method === 'PUT' ? body : undefined;
      expect((await api(method, url, {}, payload)).statusCode, url).toBe(401);
      for (const who of [stranger, creator, admin, member]) {
        expect((await api(method, url, who.headers, payload)).statusCode, `${url} ${who.user.id}`).toBe(404);
      }
      expect((await api(method, url, suspended.headers, payload)).statusCode, url).toBe(403);
      expect((await api(method, url, backer.headers, payload)).statusCode, url).toBe(200);
    }
  });
});

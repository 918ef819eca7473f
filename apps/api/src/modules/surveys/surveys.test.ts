import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, ledgerAgrees } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { boardGameCampaign, SHIPPED_TO } from '../../test/survey';

type User = Awaited<ReturnType<typeof signedInUser>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(databaseKinds)('backer survey on %s', (kind) => {
  let ctx: TestContext;
  let now = Date.now();
  let creator: User;
  let admin: User;
  let stranger: User;
  let bea: User;
  let ben: User;
  let eva: User;

  beforeAll(async () => {
    ctx = await createTestApp(
      kind,
      { APP_URL: 'http://fundry.test', PAYMENTS_PROVIDER: 'sandbox' },
      undefined,
      {
        clock: () => new Date(now),
      },
    );
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    admin = await signedInUser(ctx, { admin: true });
    stranger = await signedInUser(ctx, { full_name: 'Sid Stranger' });
    bea = await signedInUser(ctx, { full_name: 'Bea Backer' });
    ben = await signedInUser(ctx, { full_name: 'Ben Backer' });
    eva = await signedInUser(ctx, { full_name: 'Eva Espinosa' });
    await ctx.database.db.updateTable('users').set({ locale: 'es' }).where('id', '=', eva.user.id).execute();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    headers: Record<string, string> | undefined,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(headers ? { headers } : {}),
      ...(payload ? { payload } : {}),
    });

  /**
   * An all-or-nothing campaign ending in 2 days: a shipped game, a shipped mug (3 left, with the game) and a
   * sticker (any pledge); Bea backs the game with a mug, Ben backs without a reward, Eva backs the game.
   */
  async function campaign() {
    now = Date.now();
    const { projectId, game, mug, sticker } = await boardGameCampaign(ctx, creator, {
      title: 'Survey Saga',
      now,
    });
    const beaPledge = await backProject(ctx, bea.headers, projectId, {
      amount: 59,
      reward_id: game,
      shipping_address: SHIPPED_TO,
      add_ons: [{ add_on_id: mug, quantity: 1 }],
    });
    const benPledge = await backProject(ctx, ben.headers, projectId, { amount: 10 });
    const evaPledge = await backProject(ctx, eva.headers, projectId, {
      amount: 45,
      reward_id: game,
      shipping_address: { ...SHIPPED_TO, name: 'Eva Espinosa' },
    });
    return { projectId, game, mug, sticker, beaPledge, benPledge, evaPledge };
  }

  /** The campaign ends, succeeds and its pledges are charged. */
  async function collect() {
    now = Date.now() + 4 * DAY;
    await ctx.app.services.payments.settle();
    await ctx.app.services.collection.collect();
  }

  const questions = (c: Awaited<ReturnType<typeof campaign>>) => ({
    questions: [
      {
        kind: 'choice',
        prompt: 'Which colour?',
        options: ['Red', 'Blue'],
        required: true,
        reward_id: c.game,
      },
      { kind: 'text', prompt: 'Anything to tell us?', required: false },
      { kind: 'choice', prompt: 'Mug size?', options: ['S', 'L'], required: true, add_on_id: c.mug },
    ],
  });

  it('lets only the creator (or an admin) read and write the survey, after launch, with valid questions', async () => {
    const c = await campaign();
    const url = `/projects/${c.projectId}/survey`;
    expect((await call('GET', url, undefined)).statusCode).toBe(401);
    expect((await call('PUT', url, undefined, questions(c))).statusCode).toBe(401);
    for (const who of [stranger, bea]) {
      expect((await call('GET', url, who.headers)).statusCode).toBe(403);
      expect((await call('PUT', url, who.headers, questions(c))).statusCode).toBe(403);
      expect((await call('POST', `${url}/send`, who.headers)).statusCode).toBe(403);
      expect((await call('POST', `${url}/lock`, who.headers)).statusCode).toBe(403);
    }
    const empty = await call('GET', url, creator.headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({
      questions: [],
      sent_at: null,
      locked_at: null,
      collected: false,
    });

    const put = await call('PUT', url, creator.headers, questions(c));
    expect(put.statusCode, put.body).toBe(200);
    const saved = put.json().data.questions as { id: number; prompt: string }[];
    expect(saved.map((q) => q.prompt)).toEqual(['Which colour?', 'Anything to tell us?', 'Mug size?']);
    const asAdmin = await call('GET', url, admin.headers);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data.questions).toHaveLength(3);

    // Edits keep ids; a question left out is removed.
    const edited = await call('PUT', url, admin.headers, {
      questions: [{ ...questions(c).questions[0], id: saved[0]!.id, prompt: 'Which colour, please?' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.questions).toMatchObject([
      { id: saved[0]!.id, prompt: 'Which colour, please?' },
    ]);

    // Bad questions: a choice without options, a reward of another project, both targets, an unknown id.
    const bad = async (question: object) =>
      (await call('PUT', url, creator.headers, { questions: [question] })).statusCode;
    expect(await bad({ kind: 'choice', prompt: 'Size?', options: ['One'] })).toBe(400);
    expect(await bad({ kind: 'text', prompt: '' })).toBe(400);
    expect(await bad({ kind: 'text', prompt: 'Hm?', reward_id: 999_999 })).toBe(400);
    expect(await bad({ kind: 'text', prompt: 'Hm?', reward_id: c.game, add_on_id: c.mug })).toBe(400);
    expect(await bad({ kind: 'text', prompt: 'Hm?', id: 999_999 })).toBe(400);

    // Before launch there is nothing to survey yet.
    const draft = await createProjectRow(db(), { creatorId: creator.user.id, status: 'DRAFT' });
    expect(
      (await call('PUT', `/projects/${draft}/survey`, creator.headers, { questions: [] })).statusCode,
    ).toBe(409);
    // A stranger does not learn a draft exists.
    expect((await call('GET', `/projects/${draft}/survey`, stranger.headers)).statusCode).toBe(404);
  });

  it('is sent once the pledges are collected, notifying and mailing each collected backer in their language', async () => {
    const c = await campaign();
    const url = `/projects/${c.projectId}/survey`;
    expect((await call('PUT', url, creator.headers, questions(c))).statusCode).toBe(200);
    // Running: not collected.
    expect((await call('POST', `${url}/send`, creator.headers)).statusCode).toBe(409);
    // Ended and settled, but the pledges are not charged yet.
    now = Date.now() + 4 * DAY;
    await ctx.app.services.payments.settle();
    const early = await call('POST', `${url}/send`, creator.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The survey can be sent once the pledges are collected.');
    expect((await call('POST', `${url}/lock`, creator.headers)).statusCode).toBe(409);
    await ctx.app.services.collection.collect();

    expect((await call('POST', `${url}/send`, undefined)).statusCode).toBe(401);
    const sent = await call('POST', `${url}/send`, creator.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ collected: true, recipients: 3, answered: 0 });
    expect(sent.json().data.sent_at).not.toBeNull();
    expect((await call('POST', `${url}/send`, creator.headers)).statusCode).toBe(409);

    const notices = await db()
      .selectFrom('notifications')
      .select(['user_id', 'link', 'message'])
      .where('project_id', '=', c.projectId)
      .where('type', '=', 'SURVEY')
      .execute();
    expect(notices.map((n) => n.user_id).sort()).toEqual([bea.user.id, ben.user.id, eva.user.id].sort());
    expect(notices.find((n) => n.user_id === bea.user.id)?.link).toBe(
      `/backed-projects/${c.beaPledge}/survey`,
    );
    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'text_body'])
      .where('recipient', 'in', [bea.user.email, eva.user.email])
      .where('text_body', 'like', '%/survey%')
      .execute();
    const beaMail = mails.find((m) => m.recipient === bea.user.email);
    expect(beaMail?.subject).toMatch(/^Your survey for “Survey Saga/);
    expect(beaMail?.text_body).toContain(`http://fundry.test/backed-projects/${c.beaPledge}/survey`);
    expect(mails.find((m) => m.recipient === eva.user.email)?.subject).toMatch(
      /^Tu encuesta de «Survey Saga/,
    );
  });

  it('gives each backer the questions of their pledge, answered and changed until the lock, checked against each question', async () => {
    const c = await campaign();
    const url = `/projects/${c.projectId}/survey`;
    const ids = (
      (await call('PUT', url, creator.headers, questions(c))).json().data.questions as { id: number }[]
    ).map((q) => q.id);
    const [colour, note, size] = ids as [number, number, number];
    const beaSurvey = `/backers/donations/${c.beaPledge}/survey`;
    // Not sent yet: nothing to answer.
    expect((await call('GET', beaSurvey, bea.headers)).statusCode).toBe(404);
    await collect();
    expect((await call('POST', `${url}/send`, creator.headers)).statusCode).toBe(200);

    // Only the backer: anonymous 401, everyone else 404 (the creator and an admin read answers in the backer list).
    expect((await call('GET', beaSurvey, undefined)).statusCode).toBe(401);
    expect((await call('PUT', beaSurvey, undefined, { answers: [] })).statusCode).toBe(401);
    for (const who of [stranger, creator, admin, ben]) {
      expect((await call('GET', beaSurvey, who.headers)).statusCode).toBe(404);
      expect((await call('PUT', beaSurvey, who.headers, { answers: [] })).statusCode).toBe(404);
    }
    const mine = await call('GET', beaSurvey, bea.headers);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({
      needs_address: true,
      shipping_address: { city: 'Portland' },
      answers: [],
      answered_at: null,
      locked: false,
      can_buy_add_ons: true,
    });
    expect(mine.json().data.questions.map((q: { id: number }) => q.id)).toEqual([colour, note, size]);
    // Ben has no reward and no mug: only the question for everyone.
    const bens = await call('GET', `/backers/donations/${c.benPledge}/survey`, ben.headers);
    expect(bens.json().data.questions.map((q: { id: number }) => q.id)).toEqual([note]);
    expect(bens.json().data.needs_address).toBe(false);

    const answer = (payload: object) => call('PUT', beaSurvey, bea.headers, payload);
    const missing = await answer({ answers: [{ question_id: colour, value: 'Red' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Answer “Mug size?”: it is required.');
    expect(
      (
        await answer({
          answers: [
            { question_id: colour, value: 'Green' },
            { question_id: size, value: 'S' },
          ],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await answer({
          answers: [
            { question_id: colour, value: 'Red' },
            { question_id: size, value: 'S' },
            { question_id: note, value: 'x'.repeat(2001) },
          ],
        })
      ).statusCode,
    ).toBe(400);
    // A question of another pledge's (none here) or of no survey: 400.
    expect(
      (
        await answer({
          answers: [
            { question_id: 999_999, value: 'x' },
            { question_id: colour, value: 'Red' },
          ],
        })
      ).statusCode,
    ).toBe(400);
    // An address where the reward does not ship.
    expect(
      (
        await answer({
          answers: [
            { question_id: colour, value: 'Red' },
            { question_id: size, value: 'S' },
          ],
          shipping_address: { ...SHIPPED_TO, country: 'FR' },
        })
      ).statusCode,
    ).toBe(422);

    const ok = await answer({
      answers: [
        { question_id: colour, value: 'Red' },
        { question_id: size, value: 'S' },
        { question_id: note, value: 'x'.repeat(2000) },
      ],
      shipping_address: { ...SHIPPED_TO, line1: '2 Teapot Row' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().add_on_charge).toBeNull();
    expect(ok.json().data.answered_at).not.toBeNull();
    expect(ok.json().data.answers).toHaveLength(3);
    const row = await db()
      .selectFrom('donations')
      .select('shipping_address')
      .where('id', '=', c.beaPledge)
      .executeTakeFirstOrThrow();
    expect(row.shipping_address?.line1).toBe('2 Teapot Row');

    // Changed later.
    const changed = await answer({
      answers: [
        { question_id: colour, value: 'Blue' },
        { question_id: size, value: 'L' },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.answers).toEqual([
      { question_id: colour, value: 'Blue' },
      { question_id: size, value: 'L' },
    ]);

    // The backer list and its CSV; the bulk message reaches the unanswered.
    const list = (filter: string) =>
      call('GET', `/projects/${c.projectId}/backers?survey=${filter}`, creator.headers);
    const answered = await list('answered');
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data.map((r: { donation_id: number }) => r.donation_id)).toEqual([c.beaPledge]);
    expect(answered.json().data[0].survey).toBe('answered');
    const unanswered = await list('unanswered');
    expect(
      unanswered
        .json()
        .data.map((r: { donation_id: number }) => r.donation_id)
        .sort(),
    ).toEqual([c.benPledge, c.evaPledge].sort());
    expect(
      (await call('GET', `/projects/${c.projectId}/backers?survey=maybe`, creator.headers)).statusCode,
    ).toBe(400);
    const csv = await call('GET', `/projects/${c.projectId}/backers.csv`, creator.headers);
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('Which colour?,Anything to tell us?,Mug size?');
    expect(lines.find((line) => line.startsWith(`${c.beaPledge},`))).toMatch(/,Blue,,L$/);
    const bulk = await call('POST', `/projects/${c.projectId}/messages/bulk`, creator.headers, {
      body: 'Please answer the survey!',
      filter: { survey: 'unanswered' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data.recipients).toBe(2);

    // Locked: no more changes, for the backer or the creator.
    expect((await call('POST', `${url}/lock`, admin.headers)).statusCode).toBe(200);
    const late = await answer({
      answers: [
        { question_id: colour, value: 'Red' },
        { question_id: size, value: 'L' },
      ],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The creator has locked the survey: answers can no longer be changed.');
    expect((await call('PUT', url, creator.headers, questions(c))).statusCode).toBe(409);
    expect((await call('GET', beaSurvey, bea.headers)).json().data).toMatchObject({
      locked: true,
      add_ons: [],
    });
  });

  it('charges add-ons bought in the survey with the saved card; a declined card saves the answers and adds nothing', async () => {
    const c = await campaign();
    const url = `/projects/${c.projectId}/survey`;
    await call('PUT', url, creator.headers, {
      questions: [{ kind: 'text', prompt: 'Nickname?', required: false }],
    });
    await collect();
    expect((await call('POST', `${url}/send`, creator.headers)).statusCode).toBe(200);
    const before = await ledgerAgrees(ctx, c.projectId);

    const offer = await call('GET', `/backers/donations/${c.evaPledge}/survey`, eva.headers);
    // The mug (2 left of 3, comes with the game) and the sticker.
    expect(
      offer
        .json()
        .data.add_ons.map((a: { title: string; max_quantity: number }) => [a.title, a.max_quantity]),
    ).toEqual([
      ['Sticker', 10],
      ['Mug', 2],
    ]);
    // Ben has no reward: the mug is not for him; more than there is: 409, nothing taken.
    expect(
      (
        await call('PUT', `/backers/donations/${c.benPledge}/survey`, ben.headers, {
          answers: [],
          add_ons: [{ add_on_id: c.mug, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', `/backers/donations/${c.evaPledge}/survey`, eva.headers, {
          answers: [],
          add_ons: [{ add_on_id: c.mug, quantity: 3 }],
        })
      ).statusCode,
    ).toBe(409);

    const bought = await call('PUT', `/backers/donations/${c.evaPledge}/survey`, eva.headers, {
      answers: [{ question_id: offer.json().data.questions[0].id, value: 'Evi' }],
      add_ons: [{ add_on_id: c.mug, quantity: 2 }],
    });
    expect(bought.statusCode, bought.body).toBe(200);
    // Two mugs at 12 and their shipping at 2 each.
    expect(bought.json().add_on_charge).toEqual({ status: 'succeeded', amount: 28, currency: 'USD' });
    const eva$ = await db()
      .selectFrom('donations')
      .select(['amount_cents', 'has_add_ons'])
      .where('id', '=', c.evaPledge)
      .executeTakeFirstOrThrow();
    expect(Number(eva$.amount_cents)).toBe(4500 + 2800);
    expect(eva$.has_add_ons).toBe(true);
    const mugRow = await db()
      .selectFrom('add_ons')
      .select(['quantity_claimed', 'quantity_reserved'])
      .where('id', '=', c.mug)
      .executeTakeFirstOrThrow();
    expect(mugRow).toEqual({ quantity_claimed: 3, quantity_reserved: 0 });
    const after = await ledgerAgrees(ctx, c.projectId);
    expect(after.ledgerGross).toBe(before.ledgerGross + 2800);
    expect(after.ledgerGross).toBe(after.collectedCents);
    expect(after.counters.cents).toBe(after.donations.cents);
    const surveyRow = await db()
      .selectFrom('ledger_entries')
      .select(['gross_cents', 'survey_charge_id'])
      .where('donation_id', '=', c.evaPledge)
      .where('survey_charge_id', 'is not', null)
      .execute();
    expect(surveyRow).toHaveLength(1);
    expect(Number(surveyRow[0]?.gross_cents)).toBe(2800);
    // Sold out now: no more offered.
    const again = await call('GET', `/backers/donations/${c.evaPledge}/survey`, eva.headers);
    expect(again.json().data.add_ons.map((a: { title: string }) => a.title)).toEqual(['Sticker']);

    // Ben's saved card has since stopped working (the test card that declines every later charge).
    await db()
      .updateTable('donations')
      .set({ payment_method: 'pm_sandbox_0341_expired' })
      .where('id', '=', c.benPledge)
      .execute();
    const declined = await call('PUT', `/backers/donations/${c.benPledge}/survey`, ben.headers, {
      answers: [{ question_id: offer.json().data.questions[0].id, value: 'Benno' }],
      add_ons: [{ add_on_id: c.sticker, quantity: 2 }],
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().add_on_charge).toEqual({ status: 'declined', amount: 6, currency: 'USD' });
    expect(declined.json().message).toBe(
      'Your answers are saved, but the payment for the add-ons did not go through, so they were not added. Your card was declined.',
    );
    expect(declined.json().data.answers).toEqual([
      { question_id: offer.json().data.questions[0].id, value: 'Benno' },
    ]);
    const sticker = await db()
      .selectFrom('add_ons')
      .select(['quantity_claimed'])
      .where('id', '=', c.sticker)
      .executeTakeFirstOrThrow();
    expect(sticker.quantity_claimed).toBe(0);
    const ben$ = await db()
      .selectFrom('donations')
      .select(['amount_cents', 'has_add_ons'])
      .where('id', '=', c.benPledge)
      .executeTakeFirstOrThrow();
    expect(ben$).toEqual({ amount_cents: 1000, has_add_ons: false });
    expect((await ledgerAgrees(ctx, c.projectId)).ledgerGross).toBe(after.ledgerGross);
  });

  it('reminds those who have not answered every 2 days, once per backer across instances, until the lock', async () => {
    const c = await campaign();
    const url = `/projects/${c.projectId}/survey`;
    const ids = (
      (await call('PUT', url, creator.headers, { questions: [{ kind: 'text', prompt: 'Hi?' }] })).json().data
        .questions as { id: number }[]
    ).map((q) => q.id);
    await collect();
    const sentAt = now;
    expect((await call('POST', `${url}/send`, creator.headers)).statusCode).toBe(200);
    const answered = await call('PUT', `/backers/donations/${c.beaPledge}/survey`, bea.headers, {
      answers: [{ question_id: ids[0], value: 'Hello' }],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const remindedOf = async (donationIds: number[], subject: string) =>
      (
        await db()
          .selectFrom('mail_outbox')
          .select(['text_body'])
          .where('subject', 'like', `${subject}%`)
          .execute()
      ).filter((m) => donationIds.some((id) => m.text_body.includes(`/backed-projects/${id}/survey`))).length;
    const reminders = () => remindedOf([c.benPledge, c.beaPledge], 'Reminder: your survey for');
    const remind = () => ctx.app.services.surveys.remind();

    now = sentAt + DAY;
    await remind();
    expect(await reminders()).toBe(0);
    now = sentAt + 2 * DAY + HOUR;
    const [a, b] = await Promise.all([remind(), remind()]);
    expect(a + b).toBeGreaterThanOrEqual(2);
    // Ben (and Eva, in Spanish) once each; Bea answered.
    expect(await reminders()).toBe(1);
    expect(await remindedOf([c.evaPledge], 'Recordatorio: tu encuesta')).toBe(1);
    now = sentAt + 3 * DAY;
    await remind();
    expect(await reminders()).toBe(1);
    now = sentAt + 4 * DAY + 2 * HOUR;
    await remind();
    expect(await reminders()).toBe(2);
    expect((await call('POST', `${url}/lock`, creator.headers)).statusCode).toBe(200);
    now = sentAt + 10 * DAY;
    await remind();
    expect(await reminders()).toBe(2);
  });

  it('is scheduled as the survey-reminders job', async () => {
    const { scheduledJobs } = await import('../../services');
    expect(scheduledJobs(ctx.app.services).map((job) => job.name)).toContain('survey-reminders');
  });

  it('treats an ended flexible campaign as collected, and offers no add-ons without a saved card', async () => {
    now = Date.now();
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      goal: 10,
      start: -3,
      end: 2,
      fundingModel: 'flexible',
    });
    const sticker = (
      await call('POST', `/projects/${projectId}/add-ons`, creator.headers, { title: 'Pin', price: 2 })
    ).json().data.id as number;
    const donation = await backProject(ctx, stranger.headers, projectId, { amount: 20 });
    const url = `/projects/${projectId}/survey`;
    await call('PUT', url, creator.headers, {
      questions: [{ kind: 'text', prompt: 'Name on the wall?', required: true }],
    });
    expect((await call('POST', `${url}/send`, creator.headers)).statusCode).toBe(409);
    now = Date.now() + 4 * DAY;
    await ctx.app.services.payments.settle();
    expect((await call('POST', `${url}/send`, creator.headers)).statusCode).toBe(200);
    const view = await call('GET', `/backers/donations/${donation}/survey`, stranger.headers);
    expect(view.json().data).toMatchObject({ can_buy_add_ons: false, add_ons: [], needs_address: false });
    const question = view.json().data.questions[0].id as number;
    const refused = await call('PUT', `/backers/donations/${donation}/survey`, stranger.headers, {
      answers: [{ question_id: question, value: 'Sid' }],
      add_ons: [{ add_on_id: sticker, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(422);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { databaseKinds } from '../../test/databases';
import { SHIPPED_TO } from '../../test/survey';
import { DAY, HOUR, openSurveys, type Surveys } from './surveys.fixtures';

/** A survey's questions: written by the creator, sent once the pledges are collected, answered, reminded of. */
describe.each(databaseKinds)('backer survey on %s', (kind) => {
  let now = Date.now();
  let { ctx, creator, admin, stranger, bea, ben, eva, db, call, campaign, collect, questions } =
    {} as Surveys;

  beforeAll(async () => {
    ({ ctx, creator, admin, stranger, bea, ben, eva, db, call, campaign, collect, questions } =
      await openSurveys(kind, { now: () => now, set: (ms) => (now = ms) }));
  });
  afterAll(() => ctx.close());

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
    await ctx.app.services.projectLifecycle.settle();
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
});

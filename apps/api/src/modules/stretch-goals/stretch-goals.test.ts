import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_DECIMALS_MESSAGE, REWARD_MESSAGES, STRETCH_GOAL_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { projectFields, sendProject } from '../../test/projects';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(databaseKinds)('stretch goals on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let backer: User;
  let stranger: User;
  let admin: User;

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

  const db = () => ctx.database.db;

  /** The goal's row as stored: when it was reached. */
  const reachedAt = async (id: number) =>
    (
      await db()
        .selectFrom('stretch_goals')
        .select('reached_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).reached_at;

  /** The reached notices of a project, per recipient. */
  const notices = async (projectId: number) =>
    (
      await db()
        .selectFrom('notifications')
        .select(['user_id', 'message_values'])
        .where('project_id', '=', projectId)
        .where('type', '=', 'STRETCH_GOAL_REACHED')
        .execute()
    ).map((row) => row.user_id);

  beforeAll(async () => {
    ctx = await createTestApp(kind, { CURRENCIES: 'USD,EUR,JPY' });
    creator = await signedInUser(ctx);
    backer = await signedInUser(ctx);
    stranger = await signedInUser(ctx);
    admin = await signedInUser(ctx, { admin: true });
  });
  afterAll(() => ctx.close());

  it('lets the creator add, edit and delete goals that everyone reads, smallest first', async () => {
    const projectId = await createProjectRow(db(), { creatorId: creator.user.id, goal: 1000 });
    const path = `projects/${projectId}/stretch-goals`;
    const big = await api('POST', path, creator.headers, {
      amount: 3000,
      title: 'Solar panel upgrade',
      description: 'Every lantern charges twice as fast.',
    });
    expect(big.statusCode).toBe(201);
    expect(big.json().message).toBe(inEnglish(STRETCH_GOAL_MESSAGES.created));
    expect(big.json().data).toMatchObject({
      amount: 3000,
      currency: 'USD',
      title: 'Solar panel upgrade',
      reached_at: null,
    });
    const small = await api('POST', path, creator.headers, { amount: 1500.5, title: 'Second colour' });
    expect(small.statusCode).toBe(201);
    expect(small.json().data.description).toBe('');

    const list = await api('GET', path);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.stretch_goals.map((g: { amount: number }) => g.amount)).toEqual([1500.5, 3000]);

    const id = big.json().data.id as number;
    const edited = await api('PUT', `${path}/${id}`, creator.headers, {
      amount: 2500,
      title: 'Solar panel upgrade',
      description: 'Faster charging.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ amount: 2500, description: 'Faster charging.' });

    expect((await api('DELETE', `${path}/${small.json().data.id}`, creator.headers)).statusCode).toBe(200);
    expect((await api('GET', path)).json().data.stretch_goals).toHaveLength(1);
    expect((await api('DELETE', `${path}/999999`, creator.headers)).statusCode).toBe(404);
    expect(
      (await api('PUT', `${path}/999999`, creator.headers, { amount: 5000, title: 'Nothing' })).statusCode,
    ).toBe(404);
  });

  it('refuses an amount at or below the goal, taken, or with decimals the currency lacks', async () => {
    const projectId = await createProjectRow(db(), { creatorId: creator.user.id, goal: 1000 });
    const path = `projects/${projectId}/stretch-goals`;
    for (const amount of [1000, 999.99, 10]) {
      const response = await api('POST', path, creator.headers, { amount, title: 'Too low' });
      expect(response.statusCode).toBe(400);
      const message = inEnglish(STRETCH_GOAL_MESSAGES.aboveGoal, { goal: 1000, currency: 'USD' });
      expect(response.json().message).toBe(message);
      expect(response.json().message).toContain('1,000 USD');
      expect(response.json().details).toEqual({ amount: [message] });
    }
    expect((await api('POST', path, creator.headers, { amount: 2000, title: 'One' })).statusCode).toBe(201);
    const twice = await api('POST', path, creator.headers, { amount: 2000, title: 'Two' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(inEnglish(STRETCH_GOAL_MESSAGES.amountTaken));

    const cents = await api('POST', path, creator.headers, { amount: 2000.005, title: 'Three decimals' });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().details.amount).toEqual([inEnglish(REWARD_MESSAGES.decimals)]);

    const yen = await createProjectRow(db(), { creatorId: creator.user.id, goal: 100_000, currency: 'JPY' });
    const fraction = await api('POST', `projects/${yen}/stretch-goals`, creator.headers, {
      amount: 150_000.5,
      title: 'Half a yen',
    });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().message).toBe(
      inEnglish(CURRENCY_DECIMALS_MESSAGE, { currency: 'JPY', decimals: 0 }),
    );
    const whole = await api('POST', `projects/${yen}/stretch-goals`, creator.headers, {
      amount: 150_000,
      title: 'Whole yen',
    });
    expect(whole.json().data).toMatchObject({ amount: 150_000, currency: 'JPY' });

    const blank = await api('POST', path, creator.headers, { amount: 5000, title: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.title).toEqual([inEnglish(REWARD_MESSAGES.titleRequired)]);
    const long = await api('POST', path, creator.headers, {
      amount: 5000,
      title: 'x'.repeat(101),
      description: 'y'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().details).sort()).toEqual(['description', 'title']);
  });

  it('keeps the figures when the currency changes before the first pledge, and refuses another currency', async () => {
    const created = await sendProject(ctx, 'POST', 'projects/drafts', creator.headers, {
      ...(await projectFields(ctx)),
      currency: 'EUR',
      goal_amount: '2500',
    });
    const id = created.json().data.id as number;
    const path = `projects/${id}/stretch-goals`;
    const change = (currency: string) =>
      sendProject(ctx, 'PUT', `projects/${id}`, creator.headers, { currency });
    const listed = async () =>
      (await api('GET', path, creator.headers))
        .json()
        .data.stretch_goals.map((goal: { amount: number; currency: string }) => [goal.amount, goal.currency]);
    const odd = await api('POST', path, creator.headers, { amount: 3000.5, title: 'Odd', currency: 'EUR' });
    expect(odd.statusCode).toBe(201);
    // 300 EUR is the goal 3 in yen would be: the goals move in an order that never meets another's old amount.
    await api('POST', path, creator.headers, { amount: 300_000, title: 'Huge' });

    const halfYen = await change('JPY');
    expect(halfYen.statusCode).toBe(400);
    expect(await listed()).toEqual([
      [3000.5, 'EUR'],
      [300_000, 'EUR'],
    ]);
    await api('PUT', `${path}/${odd.json().data.id}`, creator.headers, { amount: 3000, title: 'Even' });
    expect((await change('JPY')).statusCode).toBe(200);
    expect(await listed()).toEqual([
      [3000, 'JPY'],
      [300_000, 'JPY'],
    ]);
    expect((await change('USD')).statusCode).toBe(200);
    expect(await listed()).toEqual([
      [3000, 'USD'],
      [300_000, 'USD'],
    ]);

    const other = await api('POST', path, creator.headers, { amount: 4000, title: 'Euros', currency: 'EUR' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(inEnglish(STRETCH_GOAL_MESSAGES.currency, { currency: 'USD' }));
    expect(other.json().details).toEqual({ currency: [other.json().message] });
  });

  it('lets only the creator and admins write, and everyone who may see the project read', async () => {
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      goal: 100,
      start: -1,
      end: 10,
    });
    await backProject(ctx, backer.headers, projectId, { amount: 5 });
    const path = `projects/${projectId}/stretch-goals`;
    const body = { amount: 500, title: 'Bigger box' };

    expect((await api('POST', path, {}, body)).statusCode).toBe(401);
    for (const who of [backer, stranger]) {
      const response = await api('POST', path, who.headers, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(inEnglish(STRETCH_GOAL_MESSAGES.onlyCreator));
    }
    const mine = await api('POST', path, creator.headers, body);
    expect(mine.statusCode).toBe(201);
    // As with rewards, an admin may manage them too.
    const admins = await api('POST', path, admin.headers, { amount: 900, title: 'Moderated' });
    expect(admins.statusCode).toBe(201);

    const goal = `${path}/${mine.json().data.id}`;
    expect((await api('PUT', goal, {}, body)).statusCode).toBe(401);
    expect((await api('DELETE', goal)).statusCode).toBe(401);
    for (const who of [backer, stranger]) {
      expect((await api('PUT', goal, who.headers, { amount: 600, title: 'Hijacked' })).statusCode).toBe(403);
      expect((await api('DELETE', goal, who.headers)).statusCode).toBe(403);
    }
    expect((await api('PUT', goal, admin.headers, { amount: 600, title: 'Bigger box' })).statusCode).toBe(
      200,
    );
    expect((await api('DELETE', `${path}/${admins.json().data.id}`, admin.headers)).statusCode).toBe(200);

    for (const who of [{ headers: {} }, stranger, backer, creator, admin]) {
      const list = await api('GET', path, who.headers);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.stretch_goals.map((g: { title: string }) => g.title)).toEqual(['Bigger box']);
    }

    const draft = await createProjectRow(db(), { creatorId: creator.user.id, status: 'DRAFT' });
    expect((await api('GET', `projects/${draft}/stretch-goals`)).statusCode).toBe(404);
    expect((await api('GET', `projects/${draft}/stretch-goals`, stranger.headers)).statusCode).toBe(404);
    expect((await api('GET', `projects/${draft}/stretch-goals`, creator.headers)).statusCode).toBe(200);
    expect((await api('GET', `projects/${draft}/stretch-goals`, admin.headers)).statusCode).toBe(200);
    expect((await api('POST', `projects/${draft}/stretch-goals`, stranger.headers, body)).statusCode).toBe(
      404,
    );
    const drafted = await api('POST', `projects/${draft}/stretch-goals`, creator.headers, {
      amount: 5000,
      title: 'Planned early',
    });
    expect(drafted.statusCode).toBe(201);

    const ended = await createProjectRow(db(), { creatorId: creator.user.id, status: 'SUCCESSFUL' });
    const late = await api('POST', `projects/${ended}/stretch-goals`, creator.headers, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(inEnglish(STRETCH_GOAL_MESSAGES.locked));
  });

  it('is reached once when 20 pledges at once cross it, backers told once, and a cancellation unsets nothing', async () => {
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      goal: 100,
      start: -1,
      end: 10,
      title: 'Lantern Lab',
    });
    const path = `projects/${projectId}/stretch-goals`;
    const goal = await api('POST', path, creator.headers, { amount: 150, title: 'Glow-in-the-dark case' });
    const far = await api('POST', path, creator.headers, { amount: 10_000, title: 'Far away' });
    const goalId = goal.json().data.id as number;

    const backers = await Promise.all(Array.from({ length: 20 }, () => signedInUser(ctx)));
    const donations = await Promise.all(
      backers.map((person) => backProject(ctx, person.headers, projectId, { amount: 10 })),
    );

    const first = await reachedAt(goalId);
    expect(first).not.toBeNull();
    expect(await reachedAt(far.json().data.id)).toBeNull();
    const listed = (await api('GET', path)).json().data.stretch_goals;
    expect(listed[0]).toMatchObject({ id: goalId, reached_at: new Date(first!).toISOString() });

    // Told once: the backers live when it was crossed (15 of the 20 pledges of 10 take the total to 150), each once.
    const told = await notices(projectId);
    expect(told).toHaveLength(15);
    expect(new Set(told).size).toBe(15);
    expect(told.every((id) => backers.some((person) => person.user.id === id))).toBe(true);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'headers'])
      .where('subject', 'like', '%Glow-in-the-dark case%')
      .execute();
    expect(mails).toHaveLength(15);
    expect(new Set(mails.map((mail) => mail.recipient)).size).toBe(15);
    expect(mails[0]!.subject).toBe('“Lantern Lab” unlocked a stretch goal: Glow-in-the-dark case');
    expect(mails[0]!.headers).toHaveProperty('List-Unsubscribe');

    // Cancellations take the total below the goal again; new pledges cross it again: nothing moves.
    for (const id of donations.slice(0, 10)) {
      expect(
        (await api('POST', `backers/donations/${id}/cancel`, backers[donations.indexOf(id)]!.headers))
          .statusCode,
      ).toBe(200);
    }
    const total = await db()
      .selectFrom('projects')
      .select('current_cents')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(total.current_cents).toBe(10_000);
    expect(await reachedAt(goalId)).toEqual(first);
    const again = await Promise.all(
      Array.from({ length: 6 }, () => signedInUser(ctx)).map(async (pending) =>
        backProject(ctx, (await pending).headers, projectId, { amount: 10 }),
      ),
    );
    expect(again).toHaveLength(6);
    expect(await reachedAt(goalId)).toEqual(first);
    expect(await notices(projectId)).toHaveLength(15);

    // A reached goal keeps its amount; its words may change.
    const moved = await api('PUT', `${path}/${goalId}`, creator.headers, { amount: 170, title: 'Moved' });
    expect(moved.statusCode).toBe(409);
    const reworded = await api('PUT', `${path}/${goalId}`, creator.headers, {
      amount: 150,
      title: 'Glowing case',
    });
    expect(reworded.json().data).toMatchObject({ title: 'Glowing case', reached_at: first!.toISOString() });
  });

  it('mails each backer in their own language, and not those who turned update mails off', async () => {
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      goal: 10,
      start: -1,
      end: 10,
      title: 'Lampen',
    });
    const german = await signedInUser(ctx);
    const quiet = await signedInUser(ctx);
    await db().updateTable('users').set({ locale: 'de' }).where('id', '=', german.user.id).execute();
    await db()
      .insertInto('user_preferences')
      .values({ user_id: quiet.user.id, email_updates: false })
      .execute();
    await api('POST', `projects/${projectId}/stretch-goals`, creator.headers, {
      amount: 20,
      title: 'Goldrand',
    });
    await backProject(ctx, german.headers, projectId, { amount: 5 });
    await backProject(ctx, quiet.headers, projectId, { amount: 20 });

    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject'])
      .where('subject', 'like', '%Goldrand%')
      .execute();
    expect(mails).toEqual([
      { recipient: german.user.email, subject: '„Lampen“ hat ein Stretch Goal freigeschaltet: Goldrand' },
    ]);
    // The notification is in-app for both: the preference governs mail only.
    expect((await notices(projectId)).sort()).toEqual([german.user.id, quiet.user.id].sort());
  });

  it('reaches a goal added below the total at once, and one a raised pledge crosses', async () => {
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      goal: 10,
      start: -1,
      end: 10,
    });
    const donation = await backProject(ctx, backer.headers, projectId, { amount: 30 });
    const path = `projects/${projectId}/stretch-goals`;
    const covered = await api('POST', path, creator.headers, { amount: 20, title: 'Already there' });
    expect(covered.statusCode).toBe(201);
    expect(covered.json().data.reached_at).not.toBeNull();
    expect(await notices(projectId)).toEqual([backer.user.id]);

    const next = await api('POST', path, creator.headers, { amount: 50, title: 'Fifty' });
    expect(next.json().data.reached_at).toBeNull();
    const raised = await api('PUT', `backers/donations/${donation}`, backer.headers, { amount: 60 });
    expect(raised.statusCode).toBe(200);
    expect(await reachedAt(next.json().data.id)).not.toBeNull();
    expect(await notices(projectId)).toEqual([backer.user.id, backer.user.id]);
  });
});

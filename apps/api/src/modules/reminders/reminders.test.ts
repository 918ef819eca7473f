import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';

type User = Awaited<ReturnType<typeof signedInUser>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Midnight UTC of today plus `days`. */
const midnight = (days: number) => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return d.getTime() + days * DAY;
};

describe.each(databaseKinds)('saved-project reminders on %s', (kind) => {
  let ctx: TestContext;
  let now = Date.now();
  let creator: User;
  let saver: User;
  let quiet: User;
  let backer: User;

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
    saver = await signedInUser(ctx, { full_name: 'Sam Saver' });
    quiet = await signedInUser(ctx, { full_name: 'Quinn Quiet' });
    backer = await signedInUser(ctx, { full_name: 'Bea Backer' });
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/preferences',
      headers: quiet.headers,
      payload: { email_reminders: false, email_launches: false },
    });
    expect(off.statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const run = () => ctx.app.services.reminders.run();
  const save = (who: User[], projectId: number, savedAt: Date) =>
    db()
      .insertInto('saved_projects')
      .values(who.map((w) => ({ user_id: w.user.id, project_id: projectId, saved_at: savedAt })))
      .execute();
  const mailsAbout = async (title: string) =>
    (
      await db()
        .selectFrom('mail_outbox')
        .select(['recipient', 'subject', 'text_body', 'headers'])
        .where('subject', 'in', [`“${title}” has launched`, `48 hours left to back “${title}”`])
        .orderBy('id')
        .execute()
    ).map((m) => ({ ...m, to: m.recipient }));

  it('mails whoever saved a project before it started, once, when it launches', async () => {
    now = Date.now();
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Launch Lamp',
      start: 2,
      end: 20,
    });
    await save([saver, quiet, backer, creator], projectId, new Date(now));
    // Not started yet: nothing.
    expect(await run()).toBe(0);

    now = midnight(2) + HOUR;
    expect(await run()).toBe(2);
    const mails = await mailsAbout('Launch Lamp');
    expect(mails.map((m) => m.to).sort()).toEqual([backer.user.email, saver.user.email].sort());
    expect(mails[0]?.subject).toBe('“Launch Lamp” has launched');
    expect(mails[0]?.text_body).toContain(`http://fundry.test/projects/${projectId}`);
    expect(mails[0]?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mails[0]?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/fundry\.test\/api\/v1\/unsubscribe\?token=/,
    );

    // A second run (or a second instance) sends nothing more.
    expect(await run()).toBe(0);
    now += DAY;
    expect(await run()).toBe(0);
    expect(await mailsAbout('Launch Lamp')).toHaveLength(2);
  });

  it('does not announce a launch to someone who saved the project after it started', async () => {
    now = Date.now();
    await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Running Radio',
      start: -1,
      end: 20,
    }).then((id) => save([saver], id, new Date(now)));
    expect(await run()).toBe(0);
    expect(await mailsAbout('Running Radio')).toHaveLength(0);
  });

  it('mails savers who have not backed a running project once, 48 hours before it ends', async () => {
    now = Date.now();
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Ending Easel',
      start: -3,
      end: 4,
      fundingModel: 'flexible',
    });
    await save([saver, quiet, backer, creator], projectId, new Date(now - DAY));
    await backProject(ctx, backer.headers, projectId, { amount: 15 });
    expect(await run()).toBe(0);

    // The campaign ends at 23:59:59 UTC of its end date (day 4): 49 hours before, still nothing.
    const end = midnight(5) - 1000;
    now = end - 49 * HOUR;
    expect(await run()).toBe(0);
    now = end - 47 * HOUR;
    // Two instances at once: each reminder still goes once.
    const [a, b] = await Promise.all([run(), run()]);
    expect(a + b).toBe(1);
    const mails = await mailsAbout('Ending Easel');
    expect(mails.map((m) => m.to)).toEqual([saver.user.email]);
    expect(mails[0]?.subject).toBe('48 hours left to back “Ending Easel”');
    expect(mails[0]?.text_body).toContain('Unsubscribe: http://fundry.test/api/v1/unsubscribe?token=');

    now = end - HOUR;
    expect(await run()).toBe(0);
    // After the end, nothing either.
    now = end + HOUR;
    expect(await run()).toBe(0);
    expect(await mailsAbout('Ending Easel')).toHaveLength(1);
  });

  it('sends nothing for projects that are not ACTIVE', async () => {
    now = Date.now();
    const pending = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Pending Pot',
      status: 'PENDING',
      start: -3,
      end: 1,
    });
    await save([saver], pending, new Date(now - 5 * DAY));
    expect(await run()).toBe(0);
  });

  it('is scheduled as the saved-reminders job', async () => {
    const { scheduledJobs } = await import('../../services');
    expect(scheduledJobs(ctx.app.services).map((job) => job.name)).toContain('saved-reminders');
  });
});

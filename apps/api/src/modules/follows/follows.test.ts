import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_MESSAGES, type Project, todayUtc } from '@fundry/shared';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/database';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { apiOf, sanctionsBy, type User } from '../sanctions/sanctions.fixtures';

const DAY = 86_400_000;
const dayFromNow = (days: number) => todayUtc(new Date(Date.now() + days * DAY));

describe.each(databaseKinds)('following projects and creators, and launching, on %s', (kind) => {
  let ctx: TestContext;
  let admin: User;
  let creator: User;
  let backer: User;
  let stranger: User;
  let silenced: User;
  let suspended: User;
  /** Upcoming (starts in 5 days), running, and ended. */
  let upcoming: number;
  let running: number;
  let ended: number;
  const anonymous = {};

  const db = () => ctx.database.db;
  const api = apiOf(() => ctx);

  beforeAll(async () => {
    ctx = await createTestApp(kind, { APP_URL: 'http://fundry.test', PAYMENTS_PROVIDER: 'sandbox' });
    admin = await signedInUser(ctx, { admin: true, full_name: 'Ada Admin' });
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    backer = await signedInUser(ctx, { full_name: 'Bea Backer' });
    stranger = await signedInUser(ctx, { full_name: 'Sam Stranger' });
    silenced = await signedInUser(ctx, { full_name: 'Sil Silenced' });
    suspended = await signedInUser(ctx, { full_name: 'Sus Suspended' });
    upcoming = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Upcoming Urn',
      start: 5,
      end: 35,
    });
    running = await createProjectRow(db(), { creatorId: creator.user.id, title: 'Running Rake', start: -2 });
    ended = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Ended Easel',
      status: 'SUCCESSFUL',
      start: -40,
      end: -3,
    });
    await backProject(ctx, backer.headers, running, { amount: 20 });
    const act = sanctionsBy(
      () => ctx,
      () => admin,
    );
    await act.silence(silenced);
    await act.suspend(suspended);
  });
  afterAll(() => ctx.close());

  it('lets each signed-in person follow an upcoming project, refuses the others by role', async () => {
    const url = `projects/${upcoming}/follow`;
    expect((await api('POST', url, anonymous)).statusCode).toBe(401);
    expect((await api('DELETE', url, anonymous)).statusCode).toBe(401);
    const suspendedTry = await api('POST', url, suspended.headers);
    expect(suspendedTry.statusCode).toBe(403);
    const own = await api('POST', url, creator.headers);
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(inEnglish(FOLLOW_MESSAGES.notYourself));

    // A stranger, a backer (of another of the creator's projects), an admin and a silenced person may.
    for (const who of [stranger, backer, admin, silenced]) {
      const followed = await api('POST', url, who.headers);
      expect(followed.statusCode, followed.body).toBe(200);
      expect(followed.json().data.following).toBe(true);
    }
    // Again is no change.
    const again = await api('POST', url, stranger.headers);
    expect(again.json().data).toEqual({ following: true, followers_count: null });
    // The count: exact for admins (and the creator), hidden below 10 for others.
    expect((await api('POST', url, admin.headers)).json().data.followers_count).toBe(4);
    const row = await db()
      .selectFrom('projects')
      .select('followers_count')
      .where('id', '=', upcoming)
      .execute();
    expect(row[0]?.followers_count).toBe(4);

    const page = async (who: Record<string, string>) =>
      (await api('GET', `projects/${upcoming}`, who)).json<{ data: Project }>().data;
    expect(await page(creator.headers)).toMatchObject({ followers_count: 4, following: false });
    expect(await page(admin.headers)).toMatchObject({ followers_count: 4, following: true });
    expect(await page(stranger.headers)).toMatchObject({ followers_count: null, following: true });
    expect(await page(anonymous)).toMatchObject({ followers_count: null, following: false });

    // Unfollowing moves the count back; a second unfollow changes nothing.
    const unfollowed = await api('DELETE', url, silenced.headers);
    expect(unfollowed.json().data).toEqual({ following: false, followers_count: null });
    await api('DELETE', url, silenced.headers);
    expect(await page(creator.headers)).toMatchObject({ followers_count: 4 - 1 });
  });

  it('shows the count to everyone from 10 followers on', async () => {
    const project = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Popular Pot',
      start: 3,
    });
    const people = await Promise.all(Array.from({ length: 10 }, () => signedInUser(ctx)));
    for (const person of people) await api('POST', `projects/${project}/follow`, person.headers);
    const seen = (await api('GET', `projects/${project}`, anonymous)).json().data;
    expect(seen.followers_count).toBe(10);
  });

  it('refuses to follow a project that is neither upcoming nor running', async () => {
    const ok = await api('POST', `projects/${running}/follow`, stranger.headers);
    expect(ok.statusCode).toBe(200);
    const over = await api('POST', `projects/${ended}/follow`, stranger.headers);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(inEnglish(FOLLOW_MESSAGES.notFollowable));
    const draft = await createProjectRow(db(), { creatorId: creator.user.id, status: 'DRAFT' });
    expect((await api('POST', `projects/${draft}/follow`, stranger.headers)).statusCode).toBe(404);
    expect((await api('POST', `projects/999999/follow`, stranger.headers)).statusCode).toBe(404);
    expect((await api('POST', `projects/abc/follow`, stranger.headers)).statusCode).toBe(400);
  });

  it('follows creators: the profile shows the count and whether I follow; never oneself', async () => {
    const url = `users/${creator.user.id}/follow`;
    expect((await api('POST', url, anonymous)).statusCode).toBe(401);
    expect((await api('POST', url, suspended.headers)).statusCode).toBe(403);
    expect((await api('GET', 'users/me/following', anonymous)).statusCode).toBe(401);
    expect((await api('GET', 'users/me/following', suspended.headers)).statusCode).toBe(403);
    const self = await api('POST', url, creator.headers);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(inEnglish(FOLLOW_MESSAGES.notYourself));
    expect((await api('POST', 'users/999999/follow', stranger.headers)).statusCode).toBe(404);

    for (const who of [stranger, backer, admin, silenced]) {
      const followed = await api('POST', url, who.headers);
      expect(followed.statusCode, followed.body).toBe(200);
    }
    expect((await api('POST', url, stranger.headers)).json().data).toEqual({
      following: true,
      followers_count: 4,
    });
    const profile = (who: Record<string, string>) => api('GET', `profile/${creator.user.id}`, who);
    expect((await profile(anonymous)).json().data.user).toMatchObject({
      followers_count: 4,
      following: false,
    });
    expect((await profile(stranger.headers)).json().data.user).toMatchObject({ following: true });
    expect((await profile(creator.headers)).json().data.user).toMatchObject({ following: false });
    // The project page's creator card says the same.
    const card = (await api('GET', `projects/${running}`, backer.headers)).json().data.creator;
    expect(card).toMatchObject({ id: creator.user.id, following: true });

    const list = await api('GET', 'users/me/following', stranger.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.users).toEqual([
      expect.objectContaining({ id: creator.user.id, name: 'Cora Creator', followers_count: 4 }),
    ]);
    expect(list.json().meta).toMatchObject({ total: 1, page: 1 });
    expect((await api('GET', 'users/me/following', creator.headers)).json().data.users).toEqual([]);

    expect((await api('DELETE', url, silenced.headers)).json().data).toEqual({
      following: false,
      followers_count: 3,
    });
  });

  it('lists upcoming projects with status=upcoming, and not once launched', async () => {
    const ids = async () =>
      (await api('GET', 'projects?status=upcoming&per_page=100', anonymous))
        .json<{ data: { projects: Array<{ id: number }> } }>()
        .data.projects.map((p) => p.id);
    expect(await ids()).toContain(upcoming);
    expect(await ids()).not.toContain(running);
  });

  it('lets only the creator launch an upcoming project: start today, the length kept', async () => {
    const project = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Launch Ladle',
      start: 4,
      end: 24,
    });
    const url = `projects/${project}/launch`;
    expect((await api('POST', url, anonymous)).statusCode).toBe(401);
    expect((await api('POST', url, suspended.headers)).statusCode).toBe(403);
    for (const who of [stranger, backer, admin, silenced]) {
      const refused = await api('POST', url, who.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(inEnglish(FOLLOW_MESSAGES.onlyCreatorLaunches));
    }
    const launched = await api('POST', url, creator.headers);
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json().data).toMatchObject({ start_date: dayFromNow(0), end_date: dayFromNow(20) });
    expect(launched.json().message).toBe(inEnglish(FOLLOW_MESSAGES.launched));
    const audited = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'details'])
      .where('target_id', '=', project)
      .where('target_type', '=', 'project')
      .execute();
    expect(audited).toEqual([
      {
        actor_id: creator.user.id,
        action: 'project.launch',
        details: { from: dayFromNow(4), to: dayFromNow(0) },
      },
    ]);
    // Once live it is no longer upcoming: a second launch, or one of a running or ended project, is a 409.
    for (const id of [project, running, ended]) {
      const again = await api('POST', `projects/${id}/launch`, creator.headers);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(inEnglish(FOLLOW_MESSAGES.cannotLaunch));
    }
    const draft = await createProjectRow(db(), { creatorId: creator.user.id, status: 'DRAFT', start: 3 });
    expect((await api('POST', `projects/${draft}/launch`, creator.headers)).statusCode).toBe(409);
    expect((await api('POST', `projects/${draft}/launch`, stranger.headers)).statusCode).toBe(404);
    await ctx.app.services.launchNotices.settled();
  });

  it('tells each person once at launch, however many ways they asked, in the app and by mail', async () => {
    const maker = await signedInUser(ctx, { full_name: 'Mo Maker' });
    const all = await signedInUser(ctx, { full_name: 'Al All-Ways' });
    const fan = await signedInUser(ctx, { full_name: 'Fan Follower' });
    const saver = await signedInUser(ctx, { full_name: 'Sav Saver' });
    const quiet = await signedInUser(ctx, { full_name: 'Qui Quiet' });
    const late = await signedInUser(ctx, { full_name: 'Lat Late' });
    const project = await createProjectRow(db(), {
      creatorId: maker.user.id,
      title: 'Once Oven',
      start: 6,
      end: 30,
    });
    // `all` asks to be told, follows the creator and saves the project; `fan` only follows the creator.
    expect((await api('POST', `projects/${project}/follow`, all.headers)).statusCode).toBe(200);
    expect((await api('POST', `users/${maker.user.id}/follow`, all.headers)).statusCode).toBe(200);
    expect((await api('POST', `projects/${project}/save`, all.headers)).statusCode).toBeLessThan(300);
    expect((await api('POST', `users/${maker.user.id}/follow`, fan.headers)).statusCode).toBe(200);
    expect((await api('POST', `projects/${project}/save`, saver.headers)).statusCode).toBeLessThan(300);
    expect((await api('POST', `projects/${project}/follow`, quiet.headers)).statusCode).toBe(200);
    const off = await api('PUT', 'users/me/preferences', quiet.headers, { email_launches: false });
    expect(off.json().data.preferences.email_launches).toBe(false);

    // Before the launch, the job tells nobody.
    await ctx.app.services.reminders.run();
    const told = () =>
      db()
        .selectFrom('notifications')
        .select(['user_id', 'message', 'type'])
        .where('project_id', '=', project)
        .where('type', '=', 'PROJECT_LAUNCHED')
        .execute();
    const mails = () =>
      db()
        .selectFrom('mail_outbox')
        .select(['recipient', 'subject', 'text_body', 'headers'])
        .where('subject', '=', '“Once Oven” has launched')
        .execute();
    expect(await told()).toEqual([]);

    expect((await api('POST', `projects/${project}/launch`, maker.headers)).statusCode).toBe(200);
    // Who asks after the launch is not told of it.
    expect((await api('POST', `projects/${project}/follow`, late.headers)).statusCode).toBe(200);
    await ctx.app.services.launchNotices.settled();
    // The job (here, or on another instance) finds nothing more to tell.
    await ctx.app.services.reminders.run();
    await ctx.app.services.launchNotices.announce(project);

    const notices = await told();
    expect(notices.map((n) => n.user_id).sort((a, b) => a - b)).toEqual(
      [all, fan, saver, quiet].map((u) => u.user.id).sort((a, b) => a - b),
    );
    const sent = await mails();
    expect(sent.map((m) => m.recipient).sort()).toEqual([all, fan, saver].map((u) => u.user.email).sort());
    // The link names the mail as the source of the visits it brings (DESIGN.md §19).
    expect(sent[0]?.text_body).toContain(`http://fundry.test/projects/${project}?ref=email`);
    expect(sent[0]?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // The notification reads in the reader's language, with the end date.
    const listed = await api('GET', 'notifications', all.headers);
    const mine = listed
      .json<{ data: { notifications: Array<{ type: string; message: string }> } }>()
      .data.notifications.find((n) => n.type === 'PROJECT_LAUNCHED');
    expect(mine?.message).toContain('“Once Oven” has launched');

    // The one-click link turns the launch mails off.
    const link = String(sent[0]?.headers?.['List-Unsubscribe']).slice(1, -1);
    const token = new URL(link).searchParams.get('token')!;
    const unsubscribed = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(unsubscribed.statusCode).toBeLessThan(400);
    const who = sent[0]!.recipient;
    const person = [all, fan, saver].find((u) => u.user.email === who)!;
    expect((await api('GET', 'users/me/preferences', person.headers)).json().data.preferences).toMatchObject({
      email_launches: false,
    });
  });

  it('tells a start date that came through the job, once, saved before or followed', async () => {
    const fan = await signedInUser(ctx, { full_name: 'Dee Dated' });
    const project = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Dated Dish',
      start: 0,
      end: 30,
    });
    // It started today; whoever followed it (as upcoming) before today is told. Set the follow to yesterday.
    await db()
      .insertInto('project_follows')
      .values({ project_id: project, user_id: fan.user.id, followed_at: new Date(Date.now() - 2 * DAY) })
      .execute();
    const [first, second] = await Promise.all([
      ctx.app.services.reminders.run(),
      ctx.app.services.reminders.run(),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    const rows = await db()
      .selectFrom('notifications')
      .select('user_id')
      .where('project_id', '=', project)
      .where('type', '=', 'PROJECT_LAUNCHED')
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([fan.user.id]);
  });
});

// Two app instances on one PostgreSQL database, each with its own pool, run the launch job at the same moment.
describe.skipIf(!databaseKinds.includes('postgres'))(
  'the launch notice on two instances, on postgres',
  () => {
    let a: TestContext;
    let second: Database;
    let b: FastifyInstance;

    beforeAll(async () => {
      a = await createTestApp('postgres', { APP_URL: 'http://fundry.test', PAYMENTS_PROVIDER: 'sandbox' });
      second = await createDatabase({ kind: 'postgres', url: a.database.url! }, 4);
      b = await buildApp(a.config, { db: second.db, searchDb: second.searchDb });
      await b.ready();
    });
    afterAll(async () => {
      await b?.close();
      await second?.close();
      await a?.close();
    });

    it('tells each of many followers once, whichever instance gets there', async () => {
      const api = apiOf(() => a);
      const maker = await signedInUser(a, { full_name: 'Twin Maker' });
      const project = await createProjectRow(a.database.db, {
        creatorId: maker.user.id,
        title: 'Twin Teapot',
        start: 0,
        end: 20,
      });
      const people = await Promise.all(Array.from({ length: 30 }, () => signedInUser(a)));
      const before = new Date(Date.now() - DAY);
      await a.database.db
        .insertInto('project_follows')
        .values(
          people.slice(0, 20).map((p) => ({ project_id: project, user_id: p.user.id, followed_at: before })),
        )
        .execute();
      await a.database.db
        .insertInto('user_follows')
        .values(
          people
            .slice(10)
            .map((p) => ({ followed_id: maker.user.id, follower_id: p.user.id, followed_at: before })),
        )
        .execute();
      await a.database.db
        .insertInto('saved_projects')
        .values(
          people.slice(5, 15).map((p) => ({ project_id: project, user_id: p.user.id, saved_at: before })),
        )
        .execute();

      const runs = await Promise.all([
        a.app.services.reminders.run(),
        b.services.reminders.run(),
        a.app.services.launchNotices.announce(project),
        b.services.launchNotices.announce(project),
      ]);
      const notices = await a.database.db
        .selectFrom('notifications')
        .select('user_id')
        .where('project_id', '=', project)
        .where('type', '=', 'PROJECT_LAUNCHED')
        .execute();
      expect(notices).toHaveLength(30);
      expect(new Set(notices.map((n) => n.user_id)).size).toBe(30);
      const mails = await a.database.db
        .selectFrom('mail_outbox')
        .select('recipient')
        .where('subject', '=', '“Twin Teapot” has launched')
        .execute();
      expect(mails).toHaveLength(30);
      expect(runs).toHaveLength(4);
      // The creator's page still answers on either instance after the run.
      expect((await api('GET', `projects/${project}`, maker.headers)).statusCode).toBe(200);
    });
  },
);

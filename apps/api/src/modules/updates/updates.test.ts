import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { notificationText } from '../notifications/notifications.service';
import { inEnglish } from '../../test/i18n';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(databaseKinds)('project updates on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let backer: User;
  let stranger: User;
  let saver: User;
  let admin: User;
  let projectId: number;

  const db = () => ctx.database.db;
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
  const post = (id: number, who: User, body: object) =>
    api('POST', `projects/${id}/updates`, who.headers, body);
  const mailsTo = (email: string) =>
    db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'headers'])
      .where('recipient', '=', email)
      .execute();

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    backer = await signedInUser(ctx, { full_name: 'Bea Backer' });
    stranger = await signedInUser(ctx, { full_name: 'Sam Stranger' });
    saver = await signedInUser(ctx, { full_name: 'Sol Saver' });
    admin = await signedInUser(ctx, { admin: true });
    projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Kettle',
      start: -2,
      end: 20,
    });
    await backProject(ctx, backer.headers, projectId, { amount: 25 });
    await db()
      .insertInto('saved_projects')
      .values({ user_id: saver.user.id, project_id: projectId })
      .execute();
  });
  afterAll(() => ctx.close());

  it('lets the creator post numbered updates, sanitised, that everyone reads when public', async () => {
    const first = await post(projectId, creator, {
      title: 'We shipped the prototype',
      body: '<p>Hello <strong>backers</strong><script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
      visibility: 'public',
    });
    expect(first.statusCode).toBe(201);
    const update = first.json().data;
    expect(update).toMatchObject({ number: 1, visibility: 'public', locked: false, comments_count: 0 });
    expect(update.author).toMatchObject({ id: creator.user.id, name: 'Cora Creator' });
    expect(update.body).toContain('<strong>backers</strong>');
    expect(update.body).not.toMatch(/script|onerror/);

    const anonymous = await api('GET', `projects/${projectId}/updates/${update.id}`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data.body).toBe(update.body);
    const list = await api('GET', `projects/${projectId}/updates`);
    expect(list.json().meta).toMatchObject({ total: 1, page: 1 });
  });

  it('notifies live backers only and mails backers and those who saved a public update', async () => {
    const created = await post(projectId, creator, {
      title: 'Factory visit',
      body: '<p>Pictures from the factory.</p>',
      visibility: 'public',
    });
    const { id, number } = created.json().data;
    expect(number).toBe(2);
    const english = ctx.app.translators.for('en');
    const notes = (
      await db()
        .selectFrom('notifications')
        .select(['user_id', 'link', 'message', 'message_values'])
        .where('type', '=', 'PROJECT_UPDATE')
        .execute()
    ).filter((note) => notificationText(english, note).includes('Factory visit'));
    expect(notes.map(({ user_id, link }) => ({ user_id, link }))).toEqual([
      { user_id: backer.user.id, link: `/projects/${projectId}/updates/${id}` },
    ]);
    expect((await mailsTo(backer.user.email)).some((m) => m.subject.includes('Factory visit'))).toBe(true);
    expect((await mailsTo(saver.user.email)).some((m) => m.subject.includes('Factory visit'))).toBe(true);
    const mail = (await mailsTo(backer.user.email)).find((m) => m.subject.includes('Factory visit'));
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/unsubscribe/);
    expect(mail?.text_body).toContain(`/projects/${projectId}/updates/${id}`);
    expect((await mailsTo(stranger.user.email)).length).toBe(0);
    expect((await mailsTo(creator.user.email)).some((m) => m.subject.includes('Factory visit'))).toBe(false);
  });

  it('locks a backers-only update for anonymous visitors and strangers, never leaking its body', async () => {
    const created = await post(projectId, creator, {
      title: 'Secret colours',
      body: '<p>The secret colour is teal.</p>',
      visibility: 'backers',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;

    for (const headers of [{}, stranger.headers]) {
      const one = await api('GET', `projects/${projectId}/updates/${id}`, headers);
      expect(one.statusCode).toBe(200);
      expect(one.json().data).toMatchObject({ title: 'Secret colours', body: null, locked: true });
      const list = await api('GET', `projects/${projectId}/updates`, headers);
      expect(list.body).not.toContain('teal');
      expect(list.json().data.updates[0]).toMatchObject({ id, locked: true, body: null });
    }
    for (const who of [backer, creator, admin]) {
      const one = await api('GET', `projects/${projectId}/updates/${id}`, who.headers);
      expect(one.json().data).toMatchObject({ locked: false, body: '<p>The secret colour is teal.</p>' });
    }
    // Mail of a backers-only update goes to backers, not to those who only saved the project.
    expect((await mailsTo(backer.user.email)).some((m) => m.text_body.includes('teal'))).toBe(true);
    expect((await mailsTo(saver.user.email)).some((m) => m.subject.includes('Secret colours'))).toBe(false);
  });

  it('mails nobody who turned update mails off', async () => {
    await db()
      .insertInto('user_preferences')
      .values({ user_id: saver.user.id, email_updates: false })
      .execute();
    await post(projectId, creator, { title: 'Quiet news', body: '<p>Shh.</p>', visibility: 'public' });
    expect((await mailsTo(saver.user.email)).some((m) => m.subject.includes('Quiet news'))).toBe(false);
    expect((await mailsTo(backer.user.email)).some((m) => m.subject.includes('Quiet news'))).toBe(true);
  });

  it('refuses posting to anyone but the creator, with a message', async () => {
    const body = { title: 'Hi', body: '<p>x</p>', visibility: 'public' };
    expect((await api('POST', `projects/${projectId}/updates`, {}, body)).statusCode).toBe(401);
    for (const who of [backer, stranger, admin]) {
      const response = await post(projectId, who, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(inEnglish(COMMUNITY_MESSAGES.onlyCreatorPosts));
    }
  });

  it('refuses bad input with a message per field', async () => {
    const empty = await post(projectId, creator, {
      title: 'Nothing',
      body: '<p><script>x</script></p>',
      visibility: 'public',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.body).toEqual([inEnglish(COMMUNITY_MESSAGES.bodyRequired)]);
    const bad = await post(projectId, creator, { title: '', body: '<p>x</p>', visibility: 'friends' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details)).toEqual(expect.arrayContaining(['title', 'visibility']));
  });

  it('hides a draft’s updates from others and refuses updates before launch', async () => {
    const draft = await createProjectRow(db(), { creatorId: creator.user.id, status: 'DRAFT' });
    for (const headers of [{}, stranger.headers]) {
      expect((await api('GET', `projects/${draft}/updates`, headers)).statusCode).toBe(404);
    }
    expect((await api('GET', `projects/${draft}/updates`, creator.headers)).statusCode).toBe(200);
    expect((await api('GET', `projects/${draft}/updates`, admin.headers)).statusCode).toBe(200);
    const early = await post(draft, creator, { title: 'Soon', body: '<p>x</p>', visibility: 'public' });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(inEnglish(COMMUNITY_MESSAGES.notLive));
    expect((await api('GET', `projects/999999/updates`)).statusCode).toBe(404);
  });

  it('lets the creator edit and delete an update; numbers are never reused', async () => {
    const created = await post(projectId, creator, {
      title: 'Typo',
      body: '<p>teh</p>',
      visibility: 'public',
    });
    const { id, number } = created.json().data;
    const url = `projects/${projectId}/updates/${id}`;
    const change = { title: 'Fixed', body: '<p>the</p>', visibility: 'backers' };
    expect((await api('PUT', url, {}, change)).statusCode).toBe(401);
    expect((await api('DELETE', url)).statusCode).toBe(401);
    for (const who of [stranger, backer, admin]) {
      expect((await api('PUT', url, who.headers, change)).statusCode).toBe(403);
    }
    expect((await api('DELETE', url, backer.headers)).statusCode).toBe(403);
    const edited = await api('PUT', url, creator.headers, change);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Fixed', visibility: 'backers', number });
    expect(edited.json().data.edited_at).not.toBeNull();

    expect((await api('DELETE', url, stranger.headers)).statusCode).toBe(403);
    expect((await api('DELETE', url, admin.headers)).statusCode).toBe(403);
    expect((await api('DELETE', url, creator.headers)).statusCode).toBe(200);
    const gone = await api('GET', url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Update not found');
    expect((await api('DELETE', url, creator.headers)).statusCode).toBe(404);
    expect((await api('PUT', url, creator.headers, change)).statusCode).toBe(404);

    const next = await post(projectId, creator, { title: 'Next', body: '<p>n</p>', visibility: 'public' });
    expect(next.json().data.number).toBe(number + 1);
    const list = await api('GET', `projects/${projectId}/updates?per_page=2`);
    expect(list.json().data.updates.map((u: { number: number }) => u.number)).toEqual([
      number + 1,
      number - 1,
    ]);
    expect(list.json().meta).toMatchObject({ per_page: 2, total: number });
    // The count rides on the page's rows; a page past the end counts on its own.
    const pastTheEnd = await api('GET', `projects/${projectId}/updates?per_page=2&page=${number + 1}`);
    expect(pastTheEnd.json()).toMatchObject({ data: { updates: [] }, meta: { total: number } });
  });
});

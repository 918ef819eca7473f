import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';

type User = Awaited<ReturnType<typeof signedInUser>>;
interface CommentJson {
  id: number;
  body: string;
  removed: boolean;
  author: { id: number; is_creator: boolean; is_backer: boolean } | null;
  replies: CommentJson[];
}

describe.each(databaseKinds)('comments on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let backer: User;
  let backer2: User;
  let stranger: User;
  let admin: User;
  let projectId: number;

  const db = () => ctx.database.db;
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
  const comment = async (
    who: User,
    body: string,
    parentId?: number,
    path = `projects/${projectId}/comments`,
  ) => {
    const response = await api('POST', path, who.headers, {
      body,
      ...(parentId ? { parent_id: parentId } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as CommentJson;
  };
  const list = async (headers: Record<string, string> = {}, query = '') => {
    const response = await api('GET', `projects/${projectId}/comments${query}`, headers);
    expect(response.statusCode).toBe(200);
    return response.json<{
      data: { comments: CommentJson[]; can_comment: boolean };
      meta: { total: number; pages: number };
    }>();
  };
  const notificationsOf = (userId: number, type: string) =>
    db()
      .selectFrom('notifications')
      .select(['message', 'link'])
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .execute();

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    backer = await signedInUser(ctx, { full_name: 'Bea Backer' });
    backer2 = await signedInUser(ctx, { full_name: 'Ben Backer' });
    stranger = await signedInUser(ctx, { full_name: 'Sam Stranger' });
    admin = await signedInUser(ctx, { admin: true });
    projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Kettle',
      start: -2,
      end: 20,
    });
    await backProject(ctx, backer.headers, projectId, { amount: 25 });
    await backProject(ctx, backer2.headers, projectId, { amount: 10 });
  });
  afterAll(() => ctx.close());

  it('lets backers and the creator comment and reply, with badges, threads newest first', async () => {
    const first = await comment(backer, 'When will it ship?');
    expect(first.author).toMatchObject({ id: backer.user.id, is_backer: true, is_creator: false });
    const reply = await comment(creator, 'In March!', first.id);
    expect(reply.author).toMatchObject({ is_creator: true, is_backer: false });
    // Replying to a reply joins the thread: one level only.
    const nested = await comment(backer2, 'Thanks!', reply.id);
    const second = await comment(backer2, '<b>Not bold</b> & plain');

    const page = await list();
    expect(page.data.can_comment).toBe(false);
    expect(page.meta.total).toBe(2);
    expect(page.data.comments.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(page.data.comments[0]!.body).toBe('<b>Not bold</b> & plain');
    expect(page.data.comments[1]!.replies.map((r) => r.id)).toEqual([reply.id, nested.id]);
    expect((await list(backer.headers)).data.can_comment).toBe(true);
    expect((await list(creator.headers)).data.can_comment).toBe(true);
    expect((await list(stranger.headers)).data.can_comment).toBe(false);

    const paged = await list({}, '?per_page=1&page=2');
    expect(paged.data.comments.map((c) => c.id)).toEqual([first.id]);
    expect(paged.meta).toMatchObject({ total: 2, pages: 2 });
  });

  it('notifies the parent’s author of a reply and the creator of a comment, never oneself', async () => {
    const before = (await notificationsOf(creator.user.id, 'COMMENT')).length;
    const question = await comment(backer, 'Is it dishwasher safe?');
    expect((await notificationsOf(creator.user.id, 'COMMENT')).length).toBe(before + 1);
    const replies = (await notificationsOf(backer.user.id, 'COMMENT_REPLY')).length;
    await comment(creator, 'Yes it is.', question.id);
    expect((await notificationsOf(backer.user.id, 'COMMENT_REPLY')).length).toBe(replies + 1);
    // The creator commenting on their own project notifies nobody of a comment.
    expect((await notificationsOf(creator.user.id, 'COMMENT')).length).toBe(before + 1);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', backer.user.email)
      .where('subject', 'like', '%replied%')
      .execute();
    expect(mails.length).toBeGreaterThan(0);
  });

  it('refuses comments from anyone who is neither backer nor creator', async () => {
    const body = { body: 'Me too' };
    expect((await api('POST', `projects/${projectId}/comments`, {}, body)).statusCode).toBe(401);
    for (const who of [stranger, admin]) {
      const response = await api('POST', `projects/${projectId}/comments`, who.headers, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(inEnglish(COMMUNITY_MESSAGES.onlyBackersComment));
    }
    const tooLong = await api('POST', `projects/${projectId}/comments`, backer.headers, {
      body: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details.body).toEqual([inEnglish(COMMUNITY_MESSAGES.commentTooLong)]);
    const blank = await api('POST', `projects/${projectId}/comments`, backer.headers, { body: '   ' });
    expect(blank.statusCode).toBe(400);
  });

  it('lets the author edit, and the author, creator or an admin remove, leaving a tombstone', async () => {
    const thread = await comment(backer, 'Original words');
    const reply = await comment(backer2, 'A reply that stays', thread.id);
    expect((await api('PUT', `comments/${thread.id}`, backer2.headers, { body: 'hijack' })).statusCode).toBe(
      403,
    );
    expect((await api('PUT', `comments/${thread.id}`, creator.headers, { body: 'hijack' })).statusCode).toBe(
      403,
    );
    expect((await api('PUT', `comments/${thread.id}`, admin.headers, { body: 'hijack' })).statusCode).toBe(
      403,
    );
    expect((await api('PUT', `comments/${thread.id}`, {}, { body: 'hijack' })).statusCode).toBe(401);
    expect((await api('DELETE', `comments/${thread.id}`, {})).statusCode).toBe(401);
    const edited = await api('PUT', `comments/${thread.id}`, backer.headers, { body: 'Better words' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ body: 'Better words' });
    expect(edited.json().data.edited_at).not.toBeNull();

    const refused = await api('DELETE', `comments/${thread.id}`, stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(inEnglish(COMMUNITY_MESSAGES.cannotRemove));
    expect((await api('DELETE', `comments/${thread.id}`, backer2.headers)).statusCode).toBe(403);
    expect((await api('DELETE', `comments/${thread.id}`, creator.headers)).statusCode).toBe(200);

    const shown = (await list()).data.comments.find((c) => c.id === thread.id)!;
    expect(shown).toMatchObject({ removed: true, body: '', author: null });
    expect(shown.replies.map((r) => r.id)).toEqual([reply.id]);

    const again = await api('DELETE', `comments/${thread.id}`, backer.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(inEnglish(COMMUNITY_MESSAGES.commentRemoved));
    expect((await api('PUT', `comments/${thread.id}`, backer.headers, { body: 'x' })).statusCode).toBe(409);
    const toTombstone = await api('POST', `projects/${projectId}/comments`, backer2.headers, {
      body: 'late',
      parent_id: thread.id,
    });
    expect(toTombstone.statusCode).toBe(422);

    // Its own author and an admin may remove too; the admin's removal is audited.
    expect((await api('DELETE', `comments/${reply.id}`, admin.headers)).statusCode).toBe(200);
    const audited = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', reply.id)
      .executeTakeFirst();
    expect(audited?.action).toBe('comment.remove');
    const own = await comment(backer2, 'Oops');
    expect((await api('DELETE', `comments/${own.id}`, backer2.headers)).statusCode).toBe(200);
    expect((await api('DELETE', 'comments/999999', backer2.headers)).statusCode).toBe(404);
  });

  it('keeps comments of a backers-only update from non-backers, and counts them on the update', async () => {
    const posted = await api('POST', `projects/${projectId}/updates`, creator.headers, {
      title: 'Backers only',
      body: '<p>Secret</p>',
      visibility: 'backers',
    });
    const updateId = posted.json().data.id as number;
    const path = `projects/${projectId}/updates/${updateId}/comments`;
    const first = await comment(backer, 'Secret reply', undefined, path);
    const reply = await comment(creator, 'Indeed', first.id, path);

    for (const headers of [{}, stranger.headers]) {
      const read = await api('GET', path, headers);
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe(inEnglish(COMMUNITY_MESSAGES.onlyBackersRead));
      expect(read.body).not.toContain('Secret reply');
    }
    const write = await api('POST', path, stranger.headers, { body: 'let me in' });
    expect(write.statusCode).toBe(403);
    expect((await api('PUT', `comments/${first.id}`, stranger.headers, { body: 'x' })).statusCode).toBe(404);
    // Nor through a report, which answers with the comment's text.
    const reported = await api('POST', `comments/${first.id}/report`, stranger.headers, { reason: 'Spam' });
    expect(reported.statusCode).toBe(404);
    expect(reported.body).not.toContain('Secret reply');

    const forBacker = await api('GET', path, backer2.headers);
    expect(forBacker.json().data.comments[0].replies).toHaveLength(1);
    const update = await api('GET', `projects/${projectId}/updates/${updateId}`, backer.headers);
    expect(update.json().data.comments_count).toBe(2);
    // Project comments and update comments are separate discussions.
    expect((await list()).data.comments.some((c) => c.body === 'Secret reply')).toBe(false);
    const elsewhere = await api('POST', `projects/${projectId}/comments`, backer.headers, {
      body: 'cross',
      parent_id: first.id,
    });
    expect(elsewhere.statusCode).toBe(422);

    await api('DELETE', `comments/${first.id}`, backer.headers);
    const after = await api('GET', `projects/${projectId}/updates/${updateId}`, backer.headers);
    expect(after.json().data.comments_count).toBe(1);

    await api('DELETE', `projects/${projectId}/updates/${updateId}`, creator.headers);
    expect((await api('GET', path, backer.headers)).statusCode).toBe(404);
    expect((await api('POST', path, backer.headers, { body: 'gone?' })).statusCode).toBe(404);
    expect(
      (await api('POST', `comments/${reply.id}/report`, backer2.headers, { reason: 'Rude' })).statusCode,
    ).toBe(404);
  });

  it('hides a hidden project’s comments (404) from everyone but its creator and admins', async () => {
    const pending = await createProjectRow(db(), { creatorId: creator.user.id, status: 'PENDING' });
    for (const headers of [{}, stranger.headers, backer.headers]) {
      expect((await api('GET', `projects/${pending}/comments`, headers)).statusCode).toBe(404);
    }
    expect((await api('GET', `projects/${pending}/comments`, admin.headers)).statusCode).toBe(200);
    expect(
      (await api('POST', `projects/${pending}/comments`, stranger.headers, { body: 'x' })).statusCode,
    ).toBe(404);
  });

  it('pages threads with their replies attached', async () => {
    const many = await createProjectRow(db(), { creatorId: creator.user.id, start: -2, end: 20 });
    for (let i = 0; i < 6; i += 1) {
      const thread = await comment(creator, `Thread ${i}`, undefined, `projects/${many}/comments`);
      await comment(creator, `Reply ${i}`, thread.id, `projects/${many}/comments`);
    }
    const quiet = await createProjectRow(db(), { creatorId: creator.user.id, start: -2, end: 20 });
    expect((await api('GET', `projects/${quiet}/comments`)).json().meta).toMatchObject({
      total: 0,
      pages: 1,
    });
    type Listed = { body: string; replies: { body: string }[] };
    const listed = async (page: number) => {
      const response = await api('GET', `projects/${many}/comments?per_page=5&page=${page}`);
      expect(response.json().meta).toMatchObject({ total: 6, pages: 2, page });
      return (response.json().data.comments as Listed[]).map((c) => [c.body, c.replies.map((r) => r.body)]);
    };
    // Newest thread first, each with its own replies and no other's.
    expect(await listed(1)).toEqual([5, 4, 3, 2, 1].map((i) => [`Thread ${i}`, [`Reply ${i}`]]));
    expect(await listed(2)).toEqual([['Thread 0', ['Reply 0']]]);
    // The count rides on the page's rows; a page past the end counts on its own.
    expect(await listed(3)).toEqual([]);
  });
});

describe('comment posting is rate-limited', () => {
  it('answers 429 after a burst', async () => {
    const ctx = await createTestApp('pglite', { RATE_LIMITS: 'on' });
    try {
      const creator = await signedInUser(ctx);
      const projectId = await createProjectRow(ctx.database.db, { creatorId: creator.user.id });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/projects/${projectId}/comments`,
          headers: creator.headers,
          payload: { body: `Note ${i}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await ctx.close();
    }
  });
});

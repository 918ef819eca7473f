import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Comment, MODERATION_MESSAGES, TOOLS_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish, inLocale } from '../../test/i18n';
import { sanctionsBy } from '../sanctions/sanctions.fixtures';

type User = Awaited<ReturnType<typeof signedInUser>>;
type Headers = Record<string, string>;

describe.each(databaseKinds)('one report flow and comments hidden while reviewed on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let backer: User;
  let stranger: User;
  let admin: User;
  let projectId: number;
  const anonymous: Headers = {};

  beforeAll(async () => {
    ctx = await createTestApp(kind, { HIDE_AFTER_REPORTS: '3' });
    creator = await signedInUser(ctx, { full_name: 'Cleo Creator' });
    backer = await signedInUser(ctx, { full_name: 'Bea Backer' });
    stranger = await signedInUser(ctx);
    admin = await signedInUser(ctx, { admin: true });
    projectId = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, title: 'Loud Loom' });
    await backProject(ctx, backer.headers, projectId, { amount: 20 });
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** The backer writes a comment on the project; returns its id. */
  async function commentByBacker(body: string, parentId?: number) {
    const posted = await call('POST', `projects/${projectId}/comments`, backer.headers, {
      body,
      ...(parentId ? { parent_id: parentId } : {}),
    });
    expect(posted.statusCode).toBe(201);
    return posted.json().data.id as number;
  }

  /** The comment as `who` reads it in the project's list (a thread or a reply). */
  async function seenBy(who: Headers, commentId: number) {
    const list = await call('GET', `projects/${projectId}/comments?per_page=100`, who);
    expect(list.statusCode).toBe(200);
    const all = (list.json().data.comments as Comment[]).flatMap((c) => [c, ...c.replies]);
    return all.find((c) => c.id === commentId)!;
  }

  const reportComment = (id: number, who: Headers, body: unknown = { reason: 'Rude' }) =>
    call('POST', `comments/${id}/report`, who, body);

  describe('POST users/{id}/report', () => {
    it('every signed-in role reports a person once, with a category; anonymous 401', async () => {
      const reported = await signedInUser(ctx, { full_name: 'Rex Reported' });
      const url = `users/${reported.user.id}/report`;
      expect((await call('POST', url, anonymous, { reason: 'Spam' })).statusCode).toBe(401);
      for (const [who, category] of [
        [stranger, 'spam'],
        [creator, 'fraud'],
        [backer, undefined],
        [admin, 'intellectual_property'],
      ] as const) {
        const filed = await call('POST', url, who.headers, { reason: 'Impersonates me', category });
        expect(filed.statusCode).toBe(201);
        expect(filed.json()).toEqual({
          data: {
            id: expect.any(Number),
            target_type: 'user',
            reason: 'Impersonates me',
            category: category ?? 'other',
            status: 'open',
            created_at: expect.any(String),
          },
          message: inEnglish(TOOLS_MESSAGES.reported),
        });
      }
      const again = await call('POST', url, stranger.headers, { reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(inEnglish(TOOLS_MESSAGES.alreadyReported));

      const queue = await call('GET', 'admin/reports?per_page=100', admin.headers);
      const listed = queue
        .json()
        .data.filter((r: { user: { id: number } | null }) => r.user?.id === reported.user.id);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        target_type: 'user',
        project: null,
        user: { id: reported.user.id, name: 'Rex Reported' },
        reporters_count: 4,
      });
      expect(listed[0].reports.map((r: { category: string }) => r.category)).toEqual([
        'spam',
        'fraud',
        'other',
        'intellectual_property',
      ]);

      const reviewed = await call('POST', `admin/reports/${listed[0].reports[2].id}/resolve`, admin.headers, {
        action: 'dismiss',
        reason: 'Sanctioned separately.',
      });
      expect(reviewed.statusCode).toBe(200);
      expect(reviewed.json().data).toMatchObject({ status: 'resolved', reporters_count: 4 });
      const told = await call('GET', 'notifications', { ...backer.headers, 'accept-language': 'de' });
      expect(told.json().data.notifications.map((n: { message: string }) => n.message)).toContain(
        inLocale('de', 'api.notification.reportPersonReviewed', { name: 'Rex Reported' }),
      );
    });

    it('bad input: oneself 422, an unknown person 404, a category not in the list 400, no reason 400', async () => {
      const self = await call('POST', `users/${stranger.user.id}/report`, stranger.headers, { reason: 'Me' });
      expect(self.statusCode).toBe(422);
      expect(self.json().message).toBe(inEnglish(MODERATION_MESSAGES.ownProfile));
      expect(
        (await call('POST', 'users/999999/report', stranger.headers, { reason: 'Who' })).statusCode,
      ).toBe(404);
      const wrong = await call('POST', `users/${creator.user.id}/report`, stranger.headers, {
        reason: 'Bad',
        category: 'rudeness',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details.category).toEqual([inEnglish(MODERATION_MESSAGES.categoryInvalid)]);
      expect((await call('POST', `users/${creator.user.id}/report`, stranger.headers, {})).statusCode).toBe(
        400,
      );
    });
  });

  describe('the hiding threshold', () => {
    it('two reports leave a comment visible; the third distinct person hides it; the same person twice counts once', async () => {
      const id = await commentByBacker('You all are fools');
      const reporters = [await signedInUser(ctx), await signedInUser(ctx), await signedInUser(ctx)];
      expect(
        (await reportComment(id, reporters[0]!.headers, { reason: 'Insult', category: 'other' })).statusCode,
      ).toBe(201);
      expect((await reportComment(id, reporters[0]!.headers)).statusCode).toBe(409);
      expect(
        (await reportComment(id, reporters[1]!.headers, { reason: 'Spam', category: 'spam' })).statusCode,
      ).toBe(201);
      expect(await seenBy(anonymous, id)).toMatchObject({ hidden: false, body: 'You all are fools' });
      const row = () =>
        ctx.database.db
          .selectFrom('comments')
          .select(['reporters_count', 'hidden_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      expect(await row()).toMatchObject({ reporters_count: 2, hidden_at: null });

      expect(
        (await reportComment(id, reporters[2]!.headers, { reason: 'Abuse', category: 'prohibited' }))
          .statusCode,
      ).toBe(201);
      expect((await row()).reporters_count).toBe(3);
      expect((await row()).hidden_at).not.toBeNull();

      // Others: no text and no author, only that it is hidden; the API never sends the hidden text.
      for (const who of [anonymous, stranger.headers, creator.headers]) {
        const seen = await seenBy(who, id);
        expect(seen).toMatchObject({ hidden: true, removed: false, body: '', author: null, edited_at: null });
        const raw = await call('GET', `projects/${projectId}/comments?per_page=100`, who);
        expect(raw.body).not.toContain('You all are fools');
      }
      // Its author and the admins read it with the notice.
      expect(await seenBy(backer.headers, id)).toMatchObject({
        hidden: true,
        body: 'You all are fools',
        author: { id: backer.user.id },
      });
      expect(await seenBy(admin.headers, id)).toMatchObject({ hidden: true, body: 'You all are fools' });

      // The admins see it once, with every reason and category.
      const queue = await call('GET', 'admin/reports?per_page=100', admin.headers);
      const listed = queue.json().data.find((r: { comment: { id: number } | null }) => r.comment?.id === id);
      expect(listed).toMatchObject({
        target_type: 'comment',
        comment: { id, body: 'You all are fools', hidden: true, removed: false },
        project: { id: projectId },
        reporters_count: 3,
      });
      expect(listed.reports.map((r: { reason: string; category: string }) => [r.reason, r.category])).toEqual(
        [
          ['Insult', 'other'],
          ['Spam', 'spam'],
          ['Abuse', 'prohibited'],
        ],
      );
    });

    it('the project’s creator hides a comment with one report', async () => {
      const id = await commentByBacker('Off-topic advert');
      expect(
        (await reportComment(id, creator.headers, { reason: 'Advert', category: 'spam' })).statusCode,
      ).toBe(201);
      expect(await seenBy(stranger.headers, id)).toMatchObject({ hidden: true, body: '' });
    });

    it('a hidden reply keeps its place in its thread, and the thread count stays', async () => {
      const thread = await commentByBacker('Question about the loom');
      const reply = await commentByBacker('Answering myself rudely', thread);
      const before = await call('GET', `projects/${projectId}/comments?per_page=100`, anonymous);
      await reportComment(reply, creator.headers);
      const after = await call('GET', `projects/${projectId}/comments?per_page=100`, anonymous);
      expect(after.json().meta.total).toBe(before.json().meta.total);
      const seenThread = (after.json().data.comments as Comment[]).find((c) => c.id === thread)!;
      expect(seenThread).toMatchObject({ hidden: false, body: 'Question about the loom' });
      expect(seenThread.replies.map((r) => [r.id, r.hidden, r.body])).toEqual([[reply, true, '']]);
      // Nobody answers a comment they cannot read.
      const answer = await call('POST', `projects/${projectId}/comments`, creator.headers, {
        body: 'Hm',
        parent_id: reply,
      });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toBe(inEnglish(MODERATION_MESSAGES.commentHidden));
    });
  });

  describe('resolving a hidden comment', () => {
    async function hiddenComment(body: string) {
      const id = await commentByBacker(body);
      const reporters = [await signedInUser(ctx), await signedInUser(ctx), await signedInUser(ctx)];
      for (const who of reporters) expect((await reportComment(id, who.headers)).statusCode).toBe(201);
      expect((await seenBy(anonymous, id)).hidden).toBe(true);
      const queue = await call('GET', 'admin/reports?per_page=100', admin.headers);
      const reportId = queue
        .json()
        .data.find((r: { comment: { id: number } | null }) => r.comment?.id === id).id;
      return { id, reporters, reportId: reportId as number };
    }

    it('dismiss restores it for everyone and tells each reporter, in their language', async () => {
      const { id, reporters, reportId } = await hiddenComment('Strong words, fair point');
      for (const who of [anonymous, stranger.headers, creator.headers, backer.headers]) {
        const denied = await call('POST', `admin/reports/${reportId}/resolve`, who, {
          action: 'dismiss',
          reason: 'x',
        });
        expect(denied.statusCode).toBe(who === anonymous ? 401 : 403);
      }
      const restored = await call('POST', `admin/reports/${reportId}/resolve`, admin.headers, {
        action: 'dismiss',
        reason: 'Heated but within the rules.',
      });
      expect(restored.statusCode).toBe(200);
      expect(restored.json().data).toMatchObject({
        status: 'resolved',
        resolution: 'dismissed',
        reporters_count: 3,
        comment: { id, hidden: false },
      });
      expect(await seenBy(anonymous, id)).toMatchObject({ hidden: false, body: 'Strong words, fair point' });
      const languages = ['pt-BR', 'ar', 'en'] as const;
      for (const [index, who] of reporters.entries()) {
        const locale = languages[index]!;
        const list = await call('GET', 'notifications', { ...who.headers, 'accept-language': locale });
        expect(list.json().data.notifications.map((n: { message: string }) => n.message)).toEqual([
          inLocale(locale, 'api.notification.reportDismissed', { title: 'Loud Loom' }),
        ]);
      }
      // A reviewed comment is counted afresh: one new report does not hide it again.
      const row = await ctx.database.db
        .selectFrom('comments')
        .select(['reporters_count', 'hidden_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ reporters_count: 0, hidden_at: null });
      expect((await reportComment(id, stranger.headers)).statusCode).toBe(201);
      expect((await seenBy(anonymous, id)).hidden).toBe(false);
    });

    it('remove leaves a tombstone and tells each reporter it was removed', async () => {
      const { id, reporters, reportId } = await hiddenComment('Truly abusive words');
      const removed = await call('POST', `admin/reports/${reportId}/resolve`, admin.headers, {
        action: 'remove_comment',
        reason: 'Abuse is not allowed.',
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data).toMatchObject({
        resolution: 'comment_removed',
        comment: { removed: true },
      });
      for (const who of [anonymous, backer.headers, admin.headers]) {
        expect(await seenBy(who, id)).toMatchObject({ removed: true, hidden: false, body: '', author: null });
      }
      for (const who of reporters) {
        const list = await call('GET', 'notifications', { ...who.headers, 'accept-language': 'es' });
        expect(list.json().data.notifications.map((n: { message: string }) => n.message)).toEqual([
          inLocale('es', 'api.notification.reportCommentRemoved', { title: 'Loud Loom' }),
        ]);
      }
    });
  });

  describe('sanctioned people', () => {
    it('a silenced person still reports (only admins read a report); a suspended one is refused every report', async () => {
      const act = sanctionsBy(
        () => ctx,
        () => admin,
      );
      const silenced = await signedInUser(ctx);
      const suspended = await signedInUser(ctx);
      const target = await commentByBacker('Something to report');
      const reports = (who: Headers) => [
        call('POST', `projects/${projectId}/report`, who, { reason: 'Looks like a scam', category: 'fraud' }),
        reportComment(target, who, { reason: 'Rude', category: 'spam' }),
        call('POST', `users/${creator.user.id}/report`, who, { reason: 'Impersonates me' }),
      ];
      await act.silence(silenced);
      await act.suspend(suspended);
      for (const filed of await Promise.all(reports(silenced.headers))) {
        expect(filed.statusCode, filed.body).toBe(201);
        expect(filed.json().message).toBe(inEnglish(TOOLS_MESSAGES.reported));
      }
      const refusedAll = await Promise.all(reports(suspended.headers));
      for (const refused of refusedAll) {
        expect([refused.statusCode, refused.json().error]).toEqual([403, 'ACCOUNT_SUSPENDED']);
      }
      const filedBySuspended = await ctx.database.db
        .selectFrom('reports')
        .select('id')
        .where('reporter_id', '=', suspended.user.id)
        .execute();
      expect(filedBySuspended).toEqual([]);
    });
  });
});

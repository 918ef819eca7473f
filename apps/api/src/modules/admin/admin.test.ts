import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Project, REASON_MAX, TOOLS_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { notificationText } from '../notifications/notifications.service';
import { createProject, projectFields, sendProject } from '../../test/projects';
import { inEnglish } from '../../test/i18n';

type User = Awaited<ReturnType<typeof signedInUser>>;
type Headers = Record<string, string>;

describe.each(databaseKinds)('admin tools on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let stranger: User;
  let admin: User;
  let secondAdmin: User;
  const anonymous: Headers = {};

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    stranger = await signedInUser(ctx);
    admin = await signedInUser(ctx, { admin: true, full_name: 'Ada Admin' });
    secondAdmin = await signedInUser(ctx, { admin: true });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const notificationsOf = (userId: number, type: string) =>
    db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .orderBy('id')
      .execute();

  it('a submitted project notifies every admin and waits in the queue, oldest first, with its creator', async () => {
    const older = await createProject(ctx, creator.headers, { title: 'Older Lantern' });
    const newer = await createProject(ctx, creator.headers, { title: 'Newer Lantern' });
    for (const who of [admin, secondAdmin]) {
      const notes = await notificationsOf(who.user.id, 'ADMIN_REVIEW');
      expect(notes.map((n) => n.project_id)).toEqual(expect.arrayContaining([older.id, newer.id]));
      expect(notes.find((n) => n.project_id === older.id)).toMatchObject({ link: '/admin' });
    }
    expect(await notificationsOf(creator.user.id, 'ADMIN_REVIEW')).toHaveLength(0);

    const queue = await call('GET', 'admin/queues/pending?per_page=100', admin.headers);
    expect(queue.statusCode).toBe(200);
    const ids = queue.json().data.map((p: { id: number }) => p.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    const row = queue.json().data.find((p: { id: number }) => p.id === older.id);
    expect(row).toMatchObject({
      title: 'Older Lantern',
      status: 'PENDING',
      creator: { id: creator.user.id, name: 'Cora Creator', email: creator.user.email },
    });
    expect(Date.parse(row.submitted_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(queue.json().meta.total).toBeGreaterThanOrEqual(2);
  });

  describe('every admin route checks the role on the server', () => {
    const routes: [string, 'GET' | 'POST', string, unknown?][] = [
      ['summary', 'GET', 'admin/summary'],
      ['pending queue', 'GET', 'admin/queues/pending'],
      ['featured requests', 'GET', 'admin/queues/featured-requests'],
      ['reports', 'GET', 'admin/reports'],
      ['audit log', 'GET', 'admin/audit-log'],
      ['reject', 'POST', 'admin/projects/PROJECT/reject', { reason: 'Not allowed here' }],
      ['activate', 'POST', 'admin/projects/PROJECT/activate', {}],
    ];
    it.each(routes)(
      '%s: anonymous 401, a stranger, a backer and the creator 403',
      async (_, method, url, body) => {
        const project = await createProject(ctx, creator.headers);
        const backer = await signedInUser(ctx);
        const path = url.replace('PROJECT', String(project.id));
        expect((await call(method, path, anonymous, body)).statusCode).toBe(401);
        for (const who of [stranger, backer, creator]) {
          const response = await call(method, path, who.headers, body);
          expect(response.statusCode).toBe(403);
          expect(response.json().message).toBe('Only an administrator can do this');
        }
        const asAdmin = await call(method, path, admin.headers, body);
        expect(asAdmin.statusCode).toBe(200);
      },
    );
  });

  it('a rejection needs a reason of at most 1,000 characters', async () => {
    const project = await createProject(ctx, creator.headers);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(REASON_MAX + 1) }]) {
      const response = await call('POST', `admin/projects/${project.id}/reject`, admin.headers, body);
      expect(response.statusCode).toBe(400);
    }
    const missing = await call('POST', `admin/projects/${project.id}/reject`, admin.headers, {});
    expect(missing.json().details.reason).toBeDefined();
    const stillPending = await call('GET', `projects/${project.id}`, creator.headers);
    expect(stillPending.json().data.status).toBe('PENDING');
  });

  it('reject while pending with a reason → the creator reads it and is mailed it → edits and resubmits → activate; all audited', async () => {
    const project = await createProject(ctx, creator.headers, { title: 'Rejected Lantern' });
    const reason = 'Please add photos of a working prototype.';
    const rejected = await call('POST', `admin/projects/${project.id}/reject`, admin.headers, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', revocation_reason: reason });

    const seen = await call('GET', `projects/${project.id}`, creator.headers);
    expect(seen.json().data).toMatchObject({ status: 'REJECTED', revocation_reason: reason });
    const mail = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', creator.user.email)
      .where('subject', 'like', '%Rejected Lantern%')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(reason);

    // Twice is a conflict, not a second rejection.
    const again = await call('POST', `admin/projects/${project.id}/reject`, admin.headers, { reason });
    expect(again.statusCode).toBe(409);

    const adminNotesBefore = (await notificationsOf(admin.user.id, 'ADMIN_REVIEW')).length;
    const resubmitted = await sendProject(ctx, 'PUT', `projects/${project.id}`, creator.headers, {
      ...(await projectFields(ctx, { title: 'Rejected Lantern, with photos' })),
      status: 'PENDING',
    });
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json().data.status).toBe('PENDING');
    expect((await notificationsOf(admin.user.id, 'ADMIN_REVIEW')).length).toBe(adminNotesBefore + 1);

    const activated = await call('POST', `admin/projects/${project.id}/activate`, admin.headers, {});
    expect(activated.statusCode).toBe(200);
    expect(activated.json().data).toMatchObject({ status: 'ACTIVE', revocation_reason: null });

    const log = await call('GET', `admin/audit-log?project_id=${project.id}`, admin.headers);
    expect(log.statusCode).toBe(200);
    expect(log.json().data.map((e: { action: string }) => e.action)).toEqual([
      'project.activate',
      'project.reject',
    ]);
    expect(log.json().data[1]).toMatchObject({
      reason,
      actor: { id: admin.user.id, name: 'Ada Admin' },
      target_type: 'project',
      target_id: project.id,
      project: { id: project.id, title: 'Rejected Lantern, with photos' },
    });
  });

  it('a project rejected after it went live stays read-only to its creator', async () => {
    const project = await createProject(ctx, creator.headers, {}, admin.headers);
    await call('POST', `admin/projects/${project.id}/reject`, admin.headers, { reason: 'Misleading claims' });
    const edit = await sendProject(ctx, 'PUT', `projects/${project.id}`, creator.headers, {
      ...(await projectFields(ctx)),
      status: 'PENDING',
    });
    expect(edit.statusCode).toBe(409);
  });

  describe('reports', () => {
    let project: Project;
    beforeAll(async () => {
      project = await createProject(ctx, creator.headers, { title: 'Reported Lantern' }, admin.headers);
    });
    const report = (id: number, headers: Headers, body: unknown) =>
      call('POST', `projects/${id}/report`, headers, body);

    it('any signed-in person reports once; anonymous 401; a reason is required; own project 422; hidden 404', async () => {
      const reporter = await signedInUser(ctx);
      expect((await report(project.id, anonymous, { reason: 'Spam' })).statusCode).toBe(401);
      expect((await report(project.id, reporter.headers, {})).statusCode).toBe(400);
      expect((await report(project.id, reporter.headers, { reason: ' ' })).statusCode).toBe(400);
      expect((await report(project.id, reporter.headers, { reason: 'x'.repeat(1001) })).statusCode).toBe(400);
      expect((await report(project.id, creator.headers, { reason: 'Mine' })).statusCode).toBe(422);
      const hidden = await createProject(ctx, creator.headers);
      expect((await report(hidden.id, reporter.headers, { reason: 'Spam' })).statusCode).toBe(404);

      const first = await report(project.id, reporter.headers, { reason: 'Looks like a scam' });
      expect(first.statusCode).toBe(201);
      expect(first.json().data).toEqual({
        id: expect.any(Number),
        target_type: 'project',
        reason: 'Looks like a scam',
        category: 'other',
        status: 'open',
        created_at: expect.any(String),
      });
      const second = await report(project.id, reporter.headers, { reason: 'Again' });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(inEnglish(TOOLS_MESSAGES.alreadyReported));
    });

    it('an admin dismisses a report: the reporter is told, it is audited, and it cannot be resolved twice', async () => {
      const reporter = await signedInUser(ctx);
      const created = await report(project.id, reporter.headers, { reason: 'Wrong category' });
      const id = created.json().data.id;
      const open = await call('GET', 'admin/reports', admin.headers);
      // The project is listed once, with both people's reports.
      const listed = open
        .json()
        .data.filter((r: { project: { id: number } | null }) => r.project?.id === project.id);
      expect(listed).toHaveLength(1);
      expect(listed[0].reporters_count).toBe(2);
      expect(listed[0].reports.map((r: { id: number }) => r.id)).toContain(id);

      for (const who of [anonymous, reporter.headers, creator.headers]) {
        const denied = await call('POST', `admin/reports/${id}/resolve`, who, {
          action: 'dismiss',
          reason: 'Fine',
        });
        expect(denied.statusCode).toBe(who === anonymous ? 401 : 403);
      }
      expect(
        (await call('POST', `admin/reports/${id}/resolve`, admin.headers, { action: 'dismiss' })).statusCode,
      ).toBe(400);
      expect(
        (await call('POST', `admin/reports/${id}/resolve`, admin.headers, { action: 'ban', reason: 'x' }))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await call('POST', `admin/reports/${id}/resolve`, admin.headers, {
            action: 'remove_comment',
            reason: 'x',
          })
        ).statusCode,
      ).toBe(422);

      const resolved = await call('POST', `admin/reports/${id}/resolve`, admin.headers, {
        action: 'dismiss',
        reason: 'The category is right.',
      });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json().data).toMatchObject({ status: 'resolved', resolution: 'dismissed' });
      const told = await notificationsOf(reporter.user.id, 'REPORT_RESOLVED');
      expect(told).toHaveLength(1);
      expect(notificationText(ctx.app.translators.for('en'), told[0]!)).toBe(
        'Thank you for your report about “Reported Lantern”. An administrator reviewed it and took no action.',
      );
      const twice = await call('POST', `admin/reports/${id}/resolve`, admin.headers, {
        action: 'dismiss',
        reason: 'Again',
      });
      expect(twice.statusCode).toBe(409);
      const log = await call('GET', 'admin/audit-log?action=report.resolve', admin.headers);
      expect(log.json().data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ target_id: id, reason: 'The category is right.' }),
        ]),
      );
      expect(project.status).toBe('ACTIVE');
    });

    it('rejecting the project resolves every open report of it and tells each reporter', async () => {
      const target = await createProject(ctx, creator.headers, { title: 'Scam Lantern' }, admin.headers);
      const reporters = [await signedInUser(ctx), await signedInUser(ctx)];
      const ids: number[] = [];
      for (const who of reporters) {
        ids.push((await report(target.id, who.headers, { reason: 'Scam' })).json().data.id);
      }
      const resolved = await call('POST', `admin/reports/${ids[0]}/resolve`, admin.headers, {
        action: 'reject_project',
        reason: 'The creator cannot deliver what is promised.',
      });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json().data.resolution).toBe('project_rejected');
      const seen = await call('GET', `projects/${target.id}`, creator.headers);
      expect(seen.json().data).toMatchObject({
        status: 'REJECTED',
        revocation_reason: 'The creator cannot deliver what is promised.',
      });
      for (const who of reporters) {
        expect(await notificationsOf(who.user.id, 'REPORT_RESOLVED')).toHaveLength(1);
      }
      const stillOpen = await db()
        .selectFrom('reports')
        .select('id')
        .where('project_id', '=', target.id)
        .where('status', '=', 'open')
        .execute();
      expect(stillOpen).toHaveLength(0);
    });
  });

  describe('comment reports', () => {
    it('once per person; the admin removes the comment, which leaves a tombstone; each reporter is told', async () => {
      const projectId = await createProjectRow(db(), { creatorId: creator.user.id, title: 'Chatty Kettle' });
      const author = await signedInUser(ctx);
      await backProject(ctx, author.headers, projectId, { amount: 20 });
      const posted = await call('POST', `projects/${projectId}/comments`, author.headers, {
        body: 'Buy my stuff at spam.test',
      });
      expect(posted.statusCode).toBe(201);
      const commentId = posted.json().data.id as number;
      const reporters = [await signedInUser(ctx), await signedInUser(ctx)];
      const report = (who: Headers, body: unknown) => call('POST', `comments/${commentId}/report`, who, body);

      expect((await report(anonymous, { reason: 'Spam' })).statusCode).toBe(401);
      expect((await report(reporters[0]!.headers, {})).statusCode).toBe(400);
      expect((await report(author.headers, { reason: 'Mine' })).statusCode).toBe(422);
      expect(
        (await call('POST', 'comments/999999/report', stranger.headers, { reason: 'Spam' })).statusCode,
      ).toBe(404);
      const first = await report(reporters[0]!.headers, { reason: 'Spam' });
      expect(first.statusCode).toBe(201);
      expect(first.json().data).toMatchObject({ target_type: 'comment', category: 'other', status: 'open' });
      expect((await report(reporters[0]!.headers, { reason: 'Again' })).statusCode).toBe(409);
      expect((await report(reporters[1]!.headers, { reason: 'Advertising' })).statusCode).toBe(201);

      const wrong = await call('POST', `admin/reports/${first.json().data.id}/resolve`, admin.headers, {
        action: 'reject_project',
        reason: 'x',
      });
      expect(wrong.statusCode).toBe(422);
      const resolved = await call('POST', `admin/reports/${first.json().data.id}/resolve`, admin.headers, {
        action: 'remove_comment',
        reason: 'Advertising is not allowed in comments.',
      });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json().data).toMatchObject({
        resolution: 'comment_removed',
        comment: { removed: true },
      });
      const comment = await db()
        .selectFrom('comments')
        .select(['removed_at', 'removed_by'])
        .where('id', '=', commentId)
        .executeTakeFirstOrThrow();
      expect(comment.removed_at).not.toBeNull();
      expect(comment.removed_by).toBe(admin.user.id);
      for (const who of reporters) {
        expect(await notificationsOf(who.user.id, 'REPORT_RESOLVED')).toHaveLength(1);
      }
      const audit = await call('GET', `admin/audit-log?project_id=${projectId}`, admin.headers);
      expect(
        audit
          .json()
          .data.map((e: { action: string }) => e.action)
          .sort(),
      ).toEqual(['comment.remove', 'report.resolve', 'report.resolve']);
      for (const entry of audit.json().data as { reason: string | null }[]) {
        expect(entry.reason).toBe('Advertising is not allowed in comments.');
      }
      const late = await signedInUser(ctx);
      expect((await report(late.headers, { reason: 'Spam' })).statusCode).toBe(409);
    });
  });

  it('featuring, featured requests and category changes are in the audit log, which pages and filters', async () => {
    const requested = await createProject(ctx, creator.headers, { featured: 'true' }, admin.headers);
    const queue = await call('GET', 'admin/queues/featured-requests?per_page=100', admin.headers);
    expect(queue.json().data.map((p: { id: number }) => p.id)).toContain(requested.id);
    expect((await call('POST', `projects/${requested.id}/feature`, admin.headers)).statusCode).toBe(200);
    const after = await call('GET', 'admin/queues/featured-requests?per_page=100', admin.headers);
    expect(after.json().data.map((p: { id: number }) => p.id)).not.toContain(requested.id);

    const category = await call('POST', 'categories', admin.headers, { name: 'Audited Things' });
    expect(category.statusCode).toBe(201);
    const categoryLog = await call('GET', 'admin/audit-log?action=category.create', admin.headers);
    expect(categoryLog.json().data[0]).toMatchObject({
      target_type: 'category',
      target_id: category.json().data.id,
      details: { name: 'Audited Things' },
    });
    const featureLog = await call('GET', `admin/audit-log?action=project.feature`, admin.headers);
    expect(featureLog.json().data[0]).toMatchObject({ target_id: requested.id });

    const paged = await call('GET', 'admin/audit-log?per_page=2&page=2', admin.headers);
    expect(paged.json().data).toHaveLength(2);
    expect(paged.json().meta).toMatchObject({ page: 2, per_page: 2 });
    expect(paged.json().meta.total).toBeGreaterThan(4);
    const byActor = await call('GET', `admin/audit-log?actor_id=${secondAdmin.user.id}`, admin.headers);
    expect(byActor.json().data).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await call('GET', `admin/audit-log?from=${today}&to=${today}`, admin.headers);
    expect(inRange.json().meta.total).toBe(paged.json().meta.total);
    expect((await call('GET', 'admin/audit-log?action=nonsense', admin.headers)).statusCode).toBe(400);
  });

  it('a project row in the database with no submission time still waits in the queue', async () => {
    const id = await createProjectRow(db(), { creatorId: creator.user.id, status: 'PENDING' });
    const queue = await call('GET', 'admin/queues/pending?per_page=100', admin.headers);
    expect(queue.json().data.map((p: { id: number }) => p.id)).toContain(id);
    const summary = await call('GET', 'admin/summary', admin.headers);
    expect(summary.json().data.pending).toBe(queue.json().meta.total);
  });
});

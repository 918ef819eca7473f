import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish, inLocale } from '../../test/i18n';
import { sendProject, projectFields } from '../../test/projects';
import { apiOf, nextWeek, sanctionsBy, type User } from './sanctions.fixtures';

describe.each(databaseKinds)('sanctions on accounts, on %s', (kind) => {
  let ctx: TestContext;
  let admin: User;
  let creator: User;
  let backer: User;
  let stranger: User;
  let silenced: User;
  let suspended: User;
  let projectId: number;

  const db = () => ctx.database.db;
  const api = apiOf(() => ctx);
  const act = sanctionsBy(
    () => ctx,
    () => admin,
  );

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await signedInUser(ctx, { admin: true, full_name: 'Ada Admin' });
    creator = await signedInUser(ctx, { full_name: 'Cora Creator', email: 'cora@example.test' });
    backer = await signedInUser(ctx, { full_name: 'Bea Backer' });
    stranger = await signedInUser(ctx, { full_name: 'Sam Stranger' });
    silenced = await signedInUser(ctx, { full_name: 'Sil Silenced' });
    suspended = await signedInUser(ctx, { full_name: 'Sus Suspended' });
    projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Kettle',
      start: -2,
      end: 20,
    });
    await backProject(ctx, backer.headers, projectId, { amount: 25 });
    await backProject(ctx, silenced.headers, projectId, { amount: 10 });
    await act.silence(silenced);
    await act.suspend(suspended);
  });
  afterAll(() => ctx.close());

  it('lets only admins call the directory and the sanctions, and checks each role on the server', async () => {
    const target = await signedInUser(ctx);
    const calls = [
      ['GET', 'admin/users?q=test'],
      ['GET', `admin/users/${target.user.id}`],
      [
        'POST',
        `admin/users/${target.user.id}/silence`,
        { until: nextWeek(), reason: 'spam', message: 'Stop.' },
      ],
      ['POST', `admin/users/${target.user.id}/suspend`, { reason: 'fraud', message: 'Stop.' }],
      ['POST', `admin/users/${target.user.id}/reinstate`],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await api(method, url, {}, body)).statusCode, url).toBe(401);
      for (const who of [stranger, creator, backer, silenced]) {
        const refused = await api(method, url, who.headers, body);
        expect(refused.statusCode, `${url} ${who.user.full_name}`).toBe(403);
        expect(refused.json().message).toBe(inEnglish('api.admin.onlyAdmin'));
      }
      const shut = await api(method, url, suspended.headers, body);
      expect(shut.statusCode).toBe(403);
      expect(shut.json()).toEqual({
        error: 'ACCOUNT_SUSPENDED',
        message: inEnglish('api.sanctions.suspended'),
      });
    }
    // The admin, in the same order: silence, then suspend (which ends the silence), then reinstate.
    for (const [method, url, body] of calls) {
      const allowed = await api(method, url, admin.headers, body);
      expect(allowed.statusCode, `${url} ${allowed.body}`).toBe(200);
    }
    const record = (await api('GET', `admin/users/${target.user.id}`, admin.headers)).json().data;
    expect(record.current_sanction).toBeNull();
    expect(record.sanctions.map((s: { kind: string }) => s.kind)).toEqual(['suspend', 'silence']);
    expect(record.sanctions.every((s: { ended_by: { id: number } }) => s.ended_by.id === admin.user.id)).toBe(
      true,
    );
  });

  it('refuses a sanction on an admin, on oneself, with a past date or an unknown reason, changing nothing', async () => {
    const other = await signedInUser(ctx, { admin: true });
    const target = await signedInUser(ctx);
    const cases = [
      [other.user.id, 'suspend', { reason: 'fraud', message: 'No.' }, 422, 'api.sanctions.notAdmin'],
      [admin.user.id, 'suspend', { reason: 'fraud', message: 'No.' }, 422, 'api.sanctions.notYourself'],
      [
        admin.user.id,
        'silence',
        { until: nextWeek(), reason: 'spam', message: 'No.' },
        422,
        'api.sanctions.notYourself',
      ],
      [
        target.user.id,
        'silence',
        { until: new Date(Date.now() - 60_000).toISOString(), reason: 'spam', message: 'No.' },
        422,
        'api.sanctions.untilPast',
      ],
      [target.user.id, 'suspend', { reason: 'rudeness', message: 'No.' }, 400, null],
      [target.user.id, 'suspend', { reason: 'fraud', message: '  ' }, 400, null],
      [target.user.id, 'silence', { until: 'next week', reason: 'spam', message: 'No.' }, 400, null],
    ] as const;
    for (const [id, action, body, status, message] of cases) {
      const response = await api('POST', `admin/users/${id}/${action}`, admin.headers, body);
      expect(response.statusCode, response.body).toBe(status);
      if (message) expect(response.json().message).toBe(inEnglish(message));
    }
    const unknownReason = await api('POST', `admin/users/${target.user.id}/suspend`, admin.headers, {
      reason: 'rudeness',
      message: 'No.',
    });
    expect(unknownReason.json().details.reason).toEqual([inEnglish('msg.sanctions.reasonUnknown')]);
    const reinstateNobody = await api('POST', `admin/users/${target.user.id}/reinstate`, admin.headers);
    expect(reinstateNobody.statusCode).toBe(409);
    expect(
      (await api('POST', 'admin/users/999999/suspend', admin.headers, { reason: 'spam', message: 'x' }))
        .statusCode,
    ).toBe(404);
    const untouched = await db()
      .selectFrom('users')
      .select(['silenced_until', 'suspended_at'])
      .where('id', 'in', [other.user.id, admin.user.id, target.user.id])
      .execute();
    expect(untouched.every((row) => row.silenced_until === null && row.suspended_at === null)).toBe(true);
    expect(
      await db()
        .selectFrom('user_sanctions')
        .select('id')
        .where('user_id', 'in', [other.user.id, admin.user.id, target.user.id])
        .execute(),
    ).toEqual([]);
  });

  it('keeps a silenced person to reading: every public write is refused saying until when, in their language', async () => {
    const until = new Date(
      (
        await db()
          .selectFrom('users')
          .select('silenced_until')
          .where('id', '=', silenced.user.id)
          .executeTakeFirstOrThrow()
      ).silenced_until!,
    );
    const expected = (locale: 'en' | 'de') =>
      inLocale(locale, 'api.sanctions.silenced', {
        until: new Intl.DateTimeFormat(locale, {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          timeZone: 'UTC',
          timeZoneName: 'short',
        }).format(until),
      });
    const own = await createProjectRow(db(), { creatorId: silenced.user.id, status: 'DRAFT' });
    const live = await createProjectRow(db(), { creatorId: silenced.user.id, start: -1, end: 10 });
    const writes = [
      () => api('POST', `projects/${projectId}/comments`, silenced.headers, { body: 'Buy my stuff' }),
      () => api('POST', `projects/${projectId}/messages`, silenced.headers, { body: 'Hello' }),
      () =>
        api('POST', `projects/${live}/updates`, silenced.headers, {
          title: 'News',
          body: '<p>News</p>',
          visibility: 'public',
        }),
      () => api('POST', `projects/${live}/messages/bulk`, silenced.headers, { body: 'Hi all' }),
      async () =>
        sendProject(ctx, 'PUT', `projects/${own}`, silenced.headers, {
          ...(await projectFields(ctx)),
          status: 'PENDING',
        }),
      async () => sendProject(ctx, 'POST', 'projects', silenced.headers, await projectFields(ctx)),
    ];
    for (const write of writes) {
      const refused = await write();
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ error: 'ACCOUNT_SILENCED', message: expected('en') });
    }
    const german = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/comments`,
      headers: { ...silenced.headers, 'accept-language': 'de' },
      payload: { body: 'Kauft meine Sachen' },
    });
    expect(german.statusCode).toBe(403);
    expect(german.json().message).toBe(expected('de'));
    expect(german.json().message).not.toBe(expected('en'));
    // Reading and their own account stay open.
    expect((await api('GET', `projects/${projectId}/comments`, silenced.headers)).statusCode).toBe(200);
    expect((await api('GET', 'profile', silenced.headers)).statusCode).toBe(200);
    expect(
      await db().selectFrom('comments').select('id').where('author_id', '=', silenced.user.id).execute(),
    ).toEqual([]);
    expect(
      (await db().selectFrom('projects').select('status').where('id', '=', own).executeTakeFirstOrThrow())
        .status,
    ).toBe('DRAFT');
  });

  it('ends a silence on reinstatement, mails the person both times and records it in the audit log', async () => {
    const person = await signedInUser(ctx, { full_name: 'Remy Reader', email: 'remy@example.test' });
    await backProject(ctx, person.headers, projectId, { amount: 5 });
    const record = await act.silence(person, nextWeek(), 'prohibited');
    expect(record.account.standing).toBe('silenced');
    expect(record.current_sanction).toMatchObject({ kind: 'silence', reason: 'prohibited', ended_at: null });
    expect(
      (await api('POST', `projects/${projectId}/comments`, person.headers, { body: 'Hi' })).statusCode,
    ).toBe(403);
    const back = await act.reinstate(person);
    expect(back.account.standing).toBe('active');
    expect(back.sanctions[0]?.ended_by).toEqual({ id: admin.user.id, name: 'Ada Admin' });
    expect(
      (await api('POST', `projects/${projectId}/comments`, person.headers, { body: 'Hi' })).statusCode,
    ).toBe(201);

    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', 'remy@example.test')
      .orderBy('id')
      .execute();
    const [silenceMail, reinstateMail] = mails.slice(-2);
    expect(silenceMail!.subject).toBe(inEnglish('mail.sanction.silenceSubject'));
    expect(silenceMail!.text_body).toContain(
      inEnglish('mail.sanction.reason', { reason: inEnglish('common.suspensionReason.prohibited') }),
    );
    expect(silenceMail!.text_body).toContain('Please stop posting the same link everywhere.');
    expect(silenceMail!.text_body).toContain('/about');
    expect(reinstateMail!.subject).toBe(inEnglish('mail.sanction.reinstatedSubject'));
    const audit = await api('GET', `admin/audit-log?actor_id=${admin.user.id}`, admin.headers);
    const actions = audit
      .json()
      .data.filter((entry: { target_id: number }) => entry.target_id === person.user.id)
      .map((entry: { action: string; target_type: string }) => `${entry.target_type} ${entry.action}`);
    expect(actions).toEqual(['user user.reinstate', 'user user.silence']);
  });

  it("finds people by name or e-mail in any case, and shows a person's whole record", async () => {
    const found = await api('GET', 'admin/users?q=CORA@EXAMPLE', admin.headers);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([
      expect.objectContaining({
        id: creator.user.id,
        full_name: 'Cora Creator',
        roles: ['User'],
        standing: 'active',
      }),
    ]);
    expect(found.json().meta).toEqual({ total: 1, pages: 1, page: 1, per_page: 20 });
    const byName = (await api('GET', 'admin/users?q=sil%20sil&per_page=1', admin.headers)).json();
    expect(byName.data.map((u: { id: number; standing: string }) => [u.id, u.standing])).toEqual([
      [silenced.user.id, 'silenced'],
    ]);
    const paged = (await api('GET', 'admin/users?per_page=2&page=2', admin.headers)).json();
    expect(paged.data).toHaveLength(2);
    expect(paged.meta.page).toBe(2);
    expect((await api('GET', 'admin/users?per_page=500', admin.headers)).statusCode).toBe(400);

    await db()
      .insertInto('reports')
      .values({
        reporter_id: backer.user.id,
        target_type: 'project',
        project_id: projectId,
        reason: 'Looks fake',
      })
      .execute();
    const record = (await api('GET', `admin/users/${creator.user.id}`, admin.headers)).json().data;
    expect(record.account).toMatchObject({
      id: creator.user.id,
      email_verified: true,
      two_factor: false,
      locale: null,
      roles: ['User'],
    });
    expect(record.projects.by_status).toEqual({ ACTIVE: 1 });
    expect(record.projects.list).toEqual([
      expect.objectContaining({ id: projectId, title: 'Kettle', status: 'ACTIVE' }),
    ]);
    expect(record.reports_about).toEqual([
      expect.objectContaining({
        target_type: 'project',
        reason: 'Looks fake',
        reporter: { id: backer.user.id, name: 'Bea Backer' },
      }),
    ]);
    const backerRecord = (await api('GET', `admin/users/${backer.user.id}`, admin.headers)).json().data;
    expect(backerRecord.pledges).toEqual({
      count: 1,
      by_currency: [{ currency: 'USD', count: 1, amount: 25 }],
    });
    expect(backerRecord.reports_by).toHaveLength(1);
    expect((await api('GET', 'admin/users/999999', admin.headers)).statusCode).toBe(404);
  });
});

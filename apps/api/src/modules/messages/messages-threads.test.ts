import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { type Messages, openMessages } from './messages.fixtures';
import { MESSAGE_MAIL_INTERVAL_MS } from './messages.service';

/** Threads between two people: who reads and writes them, the inbox, mails, blocks and reports. */
describe.each(databaseKinds)('messages on %s', (kind) => {
  let now = new Date('2026-11-27T12:00:00Z');
  let { ctx, creator, visitor, stranger, admin, projectId, api, db, mailsTo, ask, inbox, inboxMismatches } =
    {} as Messages;

  beforeAll(async () => {
    ({ ctx, creator, visitor, stranger, admin, projectId, api, db, mailsTo, ask, inbox, inboxMismatches } =
      await openMessages(kind, { now: () => now, set: (at) => (now = at) }));
  });
  afterAll(() => ctx.close());

  it('opens one thread per person and project, read only by its two parties, oldest first', async () => {
    const threadId = await ask(visitor, '  Does it ship to <b>Chile</b>?  ');
    expect(await ask(visitor, 'And to Peru?')).toBe(threadId);
    const read = await api('GET', `messages/${threadId}`, creator.headers);
    expect(read.statusCode).toBe(200);
    const { data, meta } = read.json();
    // Trimmed and kept as text, never turned into HTML.
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual([
      'Does it ship to <b>Chile</b>?',
      'And to Peru?',
    ]);
    expect(data.messages[0].author).toEqual({ id: visitor.user.id, name: visitor.user.full_name });
    expect(data.thread).toMatchObject({
      project: { id: projectId },
      other: { id: visitor.user.id, name: visitor.user.full_name },
    });
    expect(meta).toMatchObject({ total: 2, page: 1 });
    const page2 = (await api('GET', `messages/${threadId}?per_page=1&page=2`, visitor.headers)).json();
    expect(page2.data.messages.map((m: { body: string }) => m.body)).toEqual(['And to Peru?']);

    for (const who of [stranger, admin]) {
      const response = await api('GET', `messages/${threadId}`, who.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(inEnglish('api.notFound.thread'));
      expect((await api('POST', `messages/${threadId}`, who.headers, { body: 'Hi' })).statusCode).toBe(404);
      expect((await api('POST', `messages/${threadId}/block`, who.headers)).statusCode).toBe(404);
      expect(
        (await api('POST', `messages/${threadId}/report`, who.headers, { reason: 'Spam' })).statusCode,
      ).toBe(404);
    }
    // An admin may write to a creator like anyone, in a thread of their own.
    const adminThread = await ask(admin, 'A question from the team');
    expect(adminThread).not.toBe(threadId);
    expect((await api('GET', `messages/${adminThread}`, admin.headers)).statusCode).toBe(200);
    expect((await api('GET', `messages/${threadId}`)).statusCode).toBe(401);
    expect((await api('GET', 'messages')).statusCode).toBe(401);
    expect((await api('POST', `projects/${projectId}/messages`, {}, { body: 'Hi' })).statusCode).toBe(401);
  });

  it('refuses the creator writing about their own project, hidden projects and bad bodies', async () => {
    const own = await api('POST', `projects/${projectId}/messages`, creator.headers, { body: 'Hello me' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(inEnglish('api.messages.ownProject'));
    const draft = await createProjectRow(db(), { creatorId: creator.user.id, status: 'DRAFT' });
    expect(
      (await api('POST', `projects/${draft}/messages`, visitor.headers, { body: 'Hi' })).statusCode,
    ).toBe(404);
    for (const body of ['', '   ', 'x'.repeat(5001)]) {
      const response = await api('POST', `projects/${projectId}/messages`, visitor.headers, { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.body).toEqual([
        inEnglish(
          body.length > 5000 ? CONVERSATION_MESSAGES.bodyTooLong : CONVERSATION_MESSAGES.bodyRequired,
        ),
      ]);
    }
    expect(
      (await api('POST', `projects/${projectId}/messages`, visitor.headers, { body: 'x'.repeat(5000) }))
        .statusCode,
    ).toBe(201);
  });

  it('counts unread per thread and in total, newest activity first, and reading marks read', async () => {
    const asker = await signedInUser(ctx);
    const other = await createProjectRow(db(), { creatorId: creator.user.id, start: -1, end: 10 });
    const first = await ask(asker, 'One');
    await ask(asker, 'Two');
    const second = await ask(asker, 'About the other project', other);
    const before = await inbox(creator);
    const mine = before.data.threads.filter((t: { other: { id: number } }) => t.other.id === asker.user.id);
    expect(mine.map((t: { id: number }) => t.id)).toEqual([second, first]);
    expect(mine.map((t: { unread_count: number }) => t.unread_count)).toEqual([1, 2]);
    expect(mine[0].last_message).toMatchObject({ body: 'About the other project', author_id: asker.user.id });
    await api('GET', `messages/${first}`, creator.headers);
    const after = await inbox(creator);
    expect(after.meta.unread).toBe(before.meta.unread - 2);
    // The asker reads nothing unread: their own messages are not news to them.
    expect((await inbox(asker)).meta.unread).toBe(0);
    const reply = await api('POST', `messages/${first}`, creator.headers, { body: 'Yes!' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toMatchObject({ body: 'Yes!', author: { id: creator.user.id } });
    const askerInbox = await inbox(asker);
    expect(askerInbox.meta.unread).toBe(1);
    expect(askerInbox.data.threads[0]).toMatchObject({ id: first, unread_count: 1 });
    expect(askerInbox.meta).toMatchObject({ total: 2, page: 1 });
    expect((await inbox(asker, '?per_page=1&page=2')).data.threads.map((t: { id: number }) => t.id)).toEqual([
      second,
    ]);
    expect(await inboxMismatches()).toEqual([]);
  });

  it('pages an inbox with threads on both sides (as a creator and as an asker), newest activity first', async () => {
    const both = await signedInUser(ctx);
    const ownProject = await createProjectRow(db(), { creatorId: both.user.id, start: -1, end: 10 });
    const askers = [await signedInUser(ctx), await signedInUser(ctx)];
    const asked = [await ask(askers[0]!, 'To you, first', ownProject)];
    asked.push(await ask(both, 'From you, second'));
    asked.push(await ask(askers[1]!, 'To you, third', ownProject));
    asked.push(
      await ask(both, 'From you, fourth', await createProjectRow(db(), { creatorId: creator.user.id })),
    );
    const newestFirst = [...asked].reverse();
    const all = await inbox(both);
    expect(all.data.threads.map((t: { id: number }) => t.id)).toEqual(newestFirst);
    expect(all.meta).toMatchObject({ total: 4, unread: 2 });
    for (const page of [1, 2]) {
      const paged = await inbox(both, `?per_page=2&page=${page}`);
      expect(paged.data.threads.map((t: { id: number }) => t.id)).toEqual(
        newestFirst.slice(page * 2 - 2, page * 2),
      );
      expect(paged.meta).toMatchObject({ total: 4, unread: 2, page });
    }
    expect((await inbox(both, '?per_page=2&page=3')).data.threads).toEqual([]);
    // Reading a thread with nothing unread writes nothing and still counts its messages.
    const read = (await api('GET', `messages/${asked[1]}`, both.headers)).json();
    expect(read.meta).toMatchObject({ total: 1 });
    expect((await inbox(both)).meta.unread).toBe(2);
    await api('GET', `messages/${asked[0]}`, both.headers);
    expect((await inbox(both)).meta.unread).toBe(1);
    expect(await inboxMismatches()).toEqual([]);
  });

  it('mails the other party at most once per thread in 15 minutes, in their language, unless they opted out', async () => {
    const asker = await signedInUser(ctx);
    await db().updateTable('users').set({ locale: 'es' }).where('id', '=', creator.user.id).execute();
    const before = (await mailsTo(creator.user.email)).length;
    const threadId = await ask(asker, 'First question');
    await ask(asker, 'Second question');
    let mails = await mailsTo(creator.user.email);
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toContain('Nuevo mensaje');
    expect(mail.text_body).toContain('First question');
    expect(mail.text_body).toContain(`/messages/${threadId}`);
    expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    now = new Date(now.getTime() + MESSAGE_MAIL_INTERVAL_MS - 1000);
    await api('POST', `messages/${threadId}`, asker.headers, { body: 'Still there?' });
    expect((await mailsTo(creator.user.email)).length).toBe(before + 1);
    now = new Date(now.getTime() + 2000);
    await api('POST', `messages/${threadId}`, asker.headers, { body: 'Hello?' });
    mails = await mailsTo(creator.user.email);
    expect(mails.length).toBe(before + 2);
    expect(mails.at(-1)!.text_body).toContain('Hello?');

    // The reply is mailed to the asker on its own clock, and the one-click link turns these mails off.
    await api('POST', `messages/${threadId}`, creator.headers, { body: 'Sorry, here.' });
    const askerMails = await mailsTo(asker.user.email);
    expect(askerMails).toHaveLength(1);
    const url = new URL((askerMails[0]!.headers as Record<string, string>)['List-Unsubscribe']!.slice(1, -1));
    const off = await api('POST', `unsubscribe?token=${url.searchParams.get('token')}`);
    expect(off.statusCode).toBe(200);
    expect((await api('GET', 'users/me/preferences', asker.headers)).json().data.preferences).toMatchObject({
      email_messages: false,
    });
    now = new Date(now.getTime() + MESSAGE_MAIL_INTERVAL_MS * 2);
    await api('POST', `messages/${threadId}`, creator.headers, { body: 'Anyone?' });
    expect(await mailsTo(asker.user.email)).toHaveLength(1);
    await db().updateTable('users').set({ locale: null }).where('id', '=', creator.user.id).execute();
  });

  it('lets a party block the other: the blocked sender gets 403 here and on a new thread with that creator', async () => {
    const pest = await signedInUser(ctx);
    const threadId = await ask(pest, 'Buy my stuff');
    const blocked = await api('POST', `messages/${threadId}/block`, creator.headers);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().message).toBe(inEnglish(CONVERSATION_MESSAGES.blocked));
    const again = await api('POST', `messages/${threadId}`, pest.headers, { body: 'Hello?' });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(inEnglish('api.messages.blocked'));
    const other = await createProjectRow(db(), { creatorId: creator.user.id, start: -1, end: 10 });
    const elsewhere = await api('POST', `projects/${other}/messages`, pest.headers, { body: 'Now?' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(inEnglish('api.messages.blocked'));
    // The creator may still write; the thread says they blocked the other party.
    expect((await api('POST', `messages/${threadId}`, creator.headers, { body: 'Stop.' })).statusCode).toBe(
      201,
    );
    expect((await api('GET', `messages/${threadId}`, creator.headers)).json().data.thread.blocked).toBe(true);
  });

  it('lets the blocker unblock the other party, idempotently; anonymous 401, others 404, the blocked stays blocked', async () => {
    const pest = await signedInUser(ctx);
    const threadId = await ask(pest, 'Buy my stuff, again');
    expect((await api('POST', `messages/${threadId}/block`, creator.headers)).statusCode).toBe(200);
    expect((await api('POST', `messages/${threadId}/unblock`)).statusCode).toBe(401);
    for (const who of [stranger, admin]) {
      const response = await api('POST', `messages/${threadId}/unblock`, who.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(inEnglish('api.notFound.thread'));
    }
    // The blocked person cannot lift a block of themselves: their call only lifts a block of their own (none).
    expect((await api('POST', `messages/${threadId}/unblock`, pest.headers)).statusCode).toBe(200);
    expect((await api('POST', `messages/${threadId}`, pest.headers, { body: 'Still?' })).statusCode).toBe(
      403,
    );

    const lifted = await api('POST', `messages/${threadId}/unblock`, creator.headers);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().message).toBe(inEnglish(CONVERSATION_MESSAGES.unblocked));
    expect((await api('GET', `messages/${threadId}`, creator.headers)).json().data.thread.blocked).toBe(
      false,
    );
    expect((await api('POST', `messages/${threadId}`, pest.headers, { body: 'Sorry' })).statusCode).toBe(201);
    // Again: nothing to lift, the same answer.
    expect((await api('POST', `messages/${threadId}/unblock`, creator.headers)).statusCode).toBe(200);
    const rows = await db()
      .selectFrom('message_blocks')
      .selectAll()
      .where('blocked_id', '=', pest.user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('reports the other party with their newest message to the admins’ queue, once', async () => {
    const rude = await signedInUser(ctx);
    const threadId = await ask(rude, 'You are a fraud');
    const nothing = await api('POST', `messages/${threadId}/report`, rude.headers, { reason: 'Me?' });
    expect(nothing.statusCode).toBe(422);
    const report = await api('POST', `messages/${threadId}/report`, creator.headers, {
      reason: 'Insults',
      category: 'prohibited',
    });
    expect(report.statusCode).toBe(201);
    expect(report.json().data).toMatchObject({
      target_type: 'message',
      reason: 'Insults',
      category: 'prohibited',
    });
    expect(
      (await api('POST', `messages/${threadId}/report`, creator.headers, { reason: 'x' })).statusCode,
    ).toBe(409);
    const queue = await api('GET', 'admin/reports?per_page=100', admin.headers);
    const listed = queue.json().data.find((r: { id: number }) => r.id === report.json().data.id);
    expect(listed).toMatchObject({
      target_type: 'message',
      project: { id: projectId },
      message: { body: 'You are a fraud', author: { id: rude.user.id } },
      reporters_count: 1,
      reports: [{ reason: 'Insults', category: 'prohibited', reporter: { id: creator.user.id } }],
    });
    const resolved = await api('POST', `admin/reports/${report.json().data.id}/resolve`, admin.headers, {
      action: 'dismiss',
      reason: 'Heated but fine',
    });
    expect(resolved.statusCode).toBe(200);
  });
});

describe('message posting is rate-limited', () => {
  it('answers 429 after 20 messages in a minute', async () => {
    const ctx = await createTestApp('pglite', { RATE_LIMITS: 'on' });
    try {
      const creator = await signedInUser(ctx);
      const visitor = await signedInUser(ctx);
      const projectId = await createProjectRow(ctx.database.db, { creatorId: creator.user.id });
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/projects/${projectId}/messages`,
          headers: visitor.headers,
          payload: { body: `Note ${i}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await ctx.close();
    }
  });
});

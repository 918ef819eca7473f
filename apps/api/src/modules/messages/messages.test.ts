import { type KyselyPlugin, sql } from 'kysely';
import { buildApp } from '../../app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '@fundry/shared';
import { inboxCounterMismatchesSql } from '../../db/checks';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { MESSAGE_MAIL_INTERVAL_MS } from './messages.service';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(databaseKinds)('messages on %s', (kind) => {
  let ctx: TestContext;
  let now = new Date('2026-11-27T12:00:00Z');
  let creator: User;
  let visitor: User;
  let stranger: User;
  let admin: User;
  let projectId: number;

  const api = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => {
    // Every post a moment after the one before: threads order by their newest activity.
    if (method === 'POST') now = new Date(now.getTime() + 1);
    return ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
  };
  const db = () => ctx.database.db;
  const mailsTo = (email: string) =>
    db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'html_body', 'headers'])
      .where('recipient', '=', email)
      .orderBy('id')
      .execute();
  const ask = async (who: User, body: string, project = projectId) => {
    const response = await api('POST', `projects/${project}/messages`, who.headers, { body });
    expect(response.statusCode).toBe(201);
    return response.json().data.thread_id as number;
  };
  const inbox = async (who: User, query = '') => {
    const response = await api('GET', `messages${query}`, who.headers);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, undefined, { clock: () => now });
    creator = await signedInUser(ctx);
    visitor = await signedInUser(ctx);
    stranger = await signedInUser(ctx);
    admin = await signedInUser(ctx, { admin: true });
    projectId = await createProjectRow(db(), { creatorId: creator.user.id, start: -1, end: 10 });
  });
  afterAll(() => ctx.close());
  /** People whose inbox totals differ from their threads (migration 0042): none, whatever was written. */
  const inboxMismatches = async () => (await inboxCounterMismatchesSql.execute(db())).rows;

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
    const report = await api('POST', `messages/${threadId}/report`, creator.headers, { reason: 'Insults' });
    expect(report.statusCode).toBe(201);
    expect(report.json().data).toMatchObject({
      target_type: 'message',
      project: { id: projectId },
      message: { body: 'You are a fraud', author: { id: rude.user.id } },
      reason: 'Insults',
    });
    expect(
      (await api('POST', `messages/${threadId}/report`, creator.headers, { reason: 'x' })).statusCode,
    ).toBe(409);
    const queue = await api('GET', 'admin/reports', admin.headers);
    expect(queue.json().data.map((r: { id: number }) => r.id)).toContain(report.json().data.id);
    const resolved = await api('POST', `admin/reports/${report.json().data.id}/resolve`, admin.headers, {
      action: 'dismiss',
      reason: 'Heated but fine',
    });
    expect(resolved.statusCode).toBe(200);
  });

  it('sends a bulk message to exactly the backers a filter selects, one thread message and one mail each', async () => {
    const bulkCreator = await signedInUser(ctx);
    const project = await createProjectRow(db(), { creatorId: bulkCreator.user.id, start: -1, end: 10 });
    const reward = await db()
      .insertInto('rewards')
      .values({
        project_id: project,
        title: 'Mug',
        minimum_cents: 1000,
        description: 'A mug',
        estimated_delivery_date: '2027-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const people = await Promise.all([1, 2, 3, 4].map(() => signedInUser(ctx)));
    const pledge = (who: User, status: string, rewardId: number | null, country: string) =>
      sql`insert into donations (project_id, donor_id, amount_cents, status, funding_model, provider,
                                 reward_id, pledged_at, expires_at, shipping_address)
          values (${project}, ${who.user.id}, 1000, ${status}, 'all_or_nothing', 'sandbox', ${rewardId}, now(), now(),
                  ${JSON.stringify({ name: 'N', line1: 'L', city: 'C', postal_code: '1', country })}::jsonb)`.execute(
        db(),
      );
    await pledge(people[0]!, 'PLEDGED', reward.id, 'DE');
    await pledge(people[0]!, 'CANCELED', null, 'DE'); // a second pledge: still one message
    await pledge(people[1]!, 'PLEDGED', reward.id, 'FR');
    await pledge(people[2]!, 'CANCELED', reward.id, 'DE');
    await pledge(people[3]!, 'PLEDGED', null, 'DE');
    // people[0] already asked something: the bulk message lands in that thread.
    const existing = await ask(people[0]!, 'When will it ship?', project);

    const bulk = (who: User, payload: object) =>
      api('POST', `projects/${project}/messages/bulk`, who.headers, payload);
    for (const who of [people[0]!, stranger, admin]) {
      const refused = await bulk(who, { body: 'Hi all' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(inEnglish('api.messages.onlyCreatorBulk'));
    }
    expect((await api('POST', `projects/${project}/messages/bulk`, {}, { body: 'x' })).statusCode).toBe(401);
    expect((await bulk(bulkCreator, { body: ' ' })).statusCode).toBe(400);

    const sent = await bulk(bulkCreator, {
      body: 'Shipping starts Monday',
      filter: { reward_id: reward.id, status: 'PLEDGED', country: 'DE' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.recipients).toBe(1);
    expect(sent.json().message).toBe(inEnglish(CONVERSATION_MESSAGES.bulkSent, { recipients: 1 }));
    const thread = (await api('GET', `messages/${existing}`, people[0]!.headers)).json().data.messages;
    expect(thread.map((m: { body: string }) => m.body)).toEqual([
      'When will it ship?',
      'Shipping starts Monday',
    ]);
    for (const [i, count] of [
      [0, 1],
      [1, 0],
      [2, 0],
      [3, 0],
    ] as const) {
      const mails = (await mailsTo(people[i]!.user.email)).filter((m) =>
        m.text_body.includes('Shipping starts'),
      );
      expect(mails).toHaveLength(count);
    }

    // Without a filter: every backer the creator's list shows (cancelled pledges too), each once.
    const everyone = await bulk(bulkCreator, { body: 'Thank you all' });
    expect(everyone.json().data.recipients).toBe(4);
    for (const who of people) {
      const mine = (await inbox(who)).data.threads.filter(
        (t: { project: { id: number } }) => t.project.id === project,
      );
      expect(mine).toHaveLength(1);
      expect(mine[0].last_message.body).toBe('Thank you all');
    }
    const mailed = await db()
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('text_body', 'like', '%Thank you all%')
      .execute();
    // people[0] was mailed moments ago about this thread: the throttle holds the second mail back.
    expect(mailed.map((m) => m.recipient).sort()).toEqual(
      people
        .slice(1)
        .map((p) => p.user.email)
        .sort(),
    );

    // The backer list's fulfilment filter reaches the backers it lists.
    await db()
      .updateTable('donations')
      .set({ fulfilment_status: 'sent' })
      .where('project_id', '=', project)
      .where('donor_id', '=', people[1]!.user.id)
      .execute();
    const sentRewards = await bulk(bulkCreator, { body: 'On its way', filter: { fulfilment: 'sent' } });
    expect(sentRewards.json().data.recipients).toBe(1);
    const latest = (await inbox(people[1]!)).data.threads.find(
      (t: { project: { id: number } }) => t.project.id === project,
    );
    expect(latest.last_message.body).toBe('On its way');
  });

  it('sends a bulk message to the backers whose live or collected pledge holds an add-on', async () => {
    const bulkCreator = await signedInUser(ctx);
    const project = await createProjectRow(db(), { creatorId: bulkCreator.user.id, start: -1, end: 10 });
    const [mug, pin] = await Promise.all(
      ['Mug', 'Pin'].map((title) =>
        db()
          .insertInto('add_ons')
          .values({ project_id: project, title, price_cents: 500 })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    const people = await Promise.all([1, 2, 3, 4].map(() => signedInUser(ctx)));
    const pledgeWith = async (who: User, status: string, addOnId: number | null) => {
      const row = await db()
        .insertInto('donations')
        .values({
          project_id: project,
          donor_id: who.user.id,
          amount_cents: 1000,
          status: status as 'PLEDGED',
          funding_model: 'all_or_nothing',
          provider: 'sandbox',
          pledged_at: new Date(),
          expires_at: new Date(),
          has_add_ons: addOnId !== null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (addOnId !== null) {
        await db()
          .insertInto('donation_add_ons')
          .values({ donation_id: row.id, add_on_id: addOnId, quantity: 1, price_cents: 500 })
          .execute();
      }
    };
    await pledgeWith(people[0]!, 'PLEDGED', mug!.id);
    await pledgeWith(people[1]!, 'SUCCEEDED', mug!.id);
    await pledgeWith(people[2]!, 'CANCELED', mug!.id); // no longer holds it
    await pledgeWith(people[3]!, 'PLEDGED', pin!.id);

    const bulk = (who: User, payload: object) =>
      api('POST', `projects/${project}/messages/bulk`, who.headers, payload);
    for (const who of [people[0]!, stranger, admin]) {
      expect((await bulk(who, { body: 'Mugs ship', filter: { add_on_id: mug!.id } })).statusCode).toBe(403);
    }
    expect((await bulk(bulkCreator, { body: 'x', filter: { add_on_id: 0 } })).statusCode).toBe(400);
    const sent = await bulk(bulkCreator, { body: 'Mugs ship Friday', filter: { add_on_id: mug!.id } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.recipients).toBe(2);
    for (const [i, count] of [
      [0, 1],
      [1, 1],
      [2, 0],
      [3, 0],
    ] as const) {
      const mine = (await inbox(people[i]!)).data.threads.filter(
        (t: { project: { id: number }; last_message: { body: string } }) =>
          t.project.id === project && t.last_message.body === 'Mugs ship Friday',
      );
      expect(mine).toHaveLength(count);
    }
    // With a status named, that status decides, as in the creator's list.
    const canceled = await bulk(bulkCreator, {
      body: 'Sorry to see you go',
      filter: { add_on_id: mug!.id, status: 'CANCELED' },
    });
    expect(canceled.json().data.recipients).toBe(1);
  });

  it('messages 1,000 backers in a handful of statements, with every message and mail written', async () => {
    const big = await signedInUser(ctx);
    const project = await createProjectRow(db(), { creatorId: big.user.id, start: -1, end: 10 });
    const tag = `bulk${kind}`;
    await sql`insert into users (username, email, full_name)
              select ${tag} || '_' || i, ${tag} || '_' || i || '@example.test', 'Backer ' || i
              from generate_series(1, 1000) i`.execute(db());
    await sql`insert into donations (project_id, donor_id, amount_cents, status, funding_model, provider, pledged_at,
                                     expires_at)
              select ${project}, u.id, 500, 'PLEDGED', 'all_or_nothing', 'sandbox', now(), now()
              from users u where u.username like ${`${tag}\\_%`}`.execute(db());
    // The same app over a handle that counts the statements it sends (the outbox's delivery, which the send
    // starts in the background one mail at a time, is not the send's own work and is left out).
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        const delivery =
          args.node.kind !== 'InsertQueryNode' && JSON.stringify(args.node).includes('mail_outbox');
        if (!delivery) statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted = await buildApp(ctx.config, {
      db: db().withPlugin(counting),
      searchDb: ctx.database.searchDb,
      clock: () => now,
    });
    try {
      const sent = await counted.inject({
        method: 'POST',
        url: `/api/v1/projects/${project}/messages/bulk`,
        headers: big.headers,
        payload: { body: 'Big news' },
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data.recipients).toBe(1000);
      // A handful whatever the number of backers (8 today): the project and the caller, the threads, the
      // messages with their threads moved on, the creator's name, and the mails in two slices of 500.
      expect(statements).toBeLessThanOrEqual(12);
    } finally {
      await counted.close();
    }
    const counts = await sql<{ threads: number; messages: number; mails: number }>`
      select (select count(*)::int from message_threads where project_id = ${project}) as threads,
             (select count(*)::int from messages m join message_threads t on t.id = m.thread_id
              where t.project_id = ${project}) as messages,
             (select count(*)::int from mail_outbox where recipient like ${`${tag}\\_%`}) as mails`.execute(
      db(),
    );
    expect(counts.rows[0]).toEqual({ threads: 1000, messages: 1000, mails: 1000 });
    expect(await inboxMismatches()).toEqual([]);
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

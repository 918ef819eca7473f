import { type KyselyPlugin, sql } from 'kysely';
import { buildApp } from '../../app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { signedInUser } from '../../test/auth-helpers';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { type Messages, openMessages } from './messages.fixtures';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** A creator's message to many backers at once, chosen by a filter. */
describe.each(databaseKinds)('messages on %s', (kind) => {
  let now = new Date('2026-11-27T12:00:00Z');
  let { ctx, stranger, admin, api, db, mailsTo, ask, inbox, inboxMismatches } = {} as Messages;

  beforeAll(async () => {
    ({ ctx, stranger, admin, api, db, mailsTo, ask, inbox, inboxMismatches } = await openMessages(kind, {
      now: () => now,
      set: (at) => (now = at),
    }));
  });
  afterAll(() => ctx.close());

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

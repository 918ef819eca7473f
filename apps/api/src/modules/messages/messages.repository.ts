import { type AliasedSelectQueryBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { DB, MessageThreadsTable } from '../../db/schema';
import { backersBase, type BackerFilters } from '../creator-tools/creator-tools.repository';

/** Which side of a thread a person is on. */
export type Side = 'creator' | 'person';

export function findThread(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('message_threads')
    .select([
      'id',
      'project_id',
      'creator_id',
      'person_id',
      'creator_unread',
      'person_unread',
      'messages_count',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThread>>>;
/** Who a thread is between: what adding a message needs to know of it. */
export type ThreadParties = Pick<ThreadRow, 'id' | 'project_id' | 'creator_id' | 'person_id'>;

/** The thread of a project and a person, made when missing; returns its id whoever made it first. */
export async function openThread(db: Kysely<DB>, projectId: number, creatorId: number, personId: number) {
  const inserted = await db
    .insertInto('message_threads')
    .values({ project_id: projectId, creator_id: creatorId, person_id: personId })
    .onConflict((oc) => oc.columns(['project_id', 'person_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await db
    .selectFrom('message_threads')
    .select('id')
    .where('project_id', '=', projectId)
    .where('person_id', '=', personId)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/**
 * Adds a message and moves the thread: its newest message, its activity time and the other side's unread count.
 * When the other side's last mail about this thread is older than `mailCutoff` (or there was none), the thread
 * records a mail now and `mailDue` is true: the throttle is one guarded update, whatever the race.
 */
export async function insertMessage(
  db: Kysely<DB>,
  thread: ThreadParties,
  authorId: number,
  body: string,
  now: Date,
  mailCutoff: Date,
) {
  const message = await db
    .insertInto('messages')
    .values({ thread_id: thread.id, author_id: authorId, body, created_at: now })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  const toCreator = authorId !== thread.creator_id;
  const mailed = sql.ref(toCreator ? 'creator_mailed_at' : 'person_mailed_at');
  const unread = sql.ref(toCreator ? 'creator_unread' : 'person_unread');
  // The row as it was, locked: whether a mail is due is decided on the previous mail time, once.
  const result = await sql<{ mail_due: boolean }>`
    update message_threads t
    set last_message_id = ${message.id}, last_message_at = ${now}, ${unread} = t.${unread} + 1,
        messages_count = t.messages_count + 1,
        ${mailed} = case when o.due then ${now} else o.before end
    from (select id, ${mailed} as before, (${mailed} is null or ${mailed} < ${mailCutoff}) as due
          from message_threads where id = ${thread.id} for update) o
    where t.id = o.id
    returning o.due as mail_due`.execute(db);
  return { ...message, mailDue: Boolean(result.rows[0]?.mail_due) };
}

/** Threads as they are stored, for a caller to pick from: what `threadSummaries` reads. */
function threadRows(db: Kysely<DB>) {
  return db.selectFrom('message_threads').selectAll();
}

/**
 * Threads as `userId` sees them: the project, the other party, the newest message, their unread count. `threads`
 * is the rows to show, already picked (and paged), so the joins run for those rows only.
 */
function threadSummaries(
  db: Kysely<DB>,
  userId: number,
  threads: AliasedSelectQueryBuilder<Selectable<MessageThreadsTable>, 't'>,
) {
  return db
    .selectFrom(threads)
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .innerJoin('users as o', (join) =>
      join.on((eb) =>
        eb(
          'o.id',
          '=',
          eb
            .case()
            .when('t.creator_id', '=', userId)
            .then(eb.ref('t.person_id'))
            .else(eb.ref('t.creator_id'))
            .end(),
        ),
      ),
    )
    .leftJoin('messages as m', 'm.id', 't.last_message_id')
    .leftJoin('message_blocks as b', (join) =>
      join.on('b.blocker_id', '=', userId).onRef('b.blocked_id', '=', 'o.id'),
    )
    .select([
      't.id',
      't.project_id',
      'p.title as project_title',
      'o.id as other_id',
      'o.full_name as other_full_name',
      'o.username as other_username',
      sql<string | null>`left(m.body, 200)`.as('last_body'),
      'm.author_id as last_author_id',
      'm.created_at as last_created_at',
      sql<number>`case when t.creator_id = ${userId} then t.creator_unread else t.person_unread end`.as(
        'unread_count',
      ),
      sql<boolean>`b.blocker_id is not null`.as('blocked'),
    ]);
}
export type ThreadSummaryRow = Awaited<ReturnType<ReturnType<typeof threadSummaries>['execute']>>[number];

/**
 * The caller's threads, newest activity first, and their total unread. Each side of a thread has its own index
 * (party, last activity): the page is picked by walking both (index only, up to the page's end) and merging them,
 * as an `or` of the two parties would read every thread of the caller. The totals are the caller's row's
 * (migration 0042).
 */
export async function listThreads(db: Kysely<DB>, userId: number, page: number, perPage: number) {
  const pageEnd = page * perPage;
  const newestOf = (party: 'creator_id' | 'person_id') => sql`(
        select id, last_message_at from message_threads where ${sql.ref(party)} = ${userId}
        order by last_message_at desc, id desc limit ${pageEnd})`;
  const pageIds = sql<number>`(
      select id from (${newestOf('creator_id')} union all ${newestOf('person_id')}) newest
      order by last_message_at desc, id desc limit ${perPage} offset ${pageEnd - perPage})`;
  const [rows, totals] = await Promise.all([
    threadSummaries(db, userId, threadRows(db).where('id', 'in', pageIds).as('t'))
      .orderBy('t.last_message_at', 'desc')
      .orderBy('t.id', 'desc')
      .execute(),
    db
      .selectFrom('users')
      .select(['inbox_threads', 'inbox_unread'])
      .where('id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { rows, total: totals?.inbox_threads ?? 0, unread: totals?.inbox_unread ?? 0 };
}

/** One thread's summary for one of its parties. */
export function threadSummary(db: Kysely<DB>, threadId: number, userId: number) {
  return threadSummaries(
    db,
    userId,
    threadRows(db).where('id', '=', threadId).as('t'),
  ).executeTakeFirstOrThrow();
}

/** A page of a thread's messages, oldest first, with their authors (the thread's row counts them). */
export function listMessages(db: Kysely<DB>, threadId: number, page: number, perPage: number) {
  return db
    .selectFrom('messages as m')
    .innerJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'm.body', 'm.author_id', 'u.full_name', 'u.username', 'm.created_at'])
    .where('m.thread_id', '=', threadId)
    .orderBy('m.id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
}

export async function markRead(db: Kysely<DB>, threadId: number, side: Side) {
  const unread = side === 'creator' ? 'creator_unread' : 'person_unread';
  await db
    .updateTable('message_threads')
    .set({ [unread]: 0 })
    .where('id', '=', threadId)
    .where(unread, '>', 0)
    .execute();
}

/** The newest message `authorId` wrote in the thread. */
export function latestMessageBy(db: Kysely<DB>, threadId: number, authorId: number) {
  return db
    .selectFrom('messages')
    .select('id')
    .where('thread_id', '=', threadId)
    .where('author_id', '=', authorId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * A creator's message to every backer the filter selects, in three statements whatever their number: threads
 * made where missing, one message per thread with the threads moved on, and the recipients read back for their
 * mail. Backers who blocked the creator are left out. Returns each recipient, `mailDue` when the mail throttle
 * lets a mail go and they want mails of messages.
 */
export async function sendBulk(
  db: Kysely<DB>,
  project: { id: number; creator_id: number },
  filters: BackerFilters,
  body: string,
  now: Date,
  mailCutoff: Date,
) {
  const donors = backersBase(db, project.id, filters).select('d.donor_id');
  const notBlocked = (person: string) =>
    sql`not exists (select 1 from message_blocks b where b.blocker_id = ${sql.ref(person)}
                    and b.blocked_id = ${project.creator_id})`;
  await sql`
    insert into message_threads (project_id, creator_id, person_id, last_message_at)
    select distinct ${project.id}::int, ${project.creator_id}::int, x.donor_id, ${now}::timestamptz
    from (${donors}) x
    where x.donor_id <> ${project.creator_id} and ${notBlocked('x.donor_id')}
    on conflict (project_id, person_id) do nothing`.execute(db);
  const result = await sql<{
    thread_id: number;
    person_id: number;
    email: string;
    full_name: string | null;
    username: string;
    locale: string | null;
    last_locale: string | null;
    mail_due: boolean;
  }>`
    with targets as (
      select t.id, t.person_id,
             (t.person_mailed_at is null or t.person_mailed_at < ${mailCutoff}) as mail_due
      from message_threads t
      where t.project_id = ${project.id} and t.person_id in (select donor_id from (${donors}) x)
        and ${notBlocked('t.person_id')}
    ), added as (
      insert into messages (thread_id, author_id, body, created_at)
      select id, ${project.creator_id}::int, ${body}, ${now}::timestamptz from targets
      returning id, thread_id
    ), moved as (
      update message_threads t
      set last_message_id = added.id, last_message_at = ${now}, person_unread = t.person_unread + 1,
          messages_count = t.messages_count + 1,
          person_mailed_at = case when targets.mail_due then ${now} else t.person_mailed_at end
      from added join targets on targets.id = added.thread_id
      where t.id = added.thread_id
      returning t.id, t.person_id, targets.mail_due
    )
    select moved.id as thread_id, moved.person_id, u.email, u.full_name, u.username, u.locale, u.last_locale,
           moved.mail_due and coalesce(up.email_messages, true) as mail_due
    from moved
    join users u on u.id = moved.person_id
    left join user_preferences up on up.user_id = moved.person_id`.execute(db);
  return result.rows;
}

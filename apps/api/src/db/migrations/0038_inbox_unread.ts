import { type Kysely, sql } from 'kysely';

/**
 * The inbox (DESIGN.md §17) read without counting: the unread total, polled by every signed-in page, reads only
 * the threads with something unread on the caller's side (a creator with thousands of threads has a handful unread
 * at a time), and a thread keeps the number of its messages for its pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index message_threads_creator_unread_idx on message_threads (creator_id)
            include (creator_unread) where creator_unread > 0`.execute(db);
  await sql`create index message_threads_person_unread_idx on message_threads (person_id)
            include (person_unread) where person_unread > 0`.execute(db);
  await db.schema
    .alterTable('message_threads')
    .addColumn('messages_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`
    update message_threads t set messages_count = m.count
    from (select thread_id, count(*)::integer as count from messages group by thread_id) m
    where m.thread_id = t.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('message_threads').dropColumn('messages_count').execute();
  await sql`drop index message_threads_person_unread_idx`.execute(db);
  await sql`drop index message_threads_creator_unread_idx`.execute(db);
}

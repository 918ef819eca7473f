import { type Kysely, sql } from 'kysely';

/**
 * The inbox's totals on its owner's row (DESIGN.md §17): how many threads a person is in and how many messages wait
 * unread on their side. Counting them on every page read every thread of a creator with thousands (a bench run:
 * 0.7 ms of the inbox's 1.5 ms in the database, on every page and every signed-in page's unread poll). Kept by a
 * trigger on message_threads, so every writer (a message, a bulk send, a read, the bench's generator) moves them in
 * its own transaction; the partial indexes that summed the unread counts (migration 0038) are no longer read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('inbox_threads', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('inbox_unread', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Both parties of a thread are updated in one statement, in the order of their ids: two threads of the same two
  // people written at once (each creator of one, backer of the other) take their rows in the same order.
  await sql`
    create function count_inbox() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update users set inbox_threads = inbox_threads + 1,
                         inbox_unread = inbox_unread
                           + case when id = new.creator_id then new.creator_unread else 0 end
                           + case when id = new.person_id then new.person_unread else 0 end
        where id in (new.creator_id, new.person_id);
      elsif tg_op = 'DELETE' then
        update users set inbox_threads = inbox_threads - 1,
                         inbox_unread = inbox_unread
                           - case when id = old.creator_id then old.creator_unread else 0 end
                           - case when id = old.person_id then old.person_unread else 0 end
        where id in (old.creator_id, old.person_id);
      elsif (new.creator_unread, new.person_unread) is distinct from (old.creator_unread, old.person_unread) then
        update users set inbox_unread = inbox_unread
                           + case when id = new.creator_id then new.creator_unread - old.creator_unread else 0 end
                           + case when id = new.person_id then new.person_unread - old.person_unread else 0 end
        where id in (new.creator_id, new.person_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger message_threads_count_inbox
            after insert or delete or update of creator_unread, person_unread on message_threads
            for each row execute function count_inbox()`.execute(db);
  await sql`
    update users u set inbox_threads = c.threads, inbox_unread = c.unread
    from (select user_id, count(*)::integer as threads, sum(unread)::integer as unread from (
            select creator_id as user_id, creator_unread as unread from message_threads
            union all
            select person_id, person_unread from message_threads) sides
          group by user_id) c
    where c.user_id = u.id`.execute(db);
  await sql`drop index message_threads_creator_unread_idx`.execute(db);
  await sql`drop index message_threads_person_unread_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index message_threads_creator_unread_idx on message_threads (creator_id)
            include (creator_unread) where creator_unread > 0`.execute(db);
  await sql`create index message_threads_person_unread_idx on message_threads (person_id)
            include (person_unread) where person_unread > 0`.execute(db);
  await sql`drop trigger message_threads_count_inbox on message_threads`.execute(db);
  await sql`drop function count_inbox()`.execute(db);
  await db.schema.alterTable('users').dropColumn('inbox_threads').dropColumn('inbox_unread').execute();
}

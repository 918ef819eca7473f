import { type Kysely, sql } from 'kysely';

/**
 * A closed account keeps no e-mail address: anonymisation wrote a made-up `deleted-N@deleted.invalid`, which the
 * backers' table, its CSV and the admin queues then showed as if it were the person's. Its address is now empty,
 * pages name the person "closed account" in the reader's language, and the outbox sends nothing to an empty
 * address. An address is unique among open accounts only (case-insensitive as before), so closed ones may all be
 * empty and someone may sign up again with the address a closed account once had.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_email_key`.execute(db);
  await sql`update users set email = '' where deleted_at is not null`.execute(db);
  await sql`create unique index users_email_key on users (lower(email)) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_email_key`.execute(db);
  await sql`update users set email = 'deleted-' || id || '@deleted.invalid' where deleted_at is not null`.execute(
    db,
  );
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
}

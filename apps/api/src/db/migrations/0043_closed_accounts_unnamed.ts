import { type Kysely, sql } from 'kysely';

/**
 * A closed account keeps no name, and no English one (DESIGN.md §14): anonymisation wrote "Deleted user" and the
 * closing of its campaigns "The creator closed their account.", which every reader then saw in English. Its name
 * and username are now empty, every answer that names a person names it "" and each reader's page says "closed
 * account" in their language; its campaigns are closed without a written reason, the page telling why from the
 * creator's closed account. A username is unique among open accounts only, so closed ones may all be empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_username_key`.execute(db);
  await sql`create unique index users_username_key on users (lower(username)) where deleted_at is null`.execute(
    db,
  );
  await sql`update users set username = '', full_name = '' where deleted_at is not null`.execute(db);
  await sql`
    update projects set revocation_reason = null
    where revocation_reason = 'The creator closed their account.'
      and creator_id in (select id from users where deleted_at is not null)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update users set username = 'deleted-' || id where deleted_at is not null`.execute(db);
  await sql`drop index users_username_key`.execute(db);
  await sql`create unique index users_username_key on users (lower(username))`.execute(db);
}

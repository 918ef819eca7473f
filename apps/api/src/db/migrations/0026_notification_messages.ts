import { type Kysely, sql } from 'kysely';

/**
 * DESIGN.md §14: a notification is listed in its reader's language, so it is stored as a catalog key (in
 * `message`) with its arguments (`message_values`) and written when it is read. Rows from before keep the
 * English sentence they were written in, with no arguments: a translator shows a text that is no key as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications add column message_values jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications drop column message_values`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * DESIGN.md §14: the language a person chose (`locale`, from the language menu or the profile) and the one they
 * last used (`last_locale`), which their mails are written in until they choose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column locale text, add column last_locale text`.execute(db);
}

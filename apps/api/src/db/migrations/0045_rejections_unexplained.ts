import { type Kysely, sql } from 'kysely';

/** What a rejection without a written reason stored, in English, for every reader (and its audit entry). */
const DEFAULT_REASON = 'The project does not meet the Fundry guidelines.';

/**
 * A rejection without a written reason stores none (DESIGN.md §14): the default sentence was stored in English and
 * shown so to every creator. Each page, badge and mail now says it in the reader's language when the reason is
 * null. An admin who typed that very sentence reads the same words after this, only translated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update projects set revocation_reason = null where revocation_reason = ${DEFAULT_REASON}`.execute(
    db,
  );
  await sql`
    update audit_log set reason = null where action = 'project.reject' and reason = ${DEFAULT_REASON}
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update projects set revocation_reason = ${DEFAULT_REASON}
    where status = 'REJECTED' and revocation_reason is null
      and creator_id in (select id from users where deleted_at is null)
  `.execute(db);
  await sql`
    update audit_log set reason = ${DEFAULT_REASON} where action = 'project.reject' and reason is null
  `.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Sanctions on accounts (DESIGN.md §18). `user_sanctions` is the history an admin reads (each silence and suspension,
 * with who ended it and when); the two columns on `users` are what every check reads in one indexed lookup:
 * `silenced_until` (a silence in force while it is in the future) and `suspended_at`. Each instance re-reads the
 * suspended ids every second through `users_suspended_idx`, a partial index as small as the list (decision 030).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('silenced_until', 'timestamptz')
    .addColumn('suspended_at', 'timestamptz')
    .execute();
  await sql`create index users_suspended_idx on users (id) where suspended_at is not null`.execute(db);
  await sql`create index users_silenced_idx on users (silenced_until) where silenced_until is not null`.execute(
    db,
  );

  await db.schema
    .createTable('user_sanctions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('silence', 'suspend')`))
    .addColumn('reason', 'text', (col) =>
      col.notNull().check(sql`reason in ('fraud', 'spam', 'prohibited', 'intellectual_property', 'other')`),
    )
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('until', 'timestamptz')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('ended_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addCheckConstraint(
      'user_sanctions_until_check',
      sql`(kind = 'silence' and until is not null) or (kind = 'suspend' and until is null)`,
    )
    .execute();
  await sql`create index user_sanctions_user_idx on user_sanctions (user_id, created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_sanctions').execute();
  await sql`drop index users_silenced_idx`.execute(db);
  await sql`drop index users_suspended_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('suspended_at').dropColumn('silenced_until').execute();
}

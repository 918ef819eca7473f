import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('oidc_issuer', 'text')
    .addColumn('oidc_subject', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index users_oidc_key on users (oidc_issuer, oidc_subject) where oidc_subject is not null`.execute(
    db,
  );

  // One row per refresh token; a family is one sign-in, rotated at every refresh.
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'uuid', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  // Single-use secrets sent by mail: e-mail verification, password reset, two-factor setup codes.
  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) =>
      col.notNull().check(sql`purpose in ('verify_email', 'password_reset', 'two_factor_setup')`),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('user_tokens_hash_idx')
    .on('user_tokens')
    .columns(['purpose', 'token_hash'])
    .execute();
  await db.schema
    .createIndex('user_tokens_user_idx')
    .on('user_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  // OpenID Connect sign-ins in progress: state, nonce and PKCE verifier, kept server-side for ten minutes.
  await db.schema
    .createTable('oidc_logins')
    .addColumn('state', 'text', (col) => col.primaryKey())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('redirect_path', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_outbox', 'oidc_logins', 'user_tokens', 'refresh_tokens']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema
    .alterTable('users')
    .dropColumn('totp_secret')
    .dropColumn('totp_pending_secret')
    .dropColumn('totp_enabled_at')
    .dropColumn('totp_last_step')
    .dropColumn('oidc_issuer')
    .dropColumn('oidc_subject')
    .dropColumn('deleted_at')
    .execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * DESIGN.md §15: money that moved carries its currency, so the ledger and the payouts reconcile per currency. Every
 * row before this was in US dollars (no project had another currency yet); the code writes the currency of each new
 * row itself, the default only covers those.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ledger_entries', 'payouts']) {
    await sql`
      alter table ${sql.table(table)}
        add column currency char(3) not null default 'USD'
          constraint ${sql.raw(`${table}_currency_iso`)} check (currency ~ '^[A-Z]{3}$')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ledger_entries', 'payouts']) {
    await sql`alter table ${sql.table(table)} drop column currency`.execute(db);
  }
}

import { type Kysely, sql } from 'kysely';

/**
 * Refunding a whole campaign (DESIGN.md §18) read each pledge's ledger row and each backer's pledges by scans that
 * grew with the campaign: the ledger's only index on `donation_id` is partial (a pledge's own rows, without survey
 * charges), which a lookup by pledge and kind cannot use, and the donor index leaves refunded pledges out, which the
 * Backed Projects rule of a cancelled or suspended campaign reads. Both lookups now have an index of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index ledger_entries_donation_idx on ledger_entries (donation_id) where donation_id is not null`.execute(
    db,
  );
  await sql`create index donations_donor_project_idx on donations (donor_id, project_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index donations_donor_project_idx`.execute(db);
  await sql`drop index ledger_entries_donation_idx`.execute(db);
}

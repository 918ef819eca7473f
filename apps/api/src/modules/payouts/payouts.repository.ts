import { insertLedgerEntry } from '../payments/payments.repository';
import { type Kysely, sql } from 'kysely';
import type { PayoutFailureReason } from '@fundry/shared';
import type { DB, PayoutStatus } from '../../db/schema';

export function findBankAccount(db: Kysely<DB>, userId: number) {
  return db.selectFrom('bank_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertBankAccount(
  db: Kysely<DB>,
  row: { user_id: number; provider: string; account_id: string },
) {
  await db
    .insertInto('bank_accounts')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function updateBankAccount(
  db: Kysely<DB>,
  accountId: string,
  payoutsEnabled: boolean,
  currentlyDue: string[],
) {
  const result = await db
    .updateTable('bank_accounts')
    .set({ payouts_enabled: payoutsEnabled, requirements_due: currentlyDue, updated_at: new Date() })
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A project's money, from the ledger: what backers gave (less refunds), the fees, and what payouts have taken
 * (PENDING and COMPLETED; a failed payout is reversed in the ledger, so it takes nothing).
 */
export async function projectFunds(db: Kysely<DB>, projectId: number) {
  const row = await db
    .selectFrom('ledger_entries')
    .select([
      sql<number>`coalesce(sum(gross_cents) filter (where kind in ('donation', 'refund')), 0)`.as('gross'),
      sql<number>`coalesce(sum(processing_fee_cents + platform_fee_cents) filter (where kind in ('donation', 'refund')), 0)`.as(
        'fees',
      ),
      sql<number>`coalesce(sum(net_cents) filter (where kind in ('donation', 'refund')), 0)`.as('net'),
      sql<number>`coalesce(-sum(net_cents) filter (where kind in ('payout', 'payout_reversal')), 0)`.as(
        'paid_out',
      ),
    ])
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  const paidOut = Number(row.paid_out);
  return {
    grossCents: Number(row.gross),
    feesCents: Number(row.fees),
    paidOutCents: paidOut,
    availableCents: Math.max(0, Number(row.net) - paidOut),
  };
}

export function insertPayout(
  db: Kysely<DB>,
  row: { project_id: number; creator_id: number; amount_cents: number; currency: string },
) {
  return db
    .insertInto('payouts')
    .values({ ...row, status: 'PENDING' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends a PENDING payout once; false when someone else already ended it. */
export function finishPayout(
  db: Kysely<DB>,
  id: number,
  status: Exclude<PayoutStatus, 'PENDING'>,
  values: {
    transfer_reference?: string | null;
    fee_cents?: number;
    failure_reason?: PayoutFailureReason | null;
  },
) {
  return db
    .updateTable('payouts')
    .set({ status, completed_at: new Date(), ...values })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
}

/**
 * A suspended or cancelled project's payouts still PENDING (DESIGN.md §18) are CANCELED, each with the ledger row that
 * gives its amount back to the project's balance, in the caller's transaction.
 */
export async function cancelPendingPayouts(db: Kysely<DB>, projectId: number) {
  const cancelled = await db
    .updateTable('payouts')
    .set({ status: 'CANCELED', completed_at: new Date() })
    .where('project_id', '=', projectId)
    .where('status', '=', 'PENDING')
    .returning(['id', 'amount_cents', 'currency'])
    .execute();
  for (const payout of cancelled) {
    await insertLedgerEntry(db, {
      project_id: projectId,
      donation_id: null,
      payout_id: payout.id,
      currency: payout.currency,
      kind: 'payout_reversal',
      gross_cents: payout.amount_cents,
      processing_fee_cents: 0,
      platform_fee_cents: 0,
    });
  }
}

/** A completed payout of a project ended early not yet taken back (DESIGN.md §18), oldest first. */
export function payoutsToReverse(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('payouts')
    .select(['id', 'amount_cents', 'currency', 'transfer_reference'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'COMPLETED')
    .orderBy('id')
    .execute();
}

/** The payout taken back: REVERSED, with the ledger row that returns its amount to the project's balance; once. */
export async function recordPayoutReversal(db: Kysely<DB>, payoutId: number, reversalReference: string) {
  const reversed = await db
    .updateTable('payouts')
    .set({ status: 'REVERSED', reversal_reference: reversalReference, reversal_failed_at: null })
    .where('id', '=', payoutId)
    .where('status', '=', 'COMPLETED')
    .returningAll()
    .executeTakeFirst();
  if (!reversed) return false;
  await insertLedgerEntry(db, {
    project_id: reversed.project_id,
    donation_id: null,
    payout_id: reversed.id,
    currency: reversed.currency,
    kind: 'payout_reversal',
    gross_cents: reversed.amount_cents,
    processing_fee_cents: 0,
    platform_fee_cents: 0,
  });
  return true;
}

export function markReversalRefused(db: Kysely<DB>, payoutId: number, at: Date) {
  return db.updateTable('payouts').set({ reversal_failed_at: at }).where('id', '=', payoutId).execute();
}

export function listPayouts(db: Kysely<DB>, projectId: number, page: number, perPage: number) {
  return db
    .selectFrom('payouts')
    .selectAll()
    .select(sql<number>`count(*) over ()`.as('total_count'))
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
}

export async function countPayouts(db: Kysely<DB>, projectId: number) {
  const row = await db
    .selectFrom('payouts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

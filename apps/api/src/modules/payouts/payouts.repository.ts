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

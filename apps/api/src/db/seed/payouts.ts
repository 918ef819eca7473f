import type { Kysely } from 'kysely';
import type { PayoutFailureReason } from '@fundry/shared';
import { insertLedgerEntry } from '../../modules/payments/payments.repository';
import {
  finishPayout,
  insertBankAccount,
  insertPayout,
  projectFunds,
  updateBankAccount,
} from '../../modules/payouts/payouts.repository';
import type { DB } from '../schema';

/** The funded campaign whose creator has taken money out: her history shows a payout made and one refused. */
const PAID_OUT_PROJECT = 'Quiet Streets: a photo book';

/**
 * Sofia's bank account, connected in the sandbox, and two payouts of "Quiet Streets" as the payout service leaves
 * them: a quarter of the balance paid, then a quarter refused for want of settled funds (its ledger row reversed,
 * so the amount is back in the balance), each with its ledger rows.
 */
export async function seedPayouts(
  trx: Kysely<DB>,
  projectIds: Map<string, { id: number; creatorId: number }>,
) {
  const project = projectIds.get(PAID_OUT_PROJECT)!;
  const accountId = 'acct_sandbox_demo_sofia';
  await insertBankAccount(trx, { user_id: project.creatorId, provider: 'sandbox', account_id: accountId });
  await updateBankAccount(trx, accountId, true, []);
  const { currency } = await trx
    .selectFrom('projects')
    .select('currency')
    .where('id', '=', project.id)
    .executeTakeFirstOrThrow();
  const quarter = Math.floor((await projectFunds(trx, project.id)).availableCents / 4);
  const payOut = async (outcome: { transferred: true } | { failure: PayoutFailureReason }) => {
    const payout = await insertPayout(trx, {
      project_id: project.id,
      creator_id: project.creatorId,
      amount_cents: quarter,
      currency,
    });
    const ledger = { project_id: project.id, donation_id: null, payout_id: payout.id, currency };
    const fees = { processing_fee_cents: 0, platform_fee_cents: 0 };
    await insertLedgerEntry(trx, { ...ledger, ...fees, kind: 'payout', gross_cents: -quarter });
    if ('transferred' in outcome) {
      await finishPayout(trx, payout.id, 'COMPLETED', { transfer_reference: `tr_sandbox_demo_${payout.id}` });
      return;
    }
    await finishPayout(trx, payout.id, 'FAILED', { failure_reason: outcome.failure });
    await insertLedgerEntry(trx, { ...ledger, ...fees, kind: 'payout_reversal', gross_cents: quarter });
  };
  await payOut({ transferred: true });
  await payOut({ failure: 'insufficient_funds' });
}

import type { Kysely } from 'kysely';
import { chargeDate, MS_PER_DAY, percentOfMinor, planInstalments } from '@fundry/shared';
import { processingFeeCents } from '../../modules/payments/provider';
import { insertLedgerEntry, moveProjectCounters } from '../../modules/payments/payments.repository';
import type { DB } from '../schema';

const PLATFORM_FEE_PERCENT = 5;
/** The funded campaign that offered pledge over time (DESIGN.md §20); it ended 48 days ago. */
const CAMPAIGN = 'Sakura Strings: a koto album';
const INTERVAL_DAYS = 30;

/**
 * Two plans of instalments on a funded campaign (DESIGN.md §20), as the collection and the instalments job leave
 * them: admin's ¥45,000 with two instalments paid and the last to come, and leo's ¥30,000 whose second instalment
 * was declined and still unpaid 14 days after it was due, so the plan ended (DEFAULTED, ¥10,000 paid and counted).
 */
export async function seedInstalmentPlans(
  trx: Kysely<DB>,
  projectIds: Map<string, { id: number }>,
  users: Map<string, number>,
) {
  const projectId = projectIds.get(CAMPAIGN)?.id;
  if (projectId === undefined) return;
  const project = await trx
    .updateTable('projects')
    .set({ pledge_over_time: true })
    .where('id', '=', projectId)
    .returning(['end_date', 'currency'])
    .executeTakeFirstOrThrow();
  const firstDue = chargeDate(project.end_date!);
  const dayOf = (date: string, hour = 9) => new Date(Date.parse(`${date}T0${hour}:00:00Z`));
  const now = Date.now();

  for (const [username, cents, defaulted] of [
    ['admin', 45_000, false],
    ['leo', 30_000, true],
  ] as const) {
    const plan = planInstalments(cents, firstDue, INTERVAL_DAYS);
    const due = plan.filter((item) => dayOf(item.dueOn).getTime() <= now);
    // The defaulted plan paid its first instalment only; the other paid every one due so far.
    const paid = defaulted ? plan.slice(0, 1) : due;
    const paidCents = paid.reduce((sum, item) => sum + item.amountMinor, 0);
    const reference = `${projectId}_${username}_plan`;
    const declinedOn = defaulted ? plan[1]! : null;
    const donation = await trx
      .insertInto('donations')
      .values({
        project_id: projectId,
        reward_id: null,
        donor_id: users.get(username)!,
        amount_cents: defaulted ? paidCents : cents,
        currency: project.currency,
        status: defaulted ? 'SUCCEEDED' : 'COLLECTING',
        funding_model: 'all_or_nothing',
        pay_over_time: true,
        provider: 'sandbox',
        checkout_session_id: `cs_seed_${reference}`,
        payment_reference: `pi_seed_${reference}_1`,
        payment_method: `pm_sandbox_${defaulted ? '0341' : '4242'}_seed${users.get(username)!}`,
        payment_customer: `cus_sandbox_${users.get(username)!}`,
        expires_at: dayOf(firstDue),
        pledged_at: new Date(dayOf(firstDue).getTime() - 20 * MS_PER_DAY),
        succeeded_at: defaulted ? new Date(now - 3 * MS_PER_DAY) : null,
        collection_attempts: 1,
        defaulted_at: defaulted ? new Date(now - 3 * MS_PER_DAY) : null,
        payment_error_code: defaulted ? 'insufficient_funds' : null,
      })
      .returning(['id', 'currency'])
      .executeTakeFirstOrThrow();
    for (const item of plan) {
      const isPaid = paid.includes(item);
      const instalment = await trx
        .insertInto('pledge_instalments')
        .values({
          donation_id: donation.id,
          number: item.number,
          amount_cents: item.amountMinor,
          due_on: item.dueOn,
          // A defaulted plan's unpaid instalments are cancelled, the declined one with its decline kept.
          status: isPaid ? 'paid' : defaulted ? 'cancelled' : 'scheduled',
          charged_at: isPaid ? dayOf(item.dueOn, 1) : null,
          attempts: isPaid ? 1 : item === declinedOn ? 15 : 0,
          failed_at: item === declinedOn ? dayOf(item.dueOn, 1) : null,
          error_code: item === declinedOn ? 'insufficient_funds' : null,
          payment_reference: isPaid ? `pi_seed_${reference}_${item.number}` : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!isPaid) continue;
      // As the collection and the job record each instalment: a ledger row of its own.
      const processing = processingFeeCents(item.amountMinor, donation.currency);
      await insertLedgerEntry(trx, {
        project_id: projectId,
        donation_id: donation.id,
        instalment_id: instalment.id,
        currency: donation.currency,
        kind: 'donation',
        gross_cents: item.amountMinor,
        processing_fee_cents: processing,
        platform_fee_cents: Math.min(
          item.amountMinor - processing,
          percentOfMinor(item.amountMinor, PLATFORM_FEE_PERCENT),
        ),
      });
    }
    // The whole pledge counted while its plan runs; a defaulted one for what was paid.
    await moveProjectCounters(trx, projectId, defaulted ? paidCents : cents, 1);
  }
}

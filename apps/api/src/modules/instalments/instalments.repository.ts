import { type Kysely, sql } from 'kysely';
import type { PlannedInstalment } from '@fundry/shared';
import type { DB } from '../../db/schema';

/** A plan whose first instalment was collected and whose later ones are still to come (DESIGN.md §20). */
export const isRunningPlan = (donation: {
  status: string;
  pay_over_time: boolean;
  collecting_since: Date | null;
  defaulted_at: Date | null;
}) =>
  donation.status === 'COLLECTING' &&
  donation.pay_over_time &&
  donation.collecting_since === null &&
  donation.defaulted_at === null;

/** A pledge's plan from now on (DESIGN.md §20): its instalments replaced by `plan` (nothing is paid before the end). */
export async function replacePlan(db: Kysely<DB>, donationId: number, plan: readonly PlannedInstalment[]) {
  await dropPlan(db, donationId);
  await db
    .insertInto('pledge_instalments')
    .values(
      plan.map((item) => ({
        donation_id: donationId,
        number: item.number,
        amount_cents: item.amountMinor,
        due_on: item.dueOn,
      })),
    )
    .execute();
}

/** A plan given up before anything of it was charged (the amount fell below the minimum, or the backer chose so). */
export async function dropPlan(db: Kysely<DB>, donationId: number) {
  await db.deleteFrom('pledge_instalments').where('donation_id', '=', donationId).execute();
}

/** The instalments of some pledges, first to last. */
export function instalmentsOf(db: Kysely<DB>, donationIds: readonly number[]) {
  if (donationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pledge_instalments')
    .select(['donation_id', 'number', 'amount_cents', 'due_on', 'status', 'charged_at'])
    .where('donation_id', 'in', donationIds)
    .orderBy('donation_id')
    .orderBy('number')
    .execute();
}
export type InstalmentRow = Awaited<ReturnType<typeof instalmentsOf>>[number];

/** The first instalment of a plan: the collection charges it, not the whole pledge. */
export async function firstInstalment(db: Kysely<DB>, donationId: number) {
  const row = await db
    .selectFrom('pledge_instalments')
    .select(['id', 'amount_cents'])
    .where('donation_id', '=', donationId)
    .where('number', '=', 1)
    .executeTakeFirst();
  return row ? { id: row.id, number: 1, amountCents: Number(row.amount_cents) } : null;
}

/** The first instalment collected (by the collection, in the caller's transaction); false when it was already. */
export async function markFirstPaid(db: Kysely<DB>, donationId: number, paymentReference: string, now: Date) {
  const result = await db
    .updateTable('pledge_instalments')
    .set({ status: 'paid', charged_at: now, payment_reference: paymentReference, error_code: null })
    .where('donation_id', '=', donationId)
    .where('number', '=', 1)
    .where('status', '<>', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface InstalmentClaim {
  id: number;
  donation_id: number;
  project_id: number;
  number: number;
  amount_cents: number;
  attempts: number;
  due_on: string;
  failed_at: Date | null;
  currency: string;
  payment_method: string | null;
  payment_customer: string | null;
}

/**
 * Takes up to `limit` later instalments to charge, marking them claimed (a lease) with their attempt number in one
 * statement and skipping rows another instance holds: `new` ones due on or before `today`, declined ones due for
 * their daily retry, and claimed ones whose run vanished (a crash) before `staleBefore`, which resume the same
 * attempt. Only plans running (their pledge COLLECTING, its first instalment collected) are charged.
 */
export async function claimInstalments(
  db: Kysely<DB>,
  kind: 'resume' | 'retry' | 'new',
  now: Date,
  today: string,
  staleBefore: Date,
  limit: number,
  onlyDonationId?: number,
) {
  const only = onlyDonationId === undefined ? sql`` : sql`and i.donation_id = ${onlyDonationId}`;
  const due =
    kind === 'resume'
      ? sql`i.status in ('scheduled', 'failed') and i.claimed_at < ${staleBefore}`
      : kind === 'retry'
        ? sql`i.status = 'failed' and i.claimed_at is null and i.next_attempt_at <= ${now}`
        : sql`i.status = 'scheduled' and i.claimed_at is null and i.due_on <= ${today}`;
  const result = await sql<InstalmentClaim>`
    update pledge_instalments c set
      claimed_at = ${now},
      attempts = c.attempts + ${kind === 'resume' ? 0 : 1}
    from donations d
    where c.id in (
      select i.id from pledge_instalments i join donations p on p.id = i.donation_id
      where ${due} and i.number > 1 and p.status = 'COLLECTING' and p.pay_over_time
        and p.collecting_since is null ${only}
        -- A campaign ended early (cancelled, suspended) charges nothing more: its plans end with its refunds.
        and p.project_id in (select id from projects where status = 'SUCCESSFUL')
      -- In the order of pledge_instalments_due_idx: a batch reads its rows there, not every instalment due.
      order by i.due_on, i.id limit ${limit}
      for update of i skip locked)
      and d.id = c.donation_id
    returning c.id, c.donation_id, d.project_id, c.number, c.amount_cents, c.attempts, c.due_on::text as due_on,
              c.failed_at, d.currency, d.payment_method, d.payment_customer`.execute(db);
  return result.rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

/** A claimed instalment, locked, if it is still the attempt the caller made (another run may have settled it). */
export function lockClaimed(db: Kysely<DB>, id: number, attempt: number) {
  return db
    .selectFrom('pledge_instalments')
    .selectAll()
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('claimed_at', 'is not', null)
    .where('status', 'in', ['scheduled', 'failed'])
    .forUpdate()
    .executeTakeFirst();
}

export function settleInstalment(
  db: Kysely<DB>,
  id: number,
  values:
    | { status: 'paid'; charged_at: Date; payment_reference: string }
    | { status: 'failed'; error_code: string; failed_at: Date; next_attempt_at: Date },
) {
  return db
    .updateTable('pledge_instalments')
    .set({ ...values, claimed_at: null })
    .where('id', '=', id)
    .execute();
}

/** Instalments of a plan not paid yet. */
export async function unpaidCount(db: Kysely<DB>, donationId: number) {
  const row = await db
    .selectFrom('pledge_instalments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('donation_id', '=', donationId)
    .where('status', '<>', 'paid')
    .where('status', '<>', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a plan collected so far, in minor units. */
export async function paidCents(db: Kysely<DB>, donationId: number) {
  const row = await db
    .selectFrom('pledge_instalments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.val('0')).as('paid'))
    .where('donation_id', '=', donationId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(row.paid);
}

/** The instalments a plan will never charge: the plan ended (defaulted, refunded, cancelled). */
export function cancelUnpaid(db: Kysely<DB>, donationId: number) {
  return db
    .updateTable('pledge_instalments')
    .set({ status: 'cancelled', claimed_at: null, next_attempt_at: null })
    .where('donation_id', '=', donationId)
    .where('status', 'in', ['scheduled', 'failed'])
    .execute();
}

/** A saved card: the declined instalments of the plan are retried at once. */
export function retryNow(db: Kysely<DB>, donationId: number, now: Date) {
  return db
    .updateTable('pledge_instalments')
    .set({ next_attempt_at: now })
    .where('donation_id', '=', donationId)
    .where('status', '=', 'failed')
    .execute();
}

/**
 * Ends a running plan at what was paid, in the caller's transaction on the locked pledge (DESIGN.md §20): the unpaid
 * instalments cancelled, the pledge SUCCEEDED for the paid amount and the project's total lowered by the rest.
 * `defaulted`: it ended unpaid (the API reads it DEFAULTED); otherwise it ends to be refunded. Answers what was paid,
 * or null when the plan was not running.
 */
export async function endPlanAtPaid(
  db: Kysely<DB>,
  donation: Parameters<typeof isRunningPlan>[0] & { id: number; project_id: number; amount_cents: number },
  now: Date,
  defaulted: { code: string } | null,
) {
  if (!isRunningPlan(donation)) return null;
  const paid = await paidCents(db, donation.id);
  await cancelUnpaid(db, donation.id);
  await db
    .updateTable('donations')
    .set({
      status: 'SUCCEEDED',
      amount_cents: paid,
      succeeded_at: now,
      updated_at: now,
      ...(defaulted ? { defaulted_at: now, payment_error_code: defaulted.code } : {}),
    })
    .where('id', '=', donation.id)
    .where('status', '=', 'COLLECTING')
    .execute();
  await db
    .updateTable('projects')
    .set((eb) => ({ current_cents: eb('current_cents', '+', paid - donation.amount_cents) }))
    .where('id', '=', donation.project_id)
    .execute();
  return paid;
}

/** Running plans of campaigns ended early (cancelled, suspended): ended at what was paid, then refunded. */
export async function runningPlansOfEndedProjects(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select('d.id')
    .where('p.status', 'in', ['CANCELED', 'SUSPENDED'])
    .where('d.status', '=', 'COLLECTING')
    .where('d.pay_over_time', '=', true)
    .where('d.collecting_since', 'is', null)
    .orderBy('d.id')
    .execute();
  return rows.map((row) => row.id);
}

/** A project's instalments still to collect from its running plans, by the day they are due (payouts). */
export async function instalmentsToCome(db: Kysely<DB>, projectId: number) {
  const rows = await db
    .selectFrom('pledge_instalments as i')
    .innerJoin('donations as d', 'd.id', 'i.donation_id')
    .select([
      sql<string>`i.due_on::text`.as('due_on'),
      (eb) => eb.fn.sum<string>('i.amount_cents').as('cents'),
    ])
    .where('d.project_id', '=', projectId)
    .where('d.status', '=', 'COLLECTING')
    .where('d.pay_over_time', '=', true)
    .where('i.status', 'in', ['scheduled', 'failed'])
    .groupBy('i.due_on')
    .orderBy('i.due_on')
    .execute();
  return rows.map((row) => ({ dueOn: row.due_on, cents: Number(row.cents) }));
}

/** The paid instalments of a plan, each refunded against its own payment. */
export function paidInstalments(db: Kysely<DB>, donationId: number) {
  return db
    .selectFrom('pledge_instalments')
    .select(['id', 'amount_cents', 'payment_reference'])
    .where('donation_id', '=', donationId)
    .where('status', '=', 'paid')
    .orderBy('number')
    .execute();
}

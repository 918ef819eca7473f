import { type Kysely, type Selectable, sql } from 'kysely';
import { LIVE_PLEDGE_STATUSES } from '@fundry/shared';
import { LIVE_PLEDGES, literals } from '../../db/literals';
import type { DB, DonationsTable, DonationStatus, LedgerKind, ProjectStatusValue } from '../../db/schema';

export type DonationRow = Selectable<DonationsTable>;

/** Records a provider event; false when it was already recorded (a redelivery). */
export async function recordEvent(db: Kysely<DB>, id: string, provider: string, type: string) {
  const row = await db
    .insertInto('payment_events')
    .values({ id, provider, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export function lockDonation(
  db: Kysely<DB>,
  where: { id: number } | { sessionId: string } | { paymentReference: string },
) {
  let query = db.selectFrom('donations').selectAll();
  if ('id' in where) query = query.where('id', '=', where.id);
  else if ('sessionId' in where) query = query.where('checkout_session_id', '=', where.sessionId);
  else query = query.where('payment_reference', '=', where.paymentReference);
  return query.forUpdate().executeTakeFirst();
}

export function findDonation(db: Kysely<DB>, id: number) {
  return db.selectFrom('donations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertDonation(
  db: Kysely<DB>,
  values: {
    project_id: number;
    reward_id: number | null;
    donor_id: number;
    amount_cents: number;
    currency: string;
    provider: string;
    expires_at: Date;
    funding_model: 'all_or_nothing' | 'flexible';
    shipping_cents: number;
    shipping_address: DonationRow['shipping_address'];
    has_add_ons: boolean;
    /** A late pledge (DESIGN.md §16). */
    late: boolean;
    /** Where the backer came from (DESIGN.md §19); none given: null, read as `direct`. */
    referral_source?: string | null;
    /** Paid in instalments (DESIGN.md §20). */
    pay_over_time?: boolean;
  },
) {
  return db
    .insertInto('donations')
    .values({ ...values, status: 'PENDING' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setDonation(
  db: Kysely<DB>,
  id: number,
  values: Partial<Omit<DonationRow, 'id' | 'created_at'>>,
) {
  return db
    .updateTable('donations')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Moves a donation from one state to another only if it is still in `from`: the guard against races. */
export async function transitionDonation(
  db: Kysely<DB>,
  id: number,
  from: DonationStatus,
  values: Partial<Omit<DonationRow, 'id' | 'created_at'>>,
) {
  const row = await db
    .updateTable('donations')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Moves a donation from any of `from` to new values; null when it was in none of them (someone got there first). */
export async function transitionDonationFrom(
  db: Kysely<DB>,
  id: number,
  from: readonly DonationStatus[],
  values: Partial<Omit<DonationRow, 'id' | 'created_at'>>,
) {
  const row = await db
    .updateTable('donations')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Whether the backer has an open checkout or a live pledge to the project other than `exceptId`. */
export async function hasOtherCurrentPledge(
  db: Kysely<DB>,
  donorId: number,
  projectId: number,
  exceptId: number,
) {
  const row = await db
    .selectFrom('donations')
    .select('id')
    .where('donor_id', '=', donorId)
    .where('project_id', '=', projectId)
    .where('status', 'in', literals(['PENDING', ...LIVE_PLEDGE_STATUSES] as const))
    .where('id', '<>', exceptId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether the backer has a live pledge to the project (other than `exceptId`): the backers counter's rule. */
export async function hasLivePledge(db: Kysely<DB>, donorId: number, projectId: number, exceptId?: number) {
  let query = db
    .selectFrom('donations')
    .select('id')
    .where('donor_id', '=', donorId)
    .where('project_id', '=', projectId)
    .where('status', 'in', LIVE_PLEDGES);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Boolean(await query.limit(1).executeTakeFirst());
}

/** A shared lock: pledges to one project run side by side, while settlement waits for them to commit. */
export function shareLockProject(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('projects')
    .select([
      'id',
      'title',
      'status',
      'creator_id',
      'start_date',
      'end_date',
      'funding_model',
      'currency',
      'late_pledges_open',
      'late_pledges_until',
      'pledge_over_time',
      'base_rate',
    ])
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
}

/**
 * A project's title for a receipt or a notice, without a lock: collecting thousands of pledges of one campaign
 * must not queue them all on its row (only counters that move need lockProjectForMoney).
 */
export function projectForNotice(db: Kysely<DB>, id: number) {
  return db.selectFrom('projects').select(['id', 'title']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** A backer or creator as a mail addresses them: their name, address and language. */
export function findRecipient(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'username', 'locale', 'last_locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export function lockProjectForMoney(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('projects')
    .select([
      'id',
      'title',
      'status',
      'creator_id',
      'goal_cents',
      'current_cents',
      'funding_model',
      'start_date',
      'end_date',
      'currency',
      'activated_at',
      'pledge_over_time',
      'base_rate',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The list counters move in the same transaction as the money that moves them. */
export async function moveProjectCounters(db: Kysely<DB>, projectId: number, cents: number, backers: number) {
  await db
    .updateTable('projects')
    .set((eb) => ({
      current_cents: eb('current_cents', '+', cents),
      backers_count: eb('backers_count', '+', backers),
    }))
    .where('id', '=', projectId)
    .execute();
}

export async function insertLedgerEntry(db: Kysely<DB>, entry: NewLedgerEntry) {
  await insertLedgerEntries(db, [entry]);
}

/** Ledger rows in one statement, each with its net. */
export async function insertLedgerEntries(db: Kysely<DB>, entries: readonly NewLedgerEntry[]) {
  if (entries.length === 0) return;
  await db
    .insertInto('ledger_entries')
    .values(
      entries.map((entry) => ({
        ...entry,
        net_cents: entry.gross_cents - entry.processing_fee_cents - entry.platform_fee_cents,
      })),
    )
    .execute();
}

interface NewLedgerEntry {
  project_id: number;
  donation_id: number | null;
  payout_id?: number;
  /** An instalment of a pledge paid over time (DESIGN.md §20). */
  instalment_id?: number;
  /** The project's currency: the amounts are its minor units. */
  currency: string;
  kind: LedgerKind;
  gross_cents: number;
  processing_fee_cents: number;
  platform_fee_cents: number;
}

/**
 * Collected pledges of one project marked REFUNDED, each with its provider's reference, in one statement; those no
 * longer SUCCEEDED (refunded meanwhile) are left out of the answer.
 */
export async function markRefunded(
  db: Kysely<DB>,
  projectId: number,
  refunds: readonly { donationId: number; reference: string | null }[],
  at: Date,
) {
  const { rows } = await sql<DonationRow>`
    update donations d
    set status = 'REFUNDED', refunded_at = ${at}, refund_reference = r.reference, refund_blocked = null,
        updated_at = now()
    from unnest(${refunds.map((r) => r.donationId)}::integer[], ${refunds.map((r) => r.reference)}::text[])
      as r(id, reference)
    where d.id = r.id and d.project_id = ${projectId} and d.status = 'SUCCEEDED'
    returning d.*`.execute(db);
  return rows;
}

/** Collected pledges to refund, with what their refund needs and how many survey payments they were paid by too. */
export async function collectedForRefund(db: Kysely<DB>, donationIds: readonly number[]) {
  if (donationIds.length === 0) return [];
  const { rows } = await sql<{
    id: number;
    amount_cents: number;
    currency: string;
    payment_reference: string | null;
    checkout_session_id: string | null;
    survey_charges: number;
    pay_over_time: boolean;
  }>`
    select d.id, d.amount_cents, d.currency, d.payment_reference, d.checkout_session_id, d.pay_over_time,
           (select count(*) from survey_charges c where c.donation_id = d.id
              and c.status in ('pending', 'succeeded'))::integer as survey_charges
    from donations d where d.id = any(${[...donationIds]}::integer[]) and d.status = 'SUCCEEDED'
    order by d.id`.execute(db);
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

/** Of these backers of the project, those left with no live pledge to it: the backers counter's rule. */
export async function donorsWithoutLivePledge(
  db: Kysely<DB>,
  projectId: number,
  donorIds: readonly number[],
) {
  const { rows } = await sql<{ donor_id: number }>`
    select distinct r.donor_id from unnest(${[...donorIds]}::integer[]) as r(donor_id)
    where not exists (select 1 from donations d where d.donor_id = r.donor_id and d.project_id = ${projectId}
                      and d.status in (${sql.join(LIVE_PLEDGES)}))`.execute(db);
  return new Set(rows.map((row) => row.donor_id));
}

/** `donationLedgerEntry` of many pledges at once, by pledge. */
export async function donationLedgerEntries(db: Kysely<DB>, donationIds: readonly number[]) {
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => [
      'donation_id',
      eb.fn.sum<number>('processing_fee_cents').as('processing_fee_cents'),
      eb.fn.sum<number>('platform_fee_cents').as('platform_fee_cents'),
    ])
    .where('donation_id', 'in', donationIds.length > 0 ? [...donationIds] : [0])
    .where('kind', '=', 'donation')
    .groupBy('donation_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.donation_id!,
      {
        processing_fee_cents: Number(row.processing_fee_cents),
        platform_fee_cents: Number(row.platform_fee_cents),
      },
    ]),
  );
}

/**
 * What a collected pledge brought in, its fees and net: the sum of its `donation` rows — its first payment's and
 * one per add-on charge of its survey (DESIGN.md §17) — or undefined before any was recorded.
 */
export async function donationLedgerEntry(db: Kysely<DB>, donationId: number) {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      eb.fn.coalesce(eb.fn.sum<number>('gross_cents'), eb.val(0)).as('gross_cents'),
      eb.fn.coalesce(eb.fn.sum<number>('processing_fee_cents'), eb.val(0)).as('processing_fee_cents'),
      eb.fn.coalesce(eb.fn.sum<number>('platform_fee_cents'), eb.val(0)).as('platform_fee_cents'),
      eb.fn.coalesce(eb.fn.sum<number>('net_cents'), eb.val(0)).as('net_cents'),
    ])
    .where('donation_id', '=', donationId)
    .where('kind', '=', 'donation')
    .executeTakeFirstOrThrow();
  if (Number(row.rows) === 0) return undefined;
  return {
    gross_cents: Number(row.gross_cents),
    processing_fee_cents: Number(row.processing_fee_cents),
    platform_fee_cents: Number(row.platform_fee_cents),
    net_cents: Number(row.net_cents),
  };
}

/** The add-on charges of a pledge's survey (DESIGN.md §17), oldest first: each is a payment of its own. */
export function surveyChargesOf(db: Kysely<DB>, donationId: number) {
  return db
    .selectFrom('survey_charges')
    .select(['id', 'amount_cents', 'currency', 'status', 'payment_reference', 'refund_reference'])
    .where('donation_id', '=', donationId)
    .where('status', 'in', ['pending', 'succeeded'])
    .orderBy('id')
    .execute();
}

/** The succeeded survey charge a provider's payment reference names, if it is one. */
export function findSurveyChargeByPayment(db: Kysely<DB>, paymentReference: string) {
  return db
    .selectFrom('survey_charges')
    .select(['id', 'donation_id', 'amount_cents'])
    .where('payment_reference', '=', paymentReference)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
}

/** Pending donations whose checkout lapsed more than `graceMs` ago (nobody else is handling them). */
export async function stalePendingDonations(db: Kysely<DB>, before: Date, limit: number) {
  return db
    .selectFrom('donations')
    .select(['id', 'checkout_session_id'])
    .where('status', '=', 'PENDING')
    .where('expires_at', '<', before)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** The donor's open checkouts, whatever their expiry. */
export async function openCheckoutsOf(db: Kysely<DB>, donorId: number) {
  return db
    .selectFrom('donations')
    .select(['id', 'checkout_session_id'])
    .where('donor_id', '=', donorId)
    .where('status', '=', 'PENDING')
    .orderBy('id')
    .execute();
}

/**
 * Ended campaigns to settle, live or on hold (rejected after they went live, DESIGN.md §18), locked so that another
 * instance settling at the same time skips them.
 */
export async function lockEndedCampaigns(db: Kysely<DB>, today: string, limit: number) {
  const result = await sql<{
    id: number;
    title: string;
    status: ProjectStatusValue;
    activated_at: Date | null;
    creator_id: number;
    goal_cents: number;
    current_cents: number;
    funding_model: string;
    currency: string;
  }>`
    select id, title, status, activated_at, creator_id, goal_cents, current_cents, funding_model, currency
    from projects
    where (status = 'ACTIVE' or (status = 'REJECTED' and activated_at is not null)) and end_date < ${today}::date
    order by end_date, id limit ${limit}
    for update skip locked`.execute(db);
  return result.rows;
}

/**
 * A failed all-or-nothing campaign releases its saved-card pledges in one statement: nothing was charged, so
 * no money moves; their reward and add-on claims are freed. The counters are recounted by the caller.
 */
export async function releasePledges(
  db: Kysely<DB>,
  projectId: number,
  statuses: readonly ('PLEDGED' | 'PAYMENT_FAILED')[] = ['PLEDGED'],
) {
  const result = await sql<{ released: number }>`
    with released as (
      update donations set status = 'RELEASED', updated_at = now()
      where project_id = ${projectId} and status in (${sql.join(statuses)})
      returning id, reward_id),
    per_reward as (
      select reward_id, count(*)::integer as n from released where reward_id is not null group by reward_id),
    freed as (
      update rewards r set quantity_claimed = r.quantity_claimed - pr.n, backers_count = r.backers_count - pr.n
      from per_reward pr where r.id = pr.reward_id returning r.id),
    per_add_on as (
      select l.add_on_id, sum(l.quantity)::integer as n
      from donation_add_ons l join released on released.id = l.donation_id group by l.add_on_id),
    freed_add_ons as (
      update add_ons a set quantity_claimed = a.quantity_claimed - pa.n
      from per_add_on pa where a.id = pa.add_on_id returning a.id)
    select (select count(*) from released)::integer as released`.execute(db);
  return result.rows[0]?.released ?? 0;
}

/**
 * A campaign ended early keeps every backer who was refunded in their Backed Projects (migration 0051), those refunded
 * before it ended too: their backings are made now, after its status changed.
 */
export async function keepRefundedBackings(db: Kysely<DB>, projectId: number) {
  await sql`select refresh_backings(array_agg(donor_id), array_agg(project_id)) from donations
            where project_id = ${projectId}::integer and status = 'REFUNDED' having count(*) > 0`.execute(db);
}

/** The project's counters recounted from its live pledges, inside the transaction that changed them. */
export async function recountProject(db: Kysely<DB>, projectId: number) {
  await sql`
    update projects p set current_cents = s.cents, backers_count = s.backers
    from (select coalesce(sum(amount_cents), 0) as cents, count(distinct donor_id)::integer as backers
          from donations where project_id = ${projectId}
          and status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED') and not late) s
    where p.id = ${projectId}`.execute(db);
}

/** Succeeded donations that an all-or-nothing campaign that failed still owes back. */
export function refundsOwed(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select('d.id')
    .where('d.status', '=', 'SUCCEEDED')
    .where('p.status', '=', 'FAILED')
    .where('p.funding_model', '=', 'all_or_nothing')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

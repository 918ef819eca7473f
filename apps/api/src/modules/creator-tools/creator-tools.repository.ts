import { type Kysely, sql } from 'kysely';
import type { DonationStatusName, FulfilmentFilter, SurveyFilter } from '@fundry/shared';
import { LIVE_PLEDGES } from '../../db/literals';
import type { DB } from '../../db/schema';

/** Pledges shown to a creator: every pledge that went live once (not abandoned checkouts). */
const SHOWN_STATUSES: DonationStatusName[] = [
  'PLEDGED',
  'COLLECTING',
  'SUCCEEDED',
  'PAYMENT_FAILED',
  'REFUNDED',
  'CANCELED',
  'RELEASED',
  'DROPPED',
];

export interface BackerFilters {
  status?: DonationStatusName;
  rewardId?: number;
  /** The country of the pledge's shipping address (ISO 3166-1 alpha-2). */
  country?: string;
  /** Pledges holding this add-on. */
  addOnId?: number;
  /** Without `status`: these statuses rather than every pledge that went live once. */
  statuses?: readonly DonationStatusName[];
  /** Rewards not sent yet (pledges with a reward only), sent and not confirmed, or received. */
  fulfilment?: FulfilmentFilter;
  /** Pledges the survey was sent to, answered or not yet (DESIGN.md §17). */
  survey?: SurveyFilter;
}

/** The pledges a filter selects; bulk messages (modules/messages) reach the backers of the same query. */
export function backersBase(db: Kysely<DB>, projectId: number, filters: BackerFilters) {
  let query = db
    .selectFrom('donations as d')
    .innerJoin('users as u', 'u.id', 'd.donor_id')
    .leftJoin('rewards as r', 'r.id', 'd.reward_id')
    .where('d.project_id', '=', projectId)
    .where('d.pledged_at', 'is not', null);
  // A plan ended unpaid is stored collected for what was paid, and read DEFAULTED (decision 036).
  query =
    filters.status === 'DEFAULTED'
      ? query.where('d.status', '=', 'SUCCEEDED').where('d.defaulted_at', 'is not', null)
      : filters.status
        ? query.where('d.status', '=', filters.status)
        : query.where('d.status', 'in', filters.statuses ?? SHOWN_STATUSES);
  if (filters.rewardId) query = query.where('d.reward_id', '=', filters.rewardId);
  if (filters.addOnId) {
    const addOnId = filters.addOnId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('donation_add_ons as l')
          .select('l.add_on_id')
          .whereRef('l.donation_id', '=', 'd.id')
          .where('l.add_on_id', '=', addOnId),
      ),
    );
  }
  if (filters.country) query = query.where(sql<string>`d.shipping_address->>'country'`, '=', filters.country);
  if (filters.fulfilment === 'unsent') {
    query = query.where('d.reward_id', 'is not', null).where('d.fulfilment_status', 'is', null);
  } else if (filters.fulfilment) {
    query = query.where('d.fulfilment_status', '=', filters.fulfilment);
  }
  if (filters.survey) {
    const answered = filters.survey === 'answered';
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('survey_responses as sr')
          .select('sr.donation_id')
          .whereRef('sr.donation_id', '=', 'd.id')
          .where('sr.answered_at', answered ? 'is not' : 'is', null),
      ),
    );
    // Only collected pledges are asked; a refunded one is not waited for.
    if (!answered) query = query.where('d.status', '=', 'SUCCEEDED');
  }
  return query;
}

function selectBackers(db: Kysely<DB>, projectId: number, filters: BackerFilters) {
  return backersBase(db, projectId, filters)
    .leftJoin('survey_responses as s', 's.donation_id', 'd.id')
    .select([
      's.donation_id as survey_donation_id',
      's.answered_at as survey_answered_at',
      'd.id',
      'd.donor_id',
      'u.full_name',
      'u.username',
      'u.email',
      'd.amount_cents',
      'd.reward_id',
      'r.title as reward_title',
      'd.status',
      'd.funding_model',
      'd.late',
      'd.pledged_at',
      'd.shipping_address',
      'd.fulfilment_status',
      'd.tracking_url',
      'd.pay_over_time',
      'd.defaulted_at',
      'd.collecting_since',
    ])
    .orderBy('d.pledged_at', 'desc')
    .orderBy('d.id', 'desc');
}

export type BackerRecord = Awaited<ReturnType<ReturnType<typeof selectBackers>['execute']>>[number];

export async function listBackers(
  db: Kysely<DB>,
  projectId: number,
  filters: BackerFilters,
  page: number,
  perPage: number,
) {
  const [rows, count] = await Promise.all([
    selectBackers(db, projectId, filters)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    backersBase(db, projectId, filters)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every backer of the filter, for the CSV export (bounded: a project has far fewer pledges). */
export function allBackers(db: Kysely<DB>, projectId: number, filters: BackerFilters) {
  return selectBackers(db, projectId, filters).limit(200_000).execute();
}

/**
 * Marks rewards sent, with the parcel's tracking link if there is one: only collected pledges of this project with
 * a reward not yet sent (a guarded update, so a second click changes nothing). Returns the pledges that changed.
 */
export function markSent(
  db: Kysely<DB>,
  projectId: number,
  donationIds: number[],
  trackingUrl: string | null,
  now: Date,
) {
  return db
    .updateTable('donations')
    .set({ fulfilment_status: 'sent', tracking_url: trackingUrl, sent_at: now, updated_at: now })
    .where('project_id', '=', projectId)
    .where('id', 'in', donationIds)
    .where('status', '=', 'SUCCEEDED')
    .where('reward_id', 'is not', null)
    .where('fulfilment_status', 'is', null)
    .returning(['id', 'donor_id', 'reward_id'])
    .execute();
}

/** The backers of pledges just marked sent, with what their notice and mail say, in their language. */
export function sentRewardRecipients(db: Kysely<DB>, donationIds: number[]) {
  return db
    .selectFrom('donations as d')
    .innerJoin('users as u', 'u.id', 'd.donor_id')
    .innerJoin('rewards as r', 'r.id', 'd.reward_id')
    .select([
      'd.id',
      'd.donor_id',
      'd.tracking_url',
      'u.email',
      'u.full_name',
      'u.username',
      'u.locale',
      'u.last_locale',
      'r.title',
    ])
    .where('d.id', 'in', donationIds)
    .orderBy('d.id')
    .execute();
}

/** Live pledges per day (UTC, by when they became live). */
export async function pledgesPerDay(db: Kysely<DB>, projectId: number) {
  const result = await sql<{ day: string; pledges: number; cents: number }>`
    select to_char(pledged_at at time zone 'UTC', 'YYYY-MM-DD') as day,
           count(*)::int as pledges, coalesce(sum(amount_cents), 0)::bigint as cents
    from donations
    where project_id = ${projectId} and pledged_at is not null
      and status in (${sql.join(LIVE_PLEDGES)})
    group by 1 order by 1`.execute(db);
  return result.rows.map((row) => ({ day: row.day, pledges: Number(row.pledges), cents: Number(row.cents) }));
}

/** Live pledges per reward (null: no reward), with every reward of the project even when it has none. */
export async function pledgesPerReward(db: Kysely<DB>, projectId: number) {
  const result = await sql<{
    reward_id: number | null;
    title: string | null;
    backers: number;
    cents: number;
  }>`
    select r.id as reward_id, r.title, count(d.id)::int as backers, coalesce(sum(d.amount_cents), 0)::bigint as cents
    from rewards r
    left join donations d on d.reward_id = r.id and d.project_id = r.project_id
      and d.status in (${sql.join(LIVE_PLEDGES)})
    where r.project_id = ${projectId}
    group by r.id, r.title
    union all
    select null, null, count(*)::int, coalesce(sum(amount_cents), 0)::bigint
    from donations
    where project_id = ${projectId} and reward_id is null
      and status in (${sql.join(LIVE_PLEDGES)})
    order by 3 desc, 1`.execute(db);
  return result.rows.map((row) => ({
    rewardId: row.reward_id,
    title: row.title,
    backers: Number(row.backers),
    cents: Number(row.cents),
  }));
}

import { type Kysely, sql } from 'kysely';
import { OPEN_PLEDGES } from '../../db/literals';
import type { DB } from '../../db/schema';

/**
 * Serialises one backer's pledging to one project for the rest of the transaction, so two "Back" clicks at
 * once cannot both find no pledge; pledges of other backers are not held up.
 */
export async function lockBackerOfProject(db: Kysely<DB>, donorId: number, projectId: number) {
  await sql`select pg_advisory_xact_lock(${donorId}::integer, ${projectId}::integer)`.execute(db);
}

/**
 * A backer's open checkout or live pledge: open (`donations_one_open_idx`) or collected (`SUCCEEDED`, in
 * `donations_donor_idx`), as two literal lists the plan reads each of those partial indexes by backer and project
 * with. As one list of parameters, it read every donation of the project instead: 37,000 rows, 16 ms, for each
 * pledge to a popular campaign.
 */
const isCurrentPledge = (status: 'status' | 'd.status') =>
  sql<boolean>`(${sql.ref(status)} in (${sql.join(OPEN_PLEDGES)}) or ${sql.ref(status)} = 'SUCCEEDED')`;

/** The backer's open checkout or live pledge to a project, newest first: at most one of each exists. */
export function findCurrentPledge(db: Kysely<DB>, donorId: number, projectId: number) {
  return db
    .selectFrom('donations')
    .selectAll()
    .where('donor_id', '=', donorId)
    .where('project_id', '=', projectId)
    .where(isCurrentPledge('status'))
    .orderBy(sql`status = 'PENDING'`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A donation with what its page shows: the project's title, dates and model, and the reward's title. */
export function findPledgeView(
  db: Kysely<DB>,
  where: { id: number } | { donorId: number; projectId: number },
) {
  let query = db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .leftJoin('rewards as r', 'r.id', 'd.reward_id')
    .selectAll('d')
    .select([
      'p.title as project_title',
      'p.status as project_status',
      'p.end_date as project_end_date',
      'p.activated_at as project_activated_at',
      'r.title as reward_title',
    ]);
  if ('id' in where) query = query.where('d.id', '=', where.id);
  else {
    query = query
      .where('d.donor_id', '=', where.donorId)
      .where('d.project_id', '=', where.projectId)
      .where(isCurrentPledge('d.status'))
      .orderBy(sql`d.status = 'PENDING'`)
      .orderBy('d.id', 'desc')
      .limit(1);
  }
  return query.executeTakeFirst();
}
export type PledgeView = NonNullable<Awaited<ReturnType<typeof findPledgeView>>>;

/** The donation a checkout session belongs to (the sandbox's pages are addressed by session). */
export function findDonationBySession(db: Kysely<DB>, sessionId: string) {
  return db
    .selectFrom('donations')
    .select('id')
    .where('checkout_session_id', '=', sessionId)
    .executeTakeFirst();
}

/** What a checkout needs of its backer, in one read: the email and the provider's customer, if there is one yet. */
export function findCheckoutIdentity(db: Kysely<DB>, userId: number, provider: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('payment_customers as c', (join) =>
      join.onRef('c.user_id', '=', 'u.id').on('c.provider', '=', provider),
    )
    .select(['u.email', 'c.customer_id'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Keeps the first customer recorded for the user: the provider's idempotency makes both the same anyway. */
export async function savePaymentCustomer(
  db: Kysely<DB>,
  userId: number,
  provider: string,
  customerId: string,
) {
  await db
    .insertInto('payment_customers')
    .values({ user_id: userId, provider, customer_id: customerId })
    .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
    .execute();
}

export interface CollectionClaim {
  id: number;
  project_id: number;
  collection_attempts: number;
  amount_cents: number;
  currency: string;
  payment_method: string | null;
  payment_customer: string | null;
}

/**
 * Takes up to `limit` pledges to charge and marks them COLLECTING in one statement, skipping rows another
 * instance holds: PLEDGED pledges of successful campaigns, PAYMENT_FAILED ones due for their daily retry, and
 * COLLECTING ones whose collector vanished (a crash) before `staleBefore`, which resume the same attempt. The
 * amount is what this collection charges: the pledge, or the first instalment of a pledge paid over time.
 */
export async function claimCollections(
  db: Kysely<DB>,
  kind: 'resume' | 'retry' | 'new',
  now: Date,
  staleBefore: Date,
  limit: number,
  onlyDonationId?: number,
) {
  const only = onlyDonationId === undefined ? sql`` : sql`and d.id = ${onlyDonationId}`;
  const due =
    kind === 'resume'
      ? sql`d.status = 'COLLECTING' and d.collecting_since < ${staleBefore}`
      : kind === 'retry'
        ? sql`d.status = 'PAYMENT_FAILED' and d.next_collection_at <= ${now}`
        : sql`d.status = 'PLEDGED' and d.project_id in (
              select id from projects where status = 'SUCCESSFUL' and funding_model = 'all_or_nothing')`;
  const result = await sql<CollectionClaim>`
    update donations set
      status = 'COLLECTING',
      collecting_since = ${now},
      collection_attempts = collection_attempts + ${kind === 'resume' ? 0 : 1},
      updated_at = ${now}
    where id in (
      select d.id from donations d where ${due} ${only}
      order by d.id limit ${limit}
      for update skip locked)
    returning id, project_id, collection_attempts, currency, payment_method, payment_customer,
      -- A pledge paid over time (DESIGN.md §20) is collected for its first instalment.
      case when pay_over_time then (select i.amount_cents from pledge_instalments i
                                    where i.donation_id = donations.id and i.number = 1)
           else amount_cents end as amount_cents`.execute(db);
  return result.rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

/** A sent reward confirmed by its backer; a pledge not in `sent` (not sent, or confirmed already) is left as it is. */
export function markReceived(db: Kysely<DB>, id: number, now: Date) {
  return db
    .updateTable('donations')
    .set({ fulfilment_status: 'received', received_at: now, updated_at: now })
    .where('id', '=', id)
    .where('fulfilment_status', '=', 'sent')
    .execute();
}

/** The donor's all-or-nothing pledges waiting for their campaign's end (a suspension cancels them). */
export function pledgedDonationsOf(db: Kysely<DB>, donorId: number) {
  return db
    .selectFrom('donations')
    .select(['id', 'project_id'])
    .where('donor_id', '=', donorId)
    .where('status', '=', 'PLEDGED')
    .orderBy('id')
    .execute();
}

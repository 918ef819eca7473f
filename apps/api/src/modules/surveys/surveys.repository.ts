import { type Kysely, sql } from 'kysely';
import type { DB, SurveyChargeLine } from '../../db/schema';

export function findSurvey(db: Kysely<DB>, projectId: number) {
  return db.selectFrom('surveys').selectAll().where('project_id', '=', projectId).executeTakeFirst();
}

/** The project's survey row, made on first use and locked for the caller's change. */
export async function lockSurvey(db: Kysely<DB>, projectId: number) {
  await db
    .insertInto('surveys')
    .values({ project_id: projectId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return db
    .selectFrom('surveys')
    .selectAll()
    .where('project_id', '=', projectId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The questions shown (not removed), in order. */
export function listQuestions(db: Kysely<DB>, projectId: number, withRemoved = false) {
  let query = db.selectFrom('survey_questions').selectAll().where('project_id', '=', projectId);
  if (!withRemoved) query = query.where('removed_at', 'is', null);
  return query.orderBy('position').orderBy('id').execute();
}

export type QuestionRow = Awaited<ReturnType<typeof listQuestions>>[number];

/** How many pledges were asked and how many answered. */
export async function responseCounts(db: Kysely<DB>, projectId: number) {
  const row = await db
    .selectFrom('survey_responses as r')
    .innerJoin('donations as d', 'd.id', 'r.donation_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('recipients'),
      eb.fn.count<number>('r.answered_at').as('answered'),
    ])
    .where('r.project_id', '=', projectId)
    .where('d.status', '=', 'SUCCEEDED')
    .executeTakeFirstOrThrow();
  return { recipients: Number(row.recipients), answered: Number(row.answered) };
}

/** Whether every pledge of the project is settled: none left to charge (PLEDGED or COLLECTING). */
export async function hasUncollected(db: Kysely<DB>, projectId: number) {
  const row = await db
    .selectFrom('donations')
    .select('id')
    .where('project_id', '=', projectId)
    .where('status', 'in', ['PLEDGED', 'COLLECTING'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface Invitee {
  donation_id: number;
  project_id: number;
  donor_id: number;
  email: string;
  name: string;
  title: string;
  locale: string | null;
  last_locale: string | null;
}

/**
 * Asks every collected pledge of a sent, unlocked survey not asked yet (at the send, and later for late pledges):
 * one insert … select; returns who was asked now, with what their notice and mail need.
 */
export async function inviteCollected(db: Kysely<DB>, now: Date, projectId?: number) {
  const result = await sql<Invitee>`
    with asked as (
      insert into survey_responses (donation_id, project_id, invited_at)
      select d.id, d.project_id, ${now}::timestamptz
      from donations d join surveys s on s.project_id = d.project_id
      where d.status = 'SUCCEEDED' and s.sent_at is not null and s.locked_at is null
        ${projectId === undefined ? sql`` : sql`and d.project_id = ${projectId}`}
        and not exists (select 1 from survey_responses r where r.donation_id = d.id)
      on conflict do nothing
      returning donation_id, project_id)
    select a.donation_id, a.project_id, d.donor_id, u.email,
           coalesce(nullif(u.full_name, ''), u.username) as name, p.title, u.locale, u.last_locale
    from asked a join donations d on d.id = a.donation_id join users u on u.id = d.donor_id
    join projects p on p.id = a.project_id
    order by a.donation_id`.execute(db);
  return result.rows;
}

/**
 * Claims the reminders due: unanswered responses of collected pledges whose survey is sent and not locked, not
 * reminded (or asked) for `every` ms. The guarded update makes each reminder go once per period, whichever
 * instance runs first (the others' rows are skipped or no longer match).
 */
export async function claimDueReminders(db: Kysely<DB>, now: Date, dueBefore: Date, limit: number) {
  const result = await sql<Invitee>`
    with due as (
      select r.donation_id from survey_responses r
      join surveys s on s.project_id = r.project_id
      join donations d on d.id = r.donation_id
      where r.answered_at is null and s.sent_at is not null and s.locked_at is null and d.status = 'SUCCEEDED'
        and coalesce(r.last_reminded_at, r.invited_at) <= ${dueBefore}::timestamptz
      order by r.donation_id limit ${limit}
      for update of r skip locked),
    claimed as (
      update survey_responses r set last_reminded_at = ${now}::timestamptz
      from due where r.donation_id = due.donation_id
        and r.answered_at is null and coalesce(r.last_reminded_at, r.invited_at) <= ${dueBefore}::timestamptz
      returning r.donation_id, r.project_id)
    select c.donation_id, c.project_id, d.donor_id, u.email,
           coalesce(nullif(u.full_name, ''), u.username) as name, p.title, u.locale, u.last_locale
    from claimed c join donations d on d.id = c.donation_id join users u on u.id = d.donor_id
    join projects p on p.id = c.project_id
    order by c.donation_id`.execute(db);
  return result.rows;
}

export function findResponse(db: Kysely<DB>, donationId: number) {
  return db
    .selectFrom('survey_responses')
    .selectAll()
    .where('donation_id', '=', donationId)
    .executeTakeFirst();
}

/** The answers of these pledges, for a page of the backer list or the CSV. */
export async function answersOf(db: Kysely<DB>, donationIds: number[]) {
  if (donationIds.length === 0) return new Map<number, Record<string, string>>();
  const rows = await db
    .selectFrom('survey_responses')
    .select(['donation_id', 'answers'])
    .where('donation_id', 'in', donationIds)
    .execute();
  return new Map(rows.map((row) => [row.donation_id, row.answers]));
}

/** Claims stock of one add-on; false when not enough is left. Called in add-on id order. */
export async function claimAddOnStock(db: Kysely<DB>, addOnId: number, quantity: number) {
  const row = await sql<{ id: number }>`
    update add_ons set quantity_claimed = quantity_claimed + ${quantity}, updated_at = now()
    where id = ${addOnId}
      and (quantity_available is null or quantity_claimed + quantity_reserved + ${quantity} <= quantity_available)
    returning id`.execute(db);
  return row.rows.length > 0;
}

export async function unclaimAddOnStock(db: Kysely<DB>, lines: SurveyChargeLine[]) {
  for (const line of [...lines].sort((a, b) => a.add_on_id - b.add_on_id)) {
    await sql`update add_ons set quantity_claimed = quantity_claimed - ${line.quantity}, updated_at = now()
      where id = ${line.add_on_id}`.execute(db);
  }
}

/** Add-on lines bought in the survey join the pledge's (adding to a line it already holds). */
export async function addPledgeLines(db: Kysely<DB>, donationId: number, lines: SurveyChargeLine[]) {
  await db
    .insertInto('donation_add_ons')
    .values(lines.map((line) => ({ donation_id: donationId, ...line })))
    .onConflict((oc) =>
      oc.columns(['donation_id', 'add_on_id']).doUpdateSet((eb) => ({
        quantity: sql`${eb.ref('donation_add_ons.quantity')} + excluded.quantity`,
        shipping_cents: sql`${eb.ref('donation_add_ons.shipping_cents')} + excluded.shipping_cents`,
      })),
    )
    .execute();
}

/** A survey charge to try at the provider, with what the charge needs of its pledge. */
export interface ChargeClaim {
  id: number;
  amount_cents: number;
  donation_id: number;
  project_id: number;
  currency: string;
  payment_customer: string | null;
  payment_method: string | null;
  /** Whom the outcome is told, and of which project. */
  donor_id: number;
  project_title: string;
}

/**
 * Claims pending survey charges whose last attempt is older than the lease (their caller crashed, or the provider
 * did not answer): `attempted_at` moves to now in the claim, over `for update skip locked` rows and guarded again,
 * so one instance takes each charge per lease however many run at once.
 */
export async function claimStaleCharges(db: Kysely<DB>, now: Date, staleBefore: Date, limit: number) {
  const result = await sql<ChargeClaim>`
    with due as (
      select id from survey_charges
      where status = 'pending' and attempted_at < ${staleBefore}::timestamptz
      order by attempted_at, id limit ${limit}
      for update skip locked),
    claimed as (
      update survey_charges c set attempted_at = ${now}::timestamptz
      from due where c.id = due.id and c.status = 'pending' and c.attempted_at < ${staleBefore}::timestamptz
      returning c.id, c.amount_cents, c.donation_id, c.project_id, c.currency)
    select c.id, c.amount_cents, c.donation_id, c.project_id, c.currency,
           d.payment_customer, d.payment_method, d.donor_id, p.title as project_title
    from claimed c join donations d on d.id = c.donation_id join projects p on p.id = c.project_id
    order by c.id`.execute(db);
  return result.rows;
}

import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { LIVE_PLEDGES } from '../../db/literals';

const COLUMNS = ['id', 'project_id', 'amount_cents', 'title', 'description', 'reached_at'] as const;

/** A project's stretch goals, smallest amount first (the order of the funding bar). */
export function listStretchGoals(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('stretch_goals')
    .select(COLUMNS)
    .where('project_id', '=', projectId)
    .orderBy('amount_cents')
    .execute();
}
export type StretchGoalRow = Awaited<ReturnType<typeof listStretchGoals>>[number];

export function findStretchGoal(db: Kysely<DB>, projectId: number, id: number) {
  return db
    .selectFrom('stretch_goals')
    .select(COLUMNS)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether another goal of the project already has this amount. */
export async function amountTaken(db: Kysely<DB>, projectId: number, amountCents: number, exceptId?: number) {
  let query = db
    .selectFrom('stretch_goals')
    .select('id')
    .where('project_id', '=', projectId)
    .where('amount_cents', '=', amountCents);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** The currency a project's goals are in: its own. */
export async function projectCurrency(db: Kysely<DB>, projectId: number) {
  const row = await db
    .selectFrom('projects')
    .select('currency')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  return row.currency;
}

export function insertStretchGoal(
  db: Kysely<DB>,
  values: { project_id: number; amount_cents: number; title: string; description: string },
) {
  return db.insertInto('stretch_goals').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function updateStretchGoal(
  db: Kysely<DB>,
  id: number,
  values: { amount_cents: number; title: string; description: string },
) {
  return db
    .updateTable('stretch_goals')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteStretchGoal(db: Kysely<DB>, projectId: number, id: number) {
  const result = await db
    .deleteFrom('stretch_goals')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Marks reached every goal the project's funded total now covers, once: a goal already reached is left alone, so
 * a later dip below it and a new crossing change nothing. Runs in the transaction that moved the total, after it
 * moved (the project's row is locked by then, so concurrent pledges cross a goal one after the other).
 */
export async function reachStretchGoals(db: Kysely<DB>, projectId: number) {
  const result = await sql<StretchGoalRow>`
    update stretch_goals set reached_at = now(), updated_at = now()
    where project_id = ${projectId}::integer and reached_at is null
      and amount_cents <= (select current_cents from projects where id = ${projectId}::integer)
    returning id, project_id, amount_cents, title, description, reached_at`.execute(db);
  return result.rows.sort((a, b) => Number(a.amount_cents) - Number(b.amount_cents));
}

/** Who is mailed a reached stretch goal: live backers (never the creator, a deleted account, or update mails off). */
export async function stretchGoalMailRecipients(db: Kysely<DB>, projectId: number, creatorId: number) {
  const result = await sql<{
    id: number;
    email: string;
    name: string;
    locale: string | null;
    last_locale: string | null;
  }>`
    select u.id, u.email, coalesce(nullif(u.full_name, ''), u.username) as name, u.locale, u.last_locale
    from users u
    left join user_preferences p on p.user_id = u.id
    where u.id in (select donor_id from donations
                   where project_id = ${projectId}::integer and status in (${sql.join(LIVE_PLEDGES)}))
      and u.id <> ${creatorId}::integer and u.deleted_at is null and coalesce(p.email_updates, true)
    order by u.id`.execute(db);
  return result.rows;
}

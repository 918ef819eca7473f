import { type Kysely, sql, type Transaction } from 'kysely';
import { LIVE_PLEDGE_STATUSES } from '@fundry/shared';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** A project's tags, oldest first. */
export function listTags(db: Db, projectId: number) {
  return db
    .selectFrom('referral_tags')
    .select(['id', 'name', 'created_at'])
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The tags of these projects, for attributing a batch of visits at once. */
export function listTagNames(db: Db, projectIds: readonly number[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('referral_tags')
    .select(['project_id', 'name'])
    .where('project_id', 'in', projectIds)
    .execute();
}

/** Which of these projects still exist (a batch of visits may name one deleted since). */
export async function existingProjectIds(db: Db, projectIds: readonly number[]) {
  if (projectIds.length === 0) return new Set<number>();
  const rows = await db.selectFrom('projects').select('id').where('id', 'in', projectIds).execute();
  return new Set(rows.map((row) => row.id));
}

/** Holds the project's row until the transaction ends, so two new tags count each other. */
export async function lockProjectForTags(trx: Transaction<DB>, projectId: number) {
  await trx.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
}

export async function countTags(db: Db, projectId: number) {
  const row = await db
    .selectFrom('referral_tags')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A new tag; null when the project has one of that name in any case. */
export async function insertTag(db: Db, projectId: number, name: string) {
  const row = await db
    .insertInto('referral_tags')
    .values({ project_id: projectId, name })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirst();
  return row ?? null;
}

export interface VisitCount {
  project_id: number;
  day: string;
  source: string;
  visits: number;
}

/** Adds a batch of counted visits: one statement, whatever instances add to the same rows meanwhile. */
export async function addVisits(db: Db, rows: readonly VisitCount[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('referral_visits')
    .values(rows.map((row) => ({ ...row })))
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'day', 'source'])
        .doUpdateSet({ visits: sql<number>`referral_visits.visits + excluded.visits` }),
    )
    .execute();
}

/** A project's visits per day and source. */
export function visitsByDay(db: Db, projectId: number) {
  return db
    .selectFrom('referral_visits')
    .select(['day', 'source', 'visits'])
    .where('project_id', '=', projectId)
    .execute();
}

/**
 * A project's pledges that count (those its counters count: not pending, released, refunded or cancelled) per day
 * (UTC) and source, with their amount in the project's currency; one kept before 0056 is `direct`.
 */
export async function pledgesByDay(db: Db, projectId: number) {
  const rows = await db
    .selectFrom('donations')
    .select([
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      sql<string>`coalesce(referral_source, 'direct')`.as('source'),
      (eb) => eb.fn.countAll<number>().as('pledges'),
      (eb) => eb.fn.sum<number>('amount_cents').as('cents'),
    ])
    .where('project_id', '=', projectId)
    .where('status', 'in', LIVE_PLEDGE_STATUSES)
    .groupBy([sql`1`, sql`2`])
    .execute();
  return rows.map((row) => ({ ...row, pledges: Number(row.pledges), cents: Number(row.cents) }));
}

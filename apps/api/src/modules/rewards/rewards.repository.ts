import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { DB, RewardsTable } from '../../db/schema';

export function listRewards(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('rewards')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('minimum_cents')
    .orderBy('id')
    .execute();
}

export function findReward(db: Kysely<DB>, projectId: number, rewardId: number) {
  return db
    .selectFrom('rewards')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', rewardId)
    .executeTakeFirst();
}

export function insertReward(db: Kysely<DB>, values: Insertable<RewardsTable>) {
  return db.insertInto('rewards').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateReward(db: Kysely<DB>, rewardId: number, values: Updateable<RewardsTable>) {
  return db
    .updateTable('rewards')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', rewardId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a reward nobody has claimed or reserved; false when it has backers. */
export async function deleteUnbackedReward(db: Kysely<DB>, rewardId: number) {
  const result = await db
    .deleteFrom('rewards')
    .where('id', '=', rewardId)
    .where('quantity_claimed', '=', 0)
    .where('quantity_reserved', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('donations').select('id').whereRef('donations.reward_id', '=', 'rewards.id')),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A unit is left: unlimited, or fewer claimed and reserved than available. */
const hasStock = (eb: ExpressionBuilder<DB, 'rewards'>) =>
  eb.or([
    eb('quantity_available', 'is', null),
    eb(eb('quantity_claimed', '+', eb.ref('quantity_reserved')), '<', eb.ref('quantity_available')),
  ]);

/** Reserves one unit: a single conditional update, so concurrent pledges can never oversell. */
export async function reserveReward(db: Kysely<DB>, rewardId: number) {
  const row = await db
    .updateTable('rewards')
    .set((eb) => ({ quantity_reserved: eb('quantity_reserved', '+', 1) }))
    .where('id', '=', rewardId)
    .where(hasStock)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function releaseReservation(db: Kysely<DB>, rewardId: number) {
  await db
    .updateTable('rewards')
    .set((eb) => ({ quantity_reserved: eb('quantity_reserved', '-', 1) }))
    .where('id', '=', rewardId)
    .where('quantity_reserved', '>', 0)
    .execute();
}

/** A paid reservation becomes a claim. */
export async function claimReservation(db: Kysely<DB>, rewardId: number) {
  await db
    .updateTable('rewards')
    .set((eb) => ({
      quantity_reserved: eb('quantity_reserved', '-', 1),
      quantity_claimed: eb('quantity_claimed', '+', 1),
      backers_count: eb('backers_count', '+', 1),
    }))
    .where('id', '=', rewardId)
    .where('quantity_reserved', '>', 0)
    .execute();
}

/** Claims a unit without a reservation (a payment that arrived after its reservation lapsed), if stock allows. */
export async function claimIfAvailable(db: Kysely<DB>, rewardId: number) {
  const row = await db
    .updateTable('rewards')
    .set((eb) => ({
      quantity_claimed: eb('quantity_claimed', '+', 1),
      backers_count: eb('backers_count', '+', 1),
    }))
    .where('id', '=', rewardId)
    .where(hasStock)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** `unclaim` of many pledges at once: each reward by how many of them had it. */
export async function unclaimMany(db: Kysely<DB>, rewardIds: readonly number[]) {
  if (rewardIds.length === 0) return;
  await sql`
    update rewards r set quantity_claimed = r.quantity_claimed - least(c.n, r.quantity_claimed),
                         backers_count = r.backers_count - least(c.n, r.quantity_claimed)
    from (select id, count(*)::integer as n from unnest(${[...rewardIds]}::integer[]) as u(id) group by id) c
    where r.id = c.id and r.quantity_claimed > 0`.execute(db);
}

export async function unclaim(db: Kysely<DB>, rewardId: number) {
  await db
    .updateTable('rewards')
    .set((eb) => ({
      quantity_claimed: eb('quantity_claimed', '-', 1),
      backers_count: eb('backers_count', '-', 1),
    }))
    .where('id', '=', rewardId)
    .where('quantity_claimed', '>', 0)
    .execute();
}

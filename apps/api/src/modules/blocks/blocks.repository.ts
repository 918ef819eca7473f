import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * One person's block of another (decision 031): the blocked person may no longer message the blocker, nor comment
 * on the blocker's projects, and their comments there are hidden from others. A creator's block from a project and
 * a block from a message thread are the same row of `message_blocks`.
 */
export async function isBlocked(db: Kysely<DB>, blockerId: number, blockedId: number) {
  const row = await db
    .selectFrom('message_blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Blocks (a second time is no change); returns when the block began. */
export async function insertBlock(db: Kysely<DB>, blockerId: number, blockedId: number) {
  await db
    .insertInto('message_blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('message_blocks')
    .select('created_at')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirstOrThrow();
  return row.created_at;
}

/** Lifts a block; false when there was none. */
export async function deleteBlock(db: Kysely<DB>, blockerId: number, blockedId: number) {
  const result = await db
    .deleteFrom('message_blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function blockedBy(db: Kysely<DB>, blockerId: number) {
  return db
    .selectFrom('message_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .where('b.blocker_id', '=', blockerId);
}

/** The people one person blocked, newest block first, with their names. */
export async function listBlocked(db: Kysely<DB>, blockerId: number, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    blockedBy(db, blockerId)
      .select([
        'u.id',
        sql<string>`coalesce(nullif(u.full_name, ''), u.username)`.as('name'),
        'u.profile_image',
        'b.created_at',
      ])
      .orderBy('b.created_at', 'desc')
      .orderBy('u.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    blockedBy(db, blockerId)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A person who can be blocked: an account that exists and is not closed. */
export function findBlockable(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', sql<string>`coalesce(nullif(full_name, ''), username)`.as('name'), 'profile_image'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

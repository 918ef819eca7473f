import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Follows (DESIGN.md §19, migration 0055): "Notify me on launch" of a project and following a creator. Each insert or
 * delete moves the followed row's `followers_count` in the caller's transaction, only when a row came or went, so a
 * repeated call changes nothing and the counter never drifts from the rows.
 */
export async function followProject(db: Kysely<DB>, projectId: number, userId: number) {
  const inserted = await db
    .insertInto('project_follows')
    .values({ project_id: projectId, user_id: userId })
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (inserted) await moveProjectCount(db, projectId, 1);
  return projectFollowers(db, projectId);
}

export async function unfollowProject(db: Kysely<DB>, projectId: number, userId: number) {
  const deleted = await db
    .deleteFrom('project_follows')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  if (deleted) await moveProjectCount(db, projectId, -1);
  return projectFollowers(db, projectId);
}

const moveProjectCount = (db: Kysely<DB>, projectId: number, by: 1 | -1) =>
  db
    .updateTable('projects')
    .set((eb) => ({ followers_count: eb('followers_count', '+', by) }))
    .where('id', '=', projectId)
    .execute();

async function projectFollowers(db: Kysely<DB>, projectId: number) {
  const row = await db
    .selectFrom('projects')
    .select('followers_count')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  return row.followers_count;
}

export async function followUser(db: Kysely<DB>, followedId: number, followerId: number) {
  const inserted = await db
    .insertInto('user_follows')
    .values({ followed_id: followedId, follower_id: followerId })
    .onConflict((oc) => oc.columns(['followed_id', 'follower_id']).doNothing())
    .returning('follower_id')
    .executeTakeFirst();
  if (inserted) await moveUserCount(db, followedId, 1);
  return userFollowers(db, followedId);
}

export async function unfollowUser(db: Kysely<DB>, followedId: number, followerId: number) {
  const deleted = await db
    .deleteFrom('user_follows')
    .where('followed_id', '=', followedId)
    .where('follower_id', '=', followerId)
    .returning('follower_id')
    .executeTakeFirst();
  if (deleted) await moveUserCount(db, followedId, -1);
  return userFollowers(db, followedId);
}

const moveUserCount = (db: Kysely<DB>, userId: number, by: 1 | -1) =>
  db
    .updateTable('users')
    .set((eb) => ({ followers_count: eb('followers_count', '+', by) }))
    .where('id', '=', userId)
    .execute();

async function userFollowers(db: Kysely<DB>, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('followers_count')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.followers_count;
}

/** A person one may follow: one who exists and has not closed their account. */
export function findFollowable(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'followers_count'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Whether `followerId` follows the creator `userId`. */
export async function followsUser(db: Kysely<DB>, followerId: number, userId: number) {
  const row = await db
    .selectFrom('user_follows')
    .select('follower_id')
    .where('followed_id', '=', userId)
    .where('follower_id', '=', followerId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The caller's own follows of a project and of its creator, in one read. */
export async function followsOf(db: Kysely<DB>, userId: number, projectId: number, creatorId: number) {
  const result = await sql<{ project: boolean; creator: boolean }>`
    select exists (select 1 from project_follows where project_id = ${projectId} and user_id = ${userId}) as project,
           exists (select 1 from user_follows where followed_id = ${creatorId} and follower_id = ${userId}) as creator
  `.execute(db);
  const row = result.rows[0];
  return { project: Boolean(row?.project), creator: Boolean(row?.creator) };
}

/** The creators `followerId` follows, the most recently followed first (closed accounts left out). */
export async function listFollowing(db: Kysely<DB>, followerId: number, page: number, perPage: number) {
  const base = db
    .selectFrom('user_follows as f')
    .innerJoin('users as u', 'u.id', 'f.followed_id')
    .where('f.follower_id', '=', followerId)
    .where('u.deleted_at', 'is', null);
  const [rows, total] = await Promise.all([
    base
      .select([
        'u.id',
        'u.username',
        'u.full_name',
        'u.profile_image',
        'u.bio',
        'u.followers_count',
        'f.followed_at',
      ])
      .orderBy('f.followed_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Whom to tell of a campaign's launch, and in which language (DESIGN.md §14). */
export interface DueLaunchNotice {
  user_id: number;
  project_id: number;
  email: string;
  name: string;
  title: string;
  end_date: string;
  locale: string | null;
  last_locale: string | null;
}

interface LaunchWindow {
  today: string;
  /** Launches at most this old (start date, activation after it, or an early launch) are still announced. */
  since: { date: string; at: Date };
  /** Only this project's (an early launch just made), or every launched one's. */
  projectId?: number;
}

/**
 * The launch notices owed and not yet given (DESIGN.md §19, §11): for each ACTIVE project that has started (on its
 * start date, on activation after it, or launched early), everyone who before that moment asked to be told (Notify me
 * on launch), followed its creator, or saved it; each person once per project whichever way (the union), never its
 * creator, nor a closed or suspended account, nor anyone already told (`sent_reminders` of kind `launch`).
 */
export async function findDueLaunchNotices(db: Kysely<DB>, window: LaunchWindow, limit: number) {
  const result = await sql<DueLaunchNotice>`
    with launched as (
      select p.id, p.creator_id, p.title, p.end_date,
             coalesce(p.launched_at,
                      greatest(p.start_date::timestamp at time zone 'UTC',
                               coalesce(p.activated_at, p.start_date::timestamp at time zone 'UTC'))) as at
      from projects p
      where p.status = 'ACTIVE' and p.start_date <= ${window.today}::date and p.end_date >= ${window.today}::date
        and (p.start_date >= ${window.since.date}::date or p.activated_at >= ${window.since.at}
             or p.launched_at >= ${window.since.at})
        ${window.projectId === undefined ? sql`` : sql`and p.id = ${window.projectId}`}
    ), audience as (
      select l.id as project_id, sp.user_id from launched l
      join saved_projects sp on sp.project_id = l.id and sp.saved_at < l.at
      union
      select l.id, pf.user_id from launched l
      join project_follows pf on pf.project_id = l.id and pf.followed_at < l.at
      union
      select l.id, uf.follower_id from launched l
      join user_follows uf on uf.followed_id = l.creator_id and uf.followed_at < l.at
    )
    select a.user_id, a.project_id, u.email, coalesce(nullif(u.full_name, ''), u.username) as name,
           l.title, l.end_date::text as end_date, u.locale, u.last_locale
    from audience a
    join launched l on l.id = a.project_id
    join users u on u.id = a.user_id
    where a.user_id <> l.creator_id and u.deleted_at is null and u.suspended_at is null
      and not exists (select 1 from sent_reminders r
                      where r.user_id = a.user_id and r.project_id = a.project_id and r.kind = 'launch')
    order by a.project_id, a.user_id
    limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * Records a person as told of a project's launch; false if they already were (another run or instance got there
 * first, or §11's saved-project launch mail before this one). Called in the transaction that writes the notice.
 */
export async function claimLaunchNotice(db: Kysely<DB>, userId: number, projectId: number) {
  const inserted = await db
    .insertInto('sent_reminders')
    .values({ user_id: userId, project_id: projectId, kind: 'launch' })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

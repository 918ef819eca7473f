import { type Kysely, sql } from 'kysely';
import { LIVE_PLEDGES } from '../../db/literals';
import { pageTotal } from '../../db/page-total';
import type { DB } from '../../db/schema';

/** Where a comment lives: on a project (update null) or on one of its updates. */
export interface CommentTarget {
  projectId: number;
  updateId: number | null;
}

/** Comments with their author and whether the author backs the project: one query, however many rows. */
function selectComments(db: Kysely<DB>) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select([
      'c.id',
      'c.project_id',
      'c.update_id',
      'c.parent_id',
      'c.body',
      'c.created_at',
      'c.edited_at',
      'c.removed_at',
      'c.hidden_at',
      'c.author_id',
      sql<string>`coalesce(nullif(u.full_name, ''), u.username)`.as('author_name'),
      'u.profile_image as author_image',
      sql<boolean>`exists (
        select 1 from donations d where d.donor_id = c.author_id and d.project_id = c.project_id
        and d.status in (${sql.join(LIVE_PLEDGES)}))`.as('author_backs'),
      // A collaborator with `community` replies as the team (DESIGN.md §19), under their own name.
      sql<boolean>`exists (
        select 1 from project_collaborators pc
        where pc.project_id = c.project_id and pc.user_id = c.author_id and pc.can_community)`.as(
        'author_team',
      ),
      // The project's creator blocked the author (decision 031): their comments there are hidden from others.
      sql<boolean>`exists (
        select 1 from projects p join message_blocks b on b.blocker_id = p.creator_id
        where p.id = c.project_id and b.blocked_id = c.author_id)`.as('author_blocked'),
    ]);
}
export type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['executeTakeFirstOrThrow']>>;

/**
 * Comments of suspended accounts are hidden from everyone but admins (DESIGN.md §18): a condition of the read, so
 * that a reinstatement shows them again as they were. A hidden thread takes its replies with it.
 */
const bySuspendedAuthor = sql<boolean>`exists (
  select 1 from users su where su.id = c.author_id and su.suspended_at is not null)`;

function threadsOf(db: Kysely<DB>, target: CommentTarget, showSuspended: boolean) {
  let base = db
    .selectFrom('comments as c')
    .where('c.project_id', '=', target.projectId)
    .where('c.parent_id', 'is', null);
  if (!showSuspended) base = base.where(sql<boolean>`not ${bySuspendedAuthor}`);
  return target.updateId === null
    ? base.where('c.update_id', 'is', null)
    : base.where('c.update_id', '=', target.updateId);
}

/**
 * A page of threads (newest first) with every reply of those threads (oldest first), and how many threads there
 * are, in one statement whatever the number of comments on it: a union of two index reads, each row carrying the
 * count. The page's ids come from the threads index alone, so authors and backer badges are read for the rows
 * shown, not for every thread the offset skips.
 */
export async function listThreads(
  db: Kysely<DB>,
  target: CommentTarget,
  page: number,
  perPage: number,
  showSuspended = false,
) {
  const pageIds = threadsOf(db, target, showSuspended)
    .select('c.id')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage);
  const threadCount = threadsOf(db, target, showSuspended).select((eb) =>
    eb.fn.countAll<string>().as('total'),
  );
  // The threads carry the count, counted once; their replies carry nothing.
  const rows = await selectComments(db)
    .select(threadCount.as('total'))
    .where('c.id', 'in', pageIds)
    .unionAll(
      selectComments(db)
        .select(sql<string | null>`null`.as('total'))
        .where('c.parent_id', 'in', pageIds)
        .$if(!showSuspended, (replies) => replies.where(sql<boolean>`not ${bySuspendedAuthor}`)),
    )
    .execute();
  const oldestFirst = (a: CommentRow, b: CommentRow) =>
    a.created_at.getTime() - b.created_at.getTime() || a.id - b.id;
  const threads = rows.filter((row) => row.parent_id === null).sort((a, b) => oldestFirst(b, a));
  const replies = rows.filter((row) => row.parent_id !== null).sort(oldestFirst);
  const total = await pageTotal(
    threads,
    page,
    async () => (await threadCount.executeTakeFirstOrThrow()).total,
  );
  return { threads, replies, total };
}

export function findComment(db: Kysely<DB>, id: number) {
  return selectComments(db).where('c.id', '=', id).executeTakeFirst();
}

export async function insertComment(
  trx: Kysely<DB>,
  values: { target: CommentTarget; parentId: number | null; authorId: number; body: string },
) {
  const row = await trx
    .insertInto('comments')
    .values({
      project_id: values.target.projectId,
      update_id: values.target.updateId,
      parent_id: values.parentId,
      author_id: values.authorId,
      body: values.body,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The visible comments of an update, moved in the transaction of the comment that changes them. */
export async function moveUpdateCommentCount(trx: Kysely<DB>, updateId: number, by: 1 | -1) {
  await trx
    .updateTable('project_updates')
    .set((eb) => ({ comments_count: eb('comments_count', '+', by) }))
    .where('id', '=', updateId)
    .execute();
}

export async function editComment(db: Kysely<DB>, id: number, body: string) {
  const result = await db
    .updateTable('comments')
    .set({ body, edited_at: new Date() })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Leaves a tombstone: the row stays so its replies keep their place. False when it was already removed. */
export async function removeComment(trx: Kysely<DB>, id: number, removedBy: number) {
  const result = await trx
    .updateTable('comments')
    .set({ removed_at: new Date(), removed_by: removedBy })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * One more distinct person reported the comment: counted on its row, and the comment is hidden while reviewed
 * once `hideAfter` people reported it or when the reporter speaks for the project (its creator, or a collaborator with
 * `community`). Returns whether it is hidden.
 */
export async function countCommentReport(
  trx: Kysely<DB>,
  id: number,
  rule: { hideAfter: number; byCreator: boolean; at: Date; reporterId: number },
) {
  const row = await trx
    .updateTable('comments')
    .set((eb) => ({
      reporters_count: eb('reporters_count', '+', 1),
      hidden_at: sql<Date | null>`case when hidden_at is null
        and (reporters_count + 1 >= ${rule.hideAfter} or ${rule.byCreator}) then ${rule.at}::timestamptz
        else hidden_at end`,
      // Who hid it (migration 0054): the reporter whose report did.
      hidden_by: sql<number | null>`case when hidden_at is null
        and (reporters_count + 1 >= ${rule.hideAfter} or ${rule.byCreator}) then ${rule.reporterId}::integer
        else hidden_by end`,
    }))
    .where('id', '=', id)
    .returning(['hidden_at', 'reporters_count'])
    .executeTakeFirstOrThrow();
  return row.hidden_at !== null;
}

/** Its review is over (its reports resolved): shown again unless removed, and counted afresh from nobody. */
export async function endCommentReview(trx: Kysely<DB>, id: number) {
  await trx
    .updateTable('comments')
    .set({ hidden_at: null, hidden_by: null, reporters_count: 0 })
    .where('id', '=', id)
    .execute();
}

export function findUserContact(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      sql<string>`coalesce(nullif(full_name, ''), username)`.as('name'),
      'locale',
      'last_locale',
    ])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

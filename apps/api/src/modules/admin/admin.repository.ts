import { type Kysely, sql } from 'kysely';
import type { DB, ReportResolution } from '../../db/schema';

/** The ids of every administrator (for ADMIN_REVIEW notifications). */
export async function adminIds(db: Kysely<DB>): Promise<number[]> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select('ur.user_id')
    .where('r.name', '=', 'Admin')
    .where('u.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.user_id);
}

function queueBase(db: Kysely<DB>) {
  return db
    .selectFrom('projects as p')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select((eb) => [
      'p.id',
      'p.title',
      'p.status',
      'p.creator_id',
      'u.full_name',
      'u.username',
      'u.email',
      'c.name as category_name',
      'p.goal_cents',
      'p.currency',
      'p.funding_model',
      'p.featured',
      'p.featured_requested',
      'p.submitted_at',
      'p.created_at',
      eb
        .selectFrom('reports as r')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('r.project_id', '=', 'p.id')
        .where('r.status', '=', 'open')
        .as('open_reports'),
    ]);
}

export type QueueRow = Awaited<ReturnType<ReturnType<typeof queueBase>['execute']>>[number];

/** Projects waiting for review, oldest submission first. */
export async function pendingQueue(db: Kysely<DB>, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    queueBase(db)
      .where('p.status', '=', 'PENDING')
      .orderBy(sql`coalesce(p.submitted_at, p.updated_at)`)
      .orderBy('p.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Creators' requests to be featured that no admin has answered yet, oldest first. */
export async function featuredRequests(db: Kysely<DB>, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    queueBase(db)
      .where('p.featured_requested', '=', true)
      .where('p.featured', '=', false)
      .where('p.status', 'in', ['PENDING', 'ACTIVE'])
      .orderBy('p.created_at')
      .orderBy('p.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('featured_requested', '=', true)
      .where('featured', '=', false)
      .where('status', 'in', ['PENDING', 'ACTIVE'])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function summaryCounts(db: Kysely<DB>) {
  const row = await sql<{ pending: number; reports: number; featured_requests: number }>`
    select
      (select count(*) from projects where status = 'PENDING')::int as pending,
      (select count(*) from reports where status = 'open')::int as reports,
      (select count(*) from projects where featured_requested and not featured
         and status in ('PENDING', 'ACTIVE'))::int as featured_requests`.execute(db);
  return row.rows[0] ?? { pending: 0, reports: 0, featured_requests: 0 };
}

/** Inserts a report once per person and target; false when this person already reported it. */
export async function insertReport(
  db: Kysely<DB>,
  report: { reporterId: number; projectId: number; commentId: number | null; reason: string },
) {
  const inserted = await db
    .insertInto('reports')
    .values({
      reporter_id: report.reporterId,
      target_type: report.commentId === null ? 'project' : 'comment',
      project_id: report.projectId,
      comment_id: report.commentId,
      reason: report.reason,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

function reportBase(db: Kysely<DB>) {
  return db
    .selectFrom('reports as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .innerJoin('users as u', 'u.id', 'r.reporter_id')
    .leftJoin('comments as c', 'c.id', 'r.comment_id')
    .leftJoin('messages as m', 'm.id', 'r.message_id')
    .leftJoin('users as mu', 'mu.id', 'm.author_id')
    .select([
      'r.id',
      'r.target_type',
      'r.project_id',
      'p.title as project_title',
      'p.status as project_status',
      'r.comment_id',
      'c.body as comment_body',
      'c.removed_at as comment_removed_at',
      'r.message_id',
      'm.body as message_body',
      'm.author_id as message_author_id',
      'mu.full_name as message_author_name',
      'mu.username as message_author_username',
      'r.reason',
      'r.reporter_id',
      'u.full_name as reporter_name',
      'u.username as reporter_username',
      'r.status',
      'r.resolution',
      'r.resolution_reason',
      'r.created_at',
      'r.resolved_at',
    ]);
}

export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportBase>['execute']>>[number];

export async function listReports(
  db: Kysely<DB>,
  status: 'open' | 'resolved',
  page: number,
  perPage: number,
) {
  const [rows, count] = await Promise.all([
    reportBase(db)
      .where('r.status', '=', status)
      .orderBy(status === 'open' ? 'r.created_at' : 'r.resolved_at', status === 'open' ? 'asc' : 'desc')
      .orderBy('r.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('status', '=', status)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findReport(db: Kysely<DB>, id: number) {
  return reportBase(db).where('r.id', '=', id).executeTakeFirst();
}

export function lockReport(db: Kysely<DB>, id: number) {
  return db.selectFrom('reports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Resolves open reports (the given one, or every open one of its project or comment) and returns who reported
 * them, so each reporter is told.
 */
export async function resolveReports(
  db: Kysely<DB>,
  where: { id: number } | { projectId: number } | { commentId: number },
  resolution: { resolution: ReportResolution; reason: string; resolvedBy: number; at: Date },
) {
  let query = db
    .updateTable('reports')
    .set({
      status: 'resolved',
      resolution: resolution.resolution,
      resolution_reason: resolution.reason,
      resolved_by: resolution.resolvedBy,
      resolved_at: resolution.at,
    })
    .where('status', '=', 'open');
  if ('id' in where) query = query.where('id', '=', where.id);
  else if ('projectId' in where)
    query = query.where('project_id', '=', where.projectId).where('target_type', '=', 'project');
  else query = query.where('comment_id', '=', where.commentId).where('target_type', '=', 'comment');
  return query.returning(['id', 'reporter_id', 'project_id']).execute();
}

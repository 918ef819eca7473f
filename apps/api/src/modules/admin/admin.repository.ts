import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

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
      (select count(*) from (select distinct target_type,
         coalesce(comment_id, message_id, reported_user_id, project_id) from reports where status = 'open') t
      )::int as reports,
      (select count(*) from projects where featured_requested and not featured
         and status in ('PENDING', 'ACTIVE'))::int as featured_requests`.execute(db);
  return row.rows[0] ?? { pending: 0, reports: 0, featured_requests: 0 };
}

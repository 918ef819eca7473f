import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB, NewProject, ProjectStatusValue, ProjectsTable, ProjectUpdate } from '../../db/schema';

/** One query gives a project with its category and creator: lists never go back for more per row. */
function selectProjects(db: Kysely<DB>) {
  return db
    .selectFrom('projects as p')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.creator_id',
      'p.category_id',
      'p.title',
      'p.description',
      'p.description_text',
      'p.risks_and_challenges',
      'p.status',
      'p.funding_model',
      'p.featured',
      'p.featured_requested',
      'p.goal_cents',
      'p.current_cents',
      'p.backers_count',
      'p.start_date',
      'p.end_date',
      'p.image_url',
      'p.image_card_url',
      'p.video_url',
      'p.revocation_reason',
      'p.revocation_date',
      'p.created_at',
      'p.updated_at',
      'c.name as category_name',
      'u.username as creator_username',
      'u.full_name as creator_full_name',
      'u.profile_image as creator_profile_image',
    ]);
}

export type ProjectRecord = Awaited<ReturnType<ReturnType<typeof selectProjects>['executeTakeFirstOrThrow']>>;

export function findProject(db: Kysely<DB>, id: number) {
  return selectProjects(db).where('p.id', '=', id).executeTakeFirst();
}

export function lockProject(db: Kysely<DB>, id: number) {
  return db.selectFrom('projects').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertProject(db: Kysely<DB>, values: NewProject) {
  const { id } = await db.insertInto('projects').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function updateProject(db: Kysely<DB>, id: number, changes: ProjectUpdate) {
  return db
    .updateTable('projects')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface ProjectListFilter {
  statuses: readonly ProjectStatusValue[];
  creatorId?: number;
  categoryId?: number;
  sortBy:
    | 'created_at'
    | 'updated_at'
    | 'title'
    | 'end_date'
    | 'start_date'
    | 'goal_amount'
    | 'current_amount'
    | 'backers_count';
  sortOrder: 'asc' | 'desc';
  page: number;
  perPage: number;
}

const SORT_COLUMNS = {
  created_at: 'p.created_at',
  updated_at: 'p.updated_at',
  title: 'p.title',
  end_date: 'p.end_date',
  start_date: 'p.start_date',
  goal_amount: 'p.goal_cents',
  current_amount: 'p.current_cents',
  backers_count: 'p.backers_count',
} as const;

function matching(filter: ProjectListFilter) {
  return (eb: ExpressionBuilder<DB & { p: ProjectsTable }, 'p'>) => {
    const conditions = [eb('p.status', 'in', filter.statuses)];
    if (filter.creatorId !== undefined) conditions.push(eb('p.creator_id', '=', filter.creatorId));
    if (filter.categoryId !== undefined) conditions.push(eb('p.category_id', '=', filter.categoryId));
    return eb.and(conditions);
  };
}

/** A page of projects and the total, from one query (the total rides along as a window count). */
export async function listProjects(db: Kysely<DB>, filter: ProjectListFilter) {
  const rows = await selectProjects(db)
    .where(matching(filter))
    .select(sql<number>`count(*) over ()`.as('total_count'))
    .orderBy(SORT_COLUMNS[filter.sortBy], (ob) =>
      filter.sortOrder === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast(),
    )
    .orderBy('p.id', filter.sortOrder)
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  let total = Number(rows[0]?.total_count ?? 0);
  if (rows.length === 0 && filter.page > 1) {
    const counted = await db
      .selectFrom('projects as p')
      .where(matching(filter))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total = Number(counted.n);
  }
  return { rows, total };
}

/** How many projects a user has made, counting only those in `statuses`. */
export async function countProjectsByCreator(
  db: Kysely<DB>,
  creatorId: number,
  statuses: readonly ProjectStatusValue[],
) {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('creator_id', '=', creatorId)
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What happens to a deleted account's projects: unpublished work goes, live campaigns are closed. */
export async function closeProjectsOfDeletedUser(db: Kysely<DB>, creatorId: number) {
  await db
    .deleteFrom('projects')
    .where('creator_id', '=', creatorId)
    .where('status', 'in', ['DRAFT', 'PENDING'])
    .execute();
  await db
    .updateTable('projects')
    .set({
      status: 'REJECTED',
      revocation_reason: 'The creator closed their account.',
      revocation_date: new Date(),
      featured: false,
      updated_at: new Date(),
    })
    .where('creator_id', '=', creatorId)
    .where('status', '=', 'ACTIVE')
    .execute();
}

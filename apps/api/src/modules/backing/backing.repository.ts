import { type Kysely, sql } from 'kysely';
import { LIVE_PLEDGE_STATUSES } from '@fundry/shared';
import { LIVE_PLEDGES } from '../../db/literals';
import type { DB, ProjectStatusValue } from '../../db/schema';
import { selectProjects } from '../projects/projects.repository';

/** A backer's projects: those with a live pledge, and failed campaigns whose pledge was released. */
const BACKED_STATUSES = [...LIVE_PLEDGE_STATUSES, 'RELEASED'] as const;

/**
 * The backer's projects of the given statuses: a range of `backings_donor_recent_idx` (the rows the donation and
 * project triggers keep, migration 0014), newest backing first, read from the index alone.
 */
function backedByStatus(db: Kysely<DB>, donorId: number, statuses: readonly ProjectStatusValue[]) {
  return db
    .selectFrom('backings as b')
    .where('b.donor_id', '=', donorId)
    .where('b.project_status', 'in', statuses);
}

/** A page of a backer's projects, newest backing first, with the backer's own total and first date for each. */
export async function listBackedProjects(
  db: Kysely<DB>,
  donorId: number,
  statuses: readonly ProjectStatusValue[],
  page: number,
  perPage: number,
) {
  const backedPage = await backedByStatus(db, donorId, statuses)
    .select(['b.project_id', 'b.total_cents', 'b.first_backed_at'])
    .orderBy('b.last_backed_at', 'desc')
    .orderBy('b.project_id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  if (backedPage.length === 0) return [];
  const projects = await selectProjects(db)
    .where(
      'p.id',
      'in',
      backedPage.map((row) => row.project_id),
    )
    .execute();
  const byId = new Map(projects.map((project) => [project.id, project]));
  return backedPage.flatMap(({ project_id, ...backing }) => {
    const project = byId.get(project_id);
    // A project revoked between the two reads leaves this page a row short rather than showing it.
    return project && statuses.includes(project.status) ? [{ ...project, ...backing }] : [];
  });
}

export async function countBackedProjects(
  db: Kysely<DB>,
  donorId: number,
  statuses: readonly ProjectStatusValue[],
) {
  const row = await backedByStatus(db, donorId, statuses)
    .select((e) => e.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function backerTotals(db: Kysely<DB>, donorId: number) {
  const row = await db
    .selectFrom('donations')
    .select([
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total_cents'),
      (eb) => eb.fn.min('pledged_at').as('first_backed_at'),
      sql<number>`count(distinct project_id)`.as('projects'),
    ])
    .where('donor_id', '=', donorId)
    .where('status', 'in', LIVE_PLEDGES)
    .executeTakeFirstOrThrow();
  return {
    totalCents: Number(row.total_cents),
    firstBackedAt: row.first_backed_at,
    projects: Number(row.projects),
  };
}

/** The backer's current pledge to each of the given projects (the newest, for backers of the old model). */
export function currentPledges(db: Kysely<DB>, donorId: number, projectIds: number[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .leftJoin('rewards as r', 'r.id', 'd.reward_id')
    .distinctOn('d.project_id')
    .select([
      'd.id',
      'd.project_id',
      'd.status',
      'd.amount_cents',
      'd.reward_id',
      'd.funding_model',
      'r.title as reward_title',
      'p.end_date',
    ])
    .where('d.donor_id', '=', donorId)
    .where('d.project_id', 'in', projectIds)
    .where('d.status', 'in', BACKED_STATUSES)
    .orderBy('d.project_id')
    .orderBy(sql`d.status = 'RELEASED'`)
    .orderBy('d.id', 'desc')
    .execute();
}

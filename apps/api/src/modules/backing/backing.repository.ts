import { type Kysely, sql } from 'kysely';
import { LIVE_PLEDGE_STATUSES } from '@fundry/shared';
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

/**
 * A backer's summary (migration 0018): their projects by status, and what they pledged in all (live pledges), read
 * from one row the `backings` triggers keep; zeros for someone who never backed anything.
 */
export async function backerSummary(db: Kysely<DB>, donorId: number) {
  const row = await db
    .selectFrom('backer_summaries')
    .selectAll()
    .where('donor_id', '=', donorId)
    .executeTakeFirst();
  const byStatus: Partial<Record<ProjectStatusValue, number>> = {
    ACTIVE: row?.active_count ?? 0,
    SUCCESSFUL: row?.successful_count ?? 0,
    FAILED: row?.failed_count ?? 0,
  };
  return {
    /** How many of the backer's projects have one of these statuses (only public ones are counted). */
    projectsWith: (statuses: readonly ProjectStatusValue[]) =>
      statuses.reduce((total, status) => total + (byStatus[status] ?? 0), 0),
    totalCents: Number(row?.live_cents ?? 0),
    firstBackedAt: row?.first_live_at ?? null,
    /** Projects with a live pledge. */
    projects: row?.live_projects ?? 0,
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

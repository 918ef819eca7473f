import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB, ProjectStatusValue } from '../../db/schema';
import { selectProjects } from '../projects/projects.repository';

/** A backer's projects with their own total and first date, newest backing first, in one query. */
export function listBackedProjects(
  db: Kysely<DB>,
  donorId: number,
  statuses: readonly ProjectStatusValue[],
  page: number,
  perPage: number,
) {
  // The page is chosen from the backer's donations first; only its projects are then read whole.
  const backedPage = db
    .selectFrom('donations as d')
    .innerJoin('projects as bp', 'bp.id', 'd.project_id')
    .select([
      'd.project_id',
      (e) => e.fn.sum<number>('d.amount_cents').as('total_cents'),
      (e) => e.fn.min('d.succeeded_at').as('first_backed_at'),
      (e) => e.fn.max('d.succeeded_at').as('last_backed_at'),
      sql<number>`count(*) over ()`.as('total_count'),
    ])
    .where('d.donor_id', '=', donorId)
    .where('d.status', '=', 'SUCCEEDED')
    .where('bp.status', 'in', statuses)
    .groupBy('d.project_id')
    .orderBy('last_backed_at', 'desc')
    .orderBy('d.project_id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .as('b');
  return selectProjects(db)
    .innerJoin(backedPage, 'b.project_id', 'p.id')
    .select(['b.total_cents', 'b.first_backed_at', 'b.total_count'])
    .orderBy('b.last_backed_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

export async function countBackedProjects(
  db: Kysely<DB>,
  donorId: number,
  statuses: readonly ProjectStatusValue[],
) {
  const row = await db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select(sql<number>`count(distinct d.project_id)`.as('n'))
    .where('d.donor_id', '=', donorId)
    .where('d.status', '=', 'SUCCEEDED')
    .where('p.status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A backer's totals across every project. */
export async function backerTotals(db: Kysely<DB>, donorId: number) {
  const row = await db
    .selectFrom('donations')
    .select([
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total_cents'),
      (eb) => eb.fn.min('succeeded_at').as('first_backed_at'),
      sql<number>`count(distinct project_id)`.as('projects'),
    ])
    .where('donor_id', '=', donorId)
    .where('status', '=', 'SUCCEEDED')
    .executeTakeFirstOrThrow();
  return {
    totalCents: Number(row.total_cents),
    firstBackedAt: row.first_backed_at,
    projects: Number(row.projects),
  };
}

export function findDonationWithTitles(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .leftJoin('rewards as r', 'r.id', 'd.reward_id')
    .select([
      'd.id',
      'd.donor_id',
      'd.amount_cents',
      'd.currency',
      'd.status',
      'd.project_id',
      'd.reward_id',
      'd.checkout_session_id',
      'd.expires_at',
      'd.created_at',
      'd.succeeded_at',
      'p.title as project_title',
      'r.title as reward_title',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export function findDonationBySession(db: Kysely<DB>, sessionId: string) {
  return db
    .selectFrom('donations')
    .select('id')
    .where('checkout_session_id', '=', sessionId)
    .executeTakeFirst();
}

import type { Kysely } from 'kysely';
import { type BackedProject, centsToDollars, chargeDate, PUBLIC_STATUSES } from '@fundry/shared';
import type { DB, ProjectStatusValue } from '../../db/schema';
import { notFound } from '../../errors';
import { toCard } from '../projects/projects.service';
import type { ProjectService } from '../projects/projects.service';
import { findUserById } from '../users/users.repository';
import { backerSummary, currentPledges, listBackedProjects } from './backing.repository';

const BACKED_FILTERS: Record<string, readonly ProjectStatusValue[]> = {
  ALL: PUBLIC_STATUSES,
  ACTIVE: ['ACTIVE'],
  SUCCESSFUL: ['SUCCESSFUL'],
  FAILED: ['FAILED'],
};

export class BackingService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly projects: ProjectService,
  ) {}

  /** Backer stats of a public project (SPEC §7): backers and amount raised, from the counters. */
  async publicStats(projectId: number) {
    const project = await this.projects.pageCard(projectId, null);
    return { total_backers: project.backers_count, total_amount: project.current_amount };
  }

  /** Projects a user backed: with their own amounts for themself, public fields only for anyone else. */
  async backedProjects(
    userId: number,
    own: boolean,
    status: string | undefined,
    page: number,
    perPage: number,
  ) {
    if (!own && !(await findUserById(this.db, userId))) throw notFound('User');
    const statuses = BACKED_FILTERS[status ?? 'ALL'] ?? PUBLIC_STATUSES;
    const [rows, summary] = await Promise.all([
      listBackedProjects(this.db, userId, statuses, page, perPage),
      backerSummary(this.db, userId),
    ]);
    const total = summary.projectsWith(statuses);
    const totals = own ? summary : null;
    const ids = rows.map((row) => row.id);
    const pledges = new Map(
      (own ? await currentPledges(this.db, userId, ids) : []).map((pledge) => [pledge.project_id, pledge]),
    );
    const data: BackedProject[] = rows.map((row) => {
      const pledge = pledges.get(row.id);
      return {
        ...toCard(row),
        total_amount: own ? centsToDollars(Number(row.total_cents)) : null,
        first_backed_at: new Date(row.first_backed_at ?? 0).toISOString(),
        pledge: pledge
          ? {
              donation_id: pledge.id,
              status: pledge.status,
              amount: centsToDollars(pledge.amount_cents),
              reward:
                pledge.reward_id !== null && pledge.reward_title !== null
                  ? { id: pledge.reward_id, title: pledge.reward_title }
                  : null,
              charge_date:
                pledge.funding_model === 'all_or_nothing' && pledge.end_date
                  ? chargeDate(pledge.end_date)
                  : null,
            }
          : null,
      };
    });
    return {
      data,
      meta: {
        total,
        pages: Math.ceil(total / perPage),
        page,
        per_page: perPage,
        total_amount: totals ? centsToDollars(totals.totalCents) : null,
        first_backed_at: totals?.firstBackedAt ? new Date(totals.firstBackedAt).toISOString() : null,
      },
    };
  }
}

import type { Kysely } from 'kysely';
import {
  type BackedProject,
  chargeDate,
  ENDED_EARLY_STATUSES,
  minorToMajor,
  PUBLIC_STATUSES,
} from '@fundry/shared';
import type { DB, ProjectStatusValue } from '../../db/schema';
import { notFound } from '../../errors';
import { pledgedAddOnsOf } from '../add-ons/add-ons.repository';
import { isBackedOnHold } from '../projects/project-access';
import { toCard } from '../projects/project-card';
import type { ProjectPageService } from '../projects/project-page.service';
import { instalmentsOf } from '../instalments/instalments.repository';
import { toInstalments } from '../instalments/instalment-plans';
import { backedProjectsPage } from './backing.repository';

const BACKED_FILTERS: Record<string, readonly ProjectStatusValue[]> = {
  ALL: PUBLIC_STATUSES,
  ACTIVE: ['ACTIVE'],
  SUCCESSFUL: ['SUCCESSFUL'],
  FAILED: ['FAILED'],
};

/**
 * The backer's own list also shows campaigns on hold (DESIGN.md §18), with the running ones: their pledges still
 * stand and can be cancelled; and, among all, campaigns ended early, with their pledge released or refunded. Nobody
 * else's view of the backer shows them.
 */
const OWN_FILTERS: Record<string, readonly ProjectStatusValue[]> = {
  ...BACKED_FILTERS,
  ALL: [...PUBLIC_STATUSES, 'REJECTED', ...ENDED_EARLY_STATUSES],
  ACTIVE: ['ACTIVE', 'REJECTED'],
};

export class BackingService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly pages: ProjectPageService,
    private readonly baseCurrency: string,
  ) {}

  /** Backer stats of a public project (SPEC §7): backers and amount raised, from the counters. */
  async publicStats(projectId: number) {
    const project = await this.pages.pageCard(projectId, null);
    return {
      total_backers: project.backers_count,
      total_amount: project.current_amount,
      currency: project.currency,
    };
  }

  /** Projects a user backed: with their own amounts for themself, public fields only for anyone else. */
  async backedProjects(
    userId: number,
    own: boolean,
    status: string | undefined,
    page: number,
    perPage: number,
  ) {
    const filters = own ? OWN_FILTERS : BACKED_FILTERS;
    const statuses = filters[status ?? 'ALL'] ?? PUBLIC_STATUSES;
    const { backer, summary, projects, totalInBase } = await backedProjectsPage(
      this.db,
      userId,
      statuses,
      page,
      perPage,
      // The backer's own list totals their pledges in the base currency, in the same statement.
      { withPledges: own, totalIn: own ? this.baseCurrency : undefined },
    );
    if (!own && (!backer || backer.deleted)) throw notFound('user');
    const total = summary.projectsWith(statuses);
    const totals = own ? summary : null;
    const cards = await this.pages.pageRows(projects.map((backed) => backed.project_id));
    const pledgeIds = projects.flatMap((backed) => (backed.pledge ? [backed.pledge.id] : []));
    const currencyOfPledge = new Map(
      projects.flatMap((backed) =>
        backed.pledge ? [[backed.pledge.id, cards.get(backed.project_id)?.currency ?? '']] : [],
      ),
    );
    const addOns = await pledgedAddOnsOf(this.db, pledgeIds, (id) => currencyOfPledge.get(id)!);
    // Plans of instalments (DESIGN.md §20): what is paid and what comes next.
    const plans = await instalmentsOf(
      this.db,
      projects.flatMap((backed) => (backed.pledge?.pay_over_time ? [backed.pledge.id] : [])),
    );
    const data: BackedProject[] = projects.flatMap((backed) => {
      const row = cards.get(backed.project_id);
      // The project's own status decides too, as on every list: one taken down since is left out at once.
      if (!row || !statuses.includes(row.status)) return [];
      const onHold = isBackedOnHold(row);
      const pledge = backed.pledge;
      // Added to the card rather than spread with them into a new object: V8 builds `{ ...card, more }` on a slow
      // path, 14 µs a card (0.3 ms of CPU for a page of 20).
      const card = toCard(row);
      if (onHold) {
        // Why it was taken down is between the admin and the creator.
        card.revocation_reason = null;
        card.revocation_date = null;
      }
      return Object.assign(card, {
        on_hold: onHold,
        total_amount: own ? minorToMajor(Number(backed.total_cents), row.currency) : null,
        first_backed_at: new Date(backed.first_backed_at ?? 0).toISOString(),
        pledge: pledge
          ? {
              donation_id: pledge.id,
              currency: row.currency,
              status: pledge.defaulted ? 'DEFAULTED' : pledge.status,
              amount: minorToMajor(pledge.amount_cents, row.currency),
              reward:
                pledge.reward_id !== null && pledge.reward_title !== null
                  ? { id: pledge.reward_id, title: pledge.reward_title }
                  : null,
              // Nothing is charged while a campaign is on hold: no date is promised.
              charge_date:
                pledge.funding_model === 'all_or_nothing' && row.end_date && !onHold
                  ? chargeDate(row.end_date)
                  : null,
              fulfilment_status: pledge.fulfilment_status,
              tracking_url: pledge.tracking_url,
              add_ons: addOns.get(pledge.id) ?? [],
              survey: pledge.survey,
              instalments: toInstalments(
                plans.filter((line) => line.donation_id === pledge.id),
                row.currency,
              ),
            }
          : null,
      });
    });
    return {
      data,
      meta: {
        total,
        pages: Math.ceil(total / perPage),
        page,
        per_page: perPage,
        total_amount: totalInBase?.amount ?? null,
        currency: this.baseCurrency,
        approximate: totalInBase?.approximate ?? false,
        first_backed_at: totals?.firstBackedAt ? new Date(totals.firstBackedAt).toISOString() : null,
      },
    };
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type BackedProject,
  campaignEnd,
  centsToDollars,
  type Donation,
  dollarsToCents,
  parseCalendarDate,
  PLEDGE_MESSAGES,
  type PledgeRequest,
  PUBLIC_STATUSES,
  REWARD_MESSAGES,
} from '@fundry/shared';
import type { DB, ProjectStatusValue } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import type { Clock, PaymentService } from '../payments/payments.service';
import { insertDonation, setDonation, shareLockProject } from '../payments/payments.repository';
import { toCard } from '../projects/projects.service';
import type { ProjectService } from '../projects/projects.service';
import { findReward, reserveReward } from '../rewards/rewards.repository';
import { findUserById } from '../users/users.repository';
import {
  backerTotals,
  countBackedProjects,
  findDonationWithTitles,
  listBackedProjects,
} from './backing.repository';

export const CHECKOUT_TTL_MS = 30 * 60_000;

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
    private readonly payments: PaymentService,
    private readonly appUrl: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * A pledge (DESIGN.md §6): the rules checked, the reward reserved by one conditional update, a PENDING
   * donation, and a checkout session that expires in 30 minutes.
   */
  async pledge(projectId: number, caller: AccessClaims, input: PledgeRequest) {
    if (!caller.permissions.includes('back_project')) throw forbidden('You may not back projects');
    await this.projects.getCard(projectId, caller);
    const amountCents = dollarsToCents(input.amount);
    const now = this.clock();
    const { donation, projectTitle, rewardTitle } = await this.db.transaction().execute(async (trx) => {
      const project = await shareLockProject(trx, projectId);
      if (!project) throw notFound('Project');
      if (project.status !== 'ACTIVE') throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.notActive);
      const running =
        project.start_date !== null &&
        project.end_date !== null &&
        now.getTime() >= parseCalendarDate(project.start_date) &&
        now.getTime() <= campaignEnd(project.end_date);
      if (!running) throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.notRunning);
      if (project.creator_id === caller.userId) throw forbidden(PLEDGE_MESSAGES.ownProject);

      let rewardTitle: string | null = null;
      if (input.reward_id) {
        const reward = await findReward(trx, projectId, input.reward_id);
        if (!reward) throw notFound('Reward');
        if (amountCents < reward.minimum_cents) {
          throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.belowReward, {
            amount: [PLEDGE_MESSAGES.belowReward],
          });
        }
        if (!(await reserveReward(trx, reward.id))) throw new AppError('CONFLICT', REWARD_MESSAGES.soldOut);
        rewardTitle = reward.title;
      }
      const donation = await insertDonation(trx, {
        project_id: projectId,
        reward_id: input.reward_id ?? null,
        donor_id: caller.userId,
        amount_cents: amountCents,
        currency: input.currency,
        provider: this.payments.provider.name,
        expires_at: new Date(now.getTime() + CHECKOUT_TTL_MS),
      });
      return { donation, projectTitle: project.title, rewardTitle };
    });

    const donor = await findUserById(this.db, caller.userId);
    try {
      const session = await this.payments.provider.createCheckout({
        donationId: donation.id,
        amountCents,
        currency: input.currency,
        description: rewardTitle ? `${projectTitle} — ${rewardTitle}` : `Pledge to ${projectTitle}`,
        customerEmail: donor?.email ?? '',
        successUrl: `${this.appUrl}/donation/success?donation_id=${donation.id}`,
        cancelUrl: `${this.appUrl}/donation/cancel?donation_id=${donation.id}`,
        expiresAt: donation.expires_at,
      });
      await setDonation(this.db, donation.id, { checkout_session_id: session.sessionId });
      return { checkout_url: session.url, donation_id: donation.id };
    } catch (error) {
      this.log.error({ err: error, donationId: donation.id }, 'could not open a checkout');
      await this.payments.abandon(donation.id);
      throw new AppError('SERVICE_UNAVAILABLE', PLEDGE_MESSAGES.unavailable);
    }
  }

  /** Backer stats of a public project (SPEC §7): backers and amount raised, from the counters. */
  async publicStats(projectId: number) {
    const project = await this.projects.getCard(projectId, null);
    return { total_backers: project.backers_count, total_amount: project.current_amount };
  }

  /** A donation: its donor only (anyone else gets 404). */
  async donation(id: number, caller: AccessClaims): Promise<Donation> {
    const row = await findDonationWithTitles(this.db, id);
    if (!row || row.donor_id !== caller.userId) throw notFound('Donation');
    return {
      id: row.id,
      amount: centsToDollars(row.amount_cents),
      currency: row.currency,
      status: row.status,
      project_id: row.project_id,
      project_title: row.project_title,
      reward_id: row.reward_id,
      reward_title: row.reward_title,
      created_at: row.created_at.toISOString(),
      succeeded_at: row.succeeded_at?.toISOString() ?? null,
    };
  }

  cancel(id: number, caller: AccessClaims) {
    return this.payments.cancel(id, caller.userId);
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
    const rows = await listBackedProjects(this.db, userId, statuses, page, perPage);
    const total =
      rows.length > 0 ? Number(rows[0]?.total_count) : await countBackedProjects(this.db, userId, statuses);
    const totals = own ? await backerTotals(this.db, userId) : null;
    const data: BackedProject[] = rows.map((row) => ({
      ...toCard(row),
      total_amount: own ? centsToDollars(Number(row.total_cents)) : null,
      first_backed_at: new Date(row.first_backed_at as unknown as string).toISOString(),
    }));
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

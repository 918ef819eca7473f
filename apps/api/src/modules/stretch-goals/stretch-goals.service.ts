import type { Kysely } from 'kysely';
import {
  minorToMajor,
  type StretchGoal,
  STRETCH_GOAL_MESSAGES,
  type StretchGoalRequest,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import type { MailService } from '../mail/mail.service';
import { mailTemplates } from '../mail/mail.templates';
import { notificationMessages } from '../notifications/notification-messages';
import { notifyBackers } from '../notifications/notifications.repository';
import { minorUnitsIn } from '../payments/amounts';
import { lockProjectForMoney } from '../payments/payments.repository';
import type { PreferenceService } from '../preferences/preferences.service';
import { withUnsubscribe } from '../preferences/unsubscribe';
import type { ProjectPageCache } from '../projects/page-cache';
import type { ProjectAccess } from '../projects/project-access';
import {
  amountTaken,
  deleteStretchGoal,
  findStretchGoal,
  insertStretchGoal,
  listStretchGoals,
  projectCurrency,
  reachStretchGoals,
  stretchGoalMailRecipients,
  type StretchGoalRow,
  updateStretchGoal,
} from './stretch-goals.repository';

/** A stretch goal as the API shows it: its amount in major units of the project's currency. */
export const toStretchGoal = (row: StretchGoalRow, currency: string): StretchGoal => ({
  id: row.id,
  amount: minorToMajor(Number(row.amount_cents), currency),
  currency,
  title: row.title,
  description: row.description,
  reached_at: row.reached_at ? new Date(row.reached_at).toISOString() : null,
});

/** The project as the reach of its goals needs it. */
export interface ReachingProject {
  id: number;
  title: string;
  creator_id: number;
  currency: string;
}

/**
 * Before a project's first pledge its creator may change its currency: each stretch goal keeps the figure its
 * creator typed (a 1,500 USD goal becomes 1,500 EUR), as the goal and the rewards do. A figure the new currency
 * cannot hold (12.50 in yen) is a 400 on `currency`, and nothing changes. No goal is reached yet (nothing was
 * pledged). Rows move in the order that never meets another goal's old amount (the amounts are unique).
 */
export async function stretchGoalsInCurrency(trx: Kysely<DB>, projectId: number, from: string, to: string) {
  const rows = await listStretchGoals(trx, projectId);
  const moved = rows.map((row) => ({
    row,
    cents: minorUnitsIn(minorToMajor(Number(row.amount_cents), from), to, 'currency'),
  }));
  const growing = moved.some(({ row, cents }) => cents > Number(row.amount_cents));
  for (const { row, cents } of growing ? moved.reverse() : moved) {
    await updateStretchGoal(trx, row.id, {
      amount_cents: cents,
      title: row.title,
      description: row.description,
    });
  }
}

/** A request may name its currency (a goal read and sent back does); it must be the project's. */
function checkCurrency(input: StretchGoalRequest, currency: string) {
  if (input.currency !== undefined && input.currency !== currency) {
    throw new AppError(
      'VALIDATION_ERROR',
      STRETCH_GOAL_MESSAGES.currency,
      { currency: [STRETCH_GOAL_MESSAGES.currency] },
      undefined,
      { currency },
    );
  }
}

/** The statuses whose stretch goals change, as rewards' do (RewardService). */
const EDITABLE_STATUSES = new Set(['DRAFT', 'PENDING', 'ACTIVE']);

function refuse(message: string, values?: Record<string, string | number>): never {
  throw new AppError('VALIDATION_ERROR', message, { amount: [message] }, undefined, values);
}

/**
 * Stretch goals (DESIGN.md §16): amounts above a project's goal that its creator (or an admin, as with rewards)
 * sets, everyone who may see the project reads, and the funded total reaches once each, its backers told.
 */
export class StretchGoalService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly pageCache: ProjectPageCache,
    private readonly mail: MailService,
    private readonly preferences: PreferenceService,
    private readonly appUrl: string,
  ) {}

  async list(projectId: number, caller: AccessClaims | null): Promise<StretchGoal[]> {
    const { currency } = await this.access.visible(projectId, caller, 'page');
    const rows = await this.pageCache.part(projectId, 'stretchGoals', () =>
      listStretchGoals(this.db, projectId),
    );
    return rows.map((row) => toStretchGoal(row, currency));
  }

  async create(projectId: number, caller: AccessClaims, input: StretchGoalRequest) {
    await this.assertManager(projectId, caller);
    const id = await this.db.transaction().execute(async (trx) => {
      const project = await this.lockEditable(trx, projectId);
      checkCurrency(input, project.currency);
      const amountCents = await this.checkAmount(trx, project, input.amount);
      const row = await insertStretchGoal(trx, {
        project_id: projectId,
        amount_cents: amountCents,
        title: input.title,
        description: input.description,
      });
      // A goal the total already covers is reached as it is made.
      await this.reach(trx, project);
      return row.id;
    });
    this.mail.kick();
    return this.one(projectId, id);
  }

  async update(projectId: number, goalId: number, caller: AccessClaims, input: StretchGoalRequest) {
    await this.assertManager(projectId, caller);
    await this.db.transaction().execute(async (trx) => {
      const project = await this.lockEditable(trx, projectId);
      checkCurrency(input, project.currency);
      const existing = await findStretchGoal(trx, projectId, goalId);
      if (!existing) throw notFound('stretchGoal');
      const amountCents = minorUnitsIn(input.amount, project.currency, 'amount');
      // A reached goal keeps the amount it was reached at; its words may still change.
      if (existing.reached_at !== null && amountCents !== Number(existing.amount_cents)) {
        throw new AppError('CONFLICT', 'api.stretchGoals.reachedAmount');
      }
      if (existing.reached_at === null) await this.checkAmount(trx, project, input.amount, goalId);
      await updateStretchGoal(trx, goalId, {
        amount_cents: amountCents,
        title: input.title,
        description: input.description,
      });
      await this.reach(trx, project);
    });
    this.mail.kick();
    return this.one(projectId, goalId);
  }

  async remove(projectId: number, goalId: number, caller: AccessClaims) {
    await this.assertManager(projectId, caller);
    await this.db.transaction().execute(async (trx) => {
      await this.lockEditable(trx, projectId);
      if (!(await deleteStretchGoal(trx, projectId, goalId))) throw notFound('stretchGoal');
    });
  }

  /**
   * Inside the transaction that raised the project's funded total: marks the goals it now covers reached, once
   * each, and tells the backers — a notification each (one insert … select per goal) and a mail each in their own
   * language unless they turned update mails off. The caller kicks the mail delivery after its commit.
   */
  async reach(trx: Kysely<DB>, project: ReachingProject) {
    const reached = await reachStretchGoals(trx, project.id);
    if (reached.length === 0) return;
    const recipients = await stretchGoalMailRecipients(trx, project.id, project.creator_id);
    const url = `${this.appUrl}/projects/${project.id}`;
    for (const goal of reached) {
      const amount = { cents: Number(goal.amount_cents), currency: project.currency };
      await notifyBackers(
        trx,
        project.id,
        'STRETCH_GOAL_REACHED',
        notificationMessages.stretchGoalReached(project.title, goal.title, amount),
      );
      await this.mail.enqueueAll(trx, recipients, (t, person) =>
        withUnsubscribe(
          t,
          mailTemplates.stretchGoalReached(
            t,
            person.email,
            person.name,
            project.title,
            { title: goal.title, amount, description: goal.description },
            url,
          ),
          'email_updates',
          this.preferences.links.url(person.id, 'email_updates'),
        ),
      );
    }
  }

  private async one(projectId: number, goalId: number) {
    const row = await findStretchGoal(this.db, projectId, goalId);
    if (!row) throw notFound('stretchGoal');
    return toStretchGoal(row, await projectCurrency(this.db, projectId));
  }

  /** As rewards (SPEC §6): create_reward and the project's creator, or an admin; 404 for a project they cannot see. */
  private async assertManager(projectId: number, caller: AccessClaims) {
    await this.access.authorize(projectId, caller, 'offer', STRETCH_GOAL_MESSAGES.onlyCreator);
  }

  /** The project's row locked against pledges, so the total read and the goals written agree. */
  private async lockEditable(trx: Kysely<DB>, projectId: number) {
    const project = await lockProjectForMoney(trx, projectId);
    if (!EDITABLE_STATUSES.has(project.status)) throw new AppError('CONFLICT', STRETCH_GOAL_MESSAGES.locked);
    return project;
  }

  /** The amount in minor units: the currency's decimals, above the goal, and no other goal at it. */
  private async checkAmount(
    trx: Kysely<DB>,
    project: Awaited<ReturnType<typeof lockProjectForMoney>>,
    amount: number,
    exceptId?: number,
  ) {
    const amountCents = minorUnitsIn(amount, project.currency, 'amount');
    if (project.goal_cents === null) refuse(STRETCH_GOAL_MESSAGES.goalFirst);
    if (amountCents <= project.goal_cents) {
      refuse(STRETCH_GOAL_MESSAGES.aboveGoal, {
        goal: minorToMajor(project.goal_cents, project.currency),
        currency: project.currency,
      });
    }
    if (await amountTaken(trx, project.id, amountCents, exceptId)) refuse(STRETCH_GOAL_MESSAGES.amountTaken);
    return amountCents;
  }
}

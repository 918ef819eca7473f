import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  type BankAccountStatus,
  minorToMajor,
  type Payout,
  PAYOUT_MESSAGES,
  type PayoutEligibility,
} from '@fundry/shared';
import type { DB, PayoutsTable, ProjectStatusValue } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { isEndedEarly, isOnHold, may } from '../projects/project-access';
import type { MailService } from '../mail/mail.service';
import { mailTemplates } from '../mail/mail.templates';
import { platformMetrics } from '../metrics/metrics';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import { minorUnitsIn } from '../payments/amounts';
import { insertLedgerEntry, lockProjectForMoney } from '../payments/payments.repository';
import { type PaymentProvider, TransferError } from '../payments/provider';
import { findUserById } from '../users/users.repository';
import { instalmentsToCome } from '../instalments/instalments.repository';
import {
  countPayouts,
  finishPayout,
  findBankAccount,
  insertBankAccount,
  insertPayout,
  listPayouts,
  projectFunds,
  updateBankAccount,
} from './payouts.repository';

function toPayout(row: Selectable<PayoutsTable>): Payout {
  return {
    id: row.id,
    currency: row.currency,
    project_id: row.project_id,
    amount: minorToMajor(row.amount_cents, row.currency),
    fee_amount: minorToMajor(row.fee_cents, row.currency),
    status: row.status,
    failure_reason: row.failure_reason,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

interface ProjectForPayout {
  id: number;
  creator_id: number;
  status: ProjectStatusValue;
  activated_at: Date | null;
  funding_model: string;
  currency: string;
}

/** Creator payouts (DESIGN.md §6 "Payouts"): bank connection, eligibility, requests and history. */
export class PayoutService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly provider: PaymentProvider,
    private readonly mail: MailService,
    private readonly log: FastifyBaseLogger,
    private readonly appUrl: string,
  ) {}

  /** The onboarding address: the provider account is made once per creator, the link each time. */
  async connect(caller: AccessClaims): Promise<string> {
    let account = await findBankAccount(this.db, caller.userId);
    if (!account) {
      const user = await findUserById(this.db, caller.userId);
      if (!user) throw notFound('user');
      const { accountId } = await this.provider.createConnectedAccount({
        userId: user.id,
        email: user.email,
      });
      await insertBankAccount(this.db, {
        user_id: user.id,
        provider: this.provider.name,
        account_id: accountId,
      });
      account = await findBankAccount(this.db, caller.userId);
    }
    if (!account) throw new AppError('SERVICE_UNAVAILABLE', 'api.payouts.connectFailed');
    const returnUrl = `${this.appUrl}/connect/callback?account_id=${encodeURIComponent(account.account_id)}`;
    const { url } = await this.provider.onboardingLink({
      accountId: account.account_id,
      returnUrl,
      refreshUrl: returnUrl,
    });
    return url;
  }

  async status(caller: AccessClaims): Promise<BankAccountStatus> {
    const account = await findBankAccount(this.db, caller.userId);
    if (!account)
      return {
        account_connected: false,
        payouts_enabled: false,
        account_id: null,
        requirements: { currently_due: [] },
      };
    let { payouts_enabled: enabled, requirements_due: due } = account;
    try {
      const live = await this.provider.accountStatus(account.account_id);
      if (live && (live.payoutsEnabled !== enabled || live.currentlyDue.join() !== due.join())) {
        await updateBankAccount(this.db, account.account_id, live.payoutsEnabled, live.currentlyDue);
        ({ payoutsEnabled: enabled, currentlyDue: due } = live);
      }
    } catch (error) {
      // The stored state (kept current by account.updated webhooks) answers when the provider does not.
      this.log.warn({ err: error }, 'could not read the connected account from the provider');
    }
    return {
      account_connected: true,
      payouts_enabled: enabled,
      account_id: account.account_id,
      requirements: { currently_due: due },
    };
  }

  /** The provider's account.updated webhook and the sandbox onboarding page both end here. */
  accountUpdated(accountId: string, payoutsEnabled: boolean, currentlyDue: string[]) {
    return updateBankAccount(this.db, accountId, payoutsEnabled, currentlyDue);
  }

  async eligibility(projectId: number, caller: AccessClaims): Promise<PayoutEligibility> {
    const project = await this.creatorsProject(projectId, caller);
    const [funds, account, toCome] = await Promise.all([
      projectFunds(this.db, projectId),
      findBankAccount(this.db, caller.userId),
      instalmentsToCome(this.db, projectId),
    ]);
    const reason = this.ineligibility(
      project,
      account?.payouts_enabled ?? null,
      funds.availableCents,
      funds.paidOutCents,
    );
    const inCurrency = (cents: number) => minorToMajor(cents, project.currency);
    return {
      eligible: reason === null,
      available_amount: inCurrency(funds.availableCents),
      currency: project.currency,
      reason,
      funds_info: {
        total_donations: inCurrency(funds.grossCents),
        platform_fee: inCurrency(funds.feesCents),
        total_paid_out: inCurrency(funds.paidOutCents),
      },
      to_come: toCome.map((due) => ({ due_on: due.dueOn, amount: inCurrency(due.cents) })),
    };
  }

  /**
   * A payout: the project row is locked while the available balance is read and the payout recorded, so two
   * requests at once can never take more than there is. The transfer happens after; a refused transfer
   * returns the amount to the balance.
   */
  async request(projectId: number, caller: AccessClaims, amount: number | undefined): Promise<Payout> {
    await this.creatorsProject(projectId, caller);
    const account = await findBankAccount(this.db, caller.userId);
    const payout = await this.db.transaction().execute(async (trx) => {
      const project = await lockProjectForMoney(trx, projectId);
      const funds = await projectFunds(trx, projectId);
      const reason = this.ineligibility(
        project,
        account?.payouts_enabled ?? null,
        funds.availableCents,
        funds.paidOutCents,
      );
      // A campaign on hold or ended early (DESIGN.md §18) is a state, not a request to correct: 409.
      if (reason) {
        const state = reason === PAYOUT_MESSAGES.onHold || reason === PAYOUT_MESSAGES.endedEarly;
        throw new AppError(state ? 'CONFLICT' : 'UNPROCESSABLE', reason);
      }
      const cents =
        amount === undefined ? funds.availableCents : minorUnitsIn(amount, project.currency, 'amount');
      if (cents <= 0)
        throw new AppError('VALIDATION_ERROR', PAYOUT_MESSAGES.invalidAmount, {
          amount: [PAYOUT_MESSAGES.invalidAmount],
        });
      if (cents > funds.availableCents) {
        throw new AppError('UNPROCESSABLE', PAYOUT_MESSAGES.overAvailable, {
          amount: [PAYOUT_MESSAGES.overAvailable],
        });
      }
      const row = await insertPayout(trx, {
        project_id: projectId,
        creator_id: caller.userId,
        amount_cents: cents,
        currency: project.currency,
      });
      await insertLedgerEntry(trx, {
        project_id: projectId,
        donation_id: null,
        payout_id: row.id,
        currency: row.currency,
        kind: 'payout',
        gross_cents: -cents,
        processing_fee_cents: 0,
        platform_fee_cents: 0,
      });
      return row;
    });

    try {
      const transfer = await this.provider.transfer({
        accountId: account!.account_id,
        amountCents: payout.amount_cents,
        currency: payout.currency,
        idempotencyKey: `payout-${payout.id}`,
      });
      const done = await this.db.transaction().execute(async (trx) => {
        const row = await finishPayout(trx, payout.id, 'COMPLETED', {
          transfer_reference: transfer.transferId,
          fee_cents: transfer.feeCents,
        });
        if (row) await this.tell(trx, caller.userId, projectId, 'completed', row.amount_cents, row.currency);
        return row;
      });
      platformMetrics.payouts.inc({ outcome: 'completed' });
      this.mail.kick();
      return toPayout(done ?? payout);
    } catch (error) {
      const insufficient = error instanceof TransferError && error.insufficientFunds;
      this.log.error({ err: error, payoutId: payout.id }, 'transfer failed');
      await this.db.transaction().execute(async (trx) => {
        const row = await finishPayout(trx, payout.id, 'FAILED', {
          failure_reason: insufficient ? 'insufficient_funds' : 'transfer_failed',
        });
        if (!row) return;
        await insertLedgerEntry(trx, {
          project_id: projectId,
          donation_id: null,
          payout_id: row.id,
          currency: row.currency,
          kind: 'payout_reversal',
          gross_cents: row.amount_cents,
          processing_fee_cents: 0,
          platform_fee_cents: 0,
        });
        await this.tell(trx, caller.userId, projectId, 'failed', row.amount_cents, row.currency);
      });
      platformMetrics.payouts.inc({ outcome: 'failed' });
      this.mail.kick();
      throw new AppError(
        insufficient ? 'UNPROCESSABLE' : 'SERVICE_UNAVAILABLE',
        insufficient ? PAYOUT_MESSAGES.insufficientFunds : PAYOUT_MESSAGES.transferFailed,
      );
    }
  }

  async history(projectId: number, caller: AccessClaims, page: number, perPage: number) {
    await this.creatorsProject(projectId, caller);
    const rows = await listPayouts(this.db, projectId, page, perPage);
    const total = rows.length > 0 ? Number(rows[0]?.total_count) : await countPayouts(this.db, projectId);
    return { payouts: rows.map(toPayout), total, pages: Math.ceil(total / perPage), page, per_page: perPage };
  }

  /** The project, when the caller is its creator: nobody else (not even an admin) handles its payouts. */
  private async creatorsProject(projectId: number, caller: AccessClaims): Promise<ProjectForPayout> {
    const project = await this.db
      .selectFrom('projects')
      .select(['id', 'creator_id', 'status', 'activated_at', 'funding_model', 'currency'])
      .where('id', '=', projectId)
      .executeTakeFirst();
    if (!project) throw notFound('project');
    if (!may(caller, project, 'take_payouts')) throw forbidden('api.payouts.onlyCreator');
    return project;
  }

  /** Why a payout is not possible now, in words a person understands; null when it is. */
  private ineligibility(
    project: ProjectForPayout,
    payoutsEnabled: boolean | null,
    availableCents: number,
    paidOutCents: number,
  ): string | null {
    if (isOnHold(project)) return PAYOUT_MESSAGES.onHold;
    if (isEndedEarly(project.status)) return PAYOUT_MESSAGES.endedEarly;
    if (payoutsEnabled === null) return PAYOUT_MESSAGES.notConnected;
    if (!payoutsEnabled) return PAYOUT_MESSAGES.notEnabled;
    if (project.status === 'FAILED' && project.funding_model === 'all_or_nothing')
      return PAYOUT_MESSAGES.failed;
    const open = project.funding_model === 'flexible' ? ['ACTIVE', 'SUCCESSFUL', 'FAILED'] : ['SUCCESSFUL'];
    if (!open.includes(project.status))
      return project.status === 'ACTIVE' ? PAYOUT_MESSAGES.running : PAYOUT_MESSAGES.notPaying;
    if (availableCents <= 0) return paidOutCents > 0 ? PAYOUT_MESSAGES.allPaid : PAYOUT_MESSAGES.nothing;
    return null;
  }

  private async tell(
    trx: Kysely<DB>,
    userId: number,
    projectId: number,
    outcome: 'completed' | 'failed',
    cents: number,
    currency: string,
  ) {
    const message =
      outcome === 'completed'
        ? notificationMessages.payoutCompleted({ cents, currency })
        : notificationMessages.payoutFailed({ cents, currency });
    await insertNotifications(trx, [{ userId, type: 'PAYOUT', message, projectId }]);
    const user = await findUserById(trx, userId);
    if (user)
      await this.mail.enqueue(trx, user, (t) =>
        mailTemplates.payout(t, user.email, user.full_name, message, `${this.appUrl}/projects/${projectId}`),
      );
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  daysBetween,
  FOLLOW_MESSAGES,
  isUpcoming,
  type Project,
  type SuspensionReason,
  todayUtc,
} from '@fundry/shared';
import type { DB, ProjectRow } from '../../db/schema';
import type { FxRateService } from '../fx-rates/fx-rates.service';
import type { MailService } from '../mail/mail.service';
import { mailTemplates } from '../mail/mail.templates';
import { platformMetrics } from '../metrics/metrics';
import { notificationMessages } from '../notifications/notification-messages';
import {
  insertNotifications,
  liveBackerRecipients,
  notifyBackers,
} from '../notifications/notifications.repository';
import { cancelPendingPayouts } from '../payouts/payouts.repository';
import {
  findRecipient,
  keepRefundedBackings,
  lockEndedCampaigns,
  recountProject,
  refundsOwed,
  releasePledges,
} from '../payments/payments.repository';
import type { Clock } from '../../lib/clock';
import type { RefundService } from '../payments/refunds.service';
import { AppError, forbidden, notFound } from '../../errors';
import { recordAudit } from '../admin/audit.repository';
import type { AccessClaims } from '../auth/tokens';
import type { CampaignRefundService } from './campaign-refunds.service';
import type { DiscoveryService } from './discovery.service';
import type { ProjectPageService } from './project-page.service';
import type { LaunchNoticeService } from '../follows/launch-notices.service';
import { isCreatorOf, isOnHold, may, mayView } from './project-access';
import { lockProject, updateProject } from './projects.repository';

/**
 * A project's life once it was reviewed: it goes live, is taken down, and settles when its end date passed. Its
 * moves are made here whoever asks for them (moderation, the settlement job), so each move does the same wherever
 * it comes from.
 */
export class ProjectLifecycleService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly refunds: RefundService,
    private readonly campaignRefunds: CampaignRefundService,
    private readonly discovery: DiscoveryService,
    private readonly pages: ProjectPageService,
    private readonly mail: MailService,
    /** Fixes a project's rate to the base currency when it launches. */
    private readonly fxRates: FxRateService,
    private readonly appUrl: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** Tells the followers of a project that launched (DESIGN.md §19). */
    private readonly launchNotices: LaunchNoticeService,
  ) {}

  /**
   * The project (locked by the caller's transaction) goes live, or live again after a rejection. A campaign on hold
   * goes on as it was (DESIGN.md §18): its pledges never moved, and its backers are told.
   */
  async goLive(trx: Kysely<DB>, project: ProjectRow) {
    if (isOnHold(project)) await this.tellBackers(trx, project, 'resumed');
    await updateProject(trx, project.id, {
      status: 'ACTIVE',
      activated_at: new Date(),
      // Fixed at the first launch; with no rate stored yet, the rates job's next run fixes it.
      base_rate: project.base_rate ?? (await this.fxRates.baseRateOf(trx, project.currency)),
      revocation_reason: null,
      revocation_date: null,
    });
  }

  /**
   * The project (locked by the caller's transaction) is taken down in review, with the admin's words or none. A live
   * campaign is put on hold (DESIGN.md §18): its pledges stay as they are, nothing is collected and no payout taken
   * while it lasts (those paths act on ACTIVE and SUCCESSFUL projects only), and each backer is told; settlement
   * ends it as FAILED if its end date passes first.
   */
  async reject(trx: Kysely<DB>, project: ProjectRow, reason: string | null) {
    await updateProject(trx, project.id, {
      status: 'REJECTED',
      revocation_reason: reason,
      revocation_date: new Date(),
      featured: false,
      // What marks the hold: a live one keeps (or, had it none recorded, gets) the time it went live.
      ...(project.status === 'ACTIVE' ? { activated_at: project.activated_at ?? new Date() } : {}),
    });
    if (project.status === 'ACTIVE') await this.tellBackers(trx, project, 'held');
  }

  /**
   * A creator ends their live campaign before its end date (DESIGN.md §18), with a message to its backers: 404 to
   * whoever may not see it, 403 to anyone but its creator, 409 once it is not running.
   */
  async cancel(id: number, caller: AccessClaims, message: string): Promise<Project> {
    await this.db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, id);
      if (!project || !mayView(caller, project)) throw notFound('project');
      if (!isCreatorOf(caller, project)) throw forbidden('api.projects.onlyCreatorCancels');
      if (project.status !== 'ACTIVE') {
        throw new AppError('CONFLICT', 'api.projects.cannotCancel', undefined, undefined, {
          status: project.status,
        });
      }
      if (project.end_date && project.end_date < todayUtc(this.clock())) {
        throw new AppError('CONFLICT', 'api.projects.cancelAfterEnd');
      }
      await this.endEarly(trx, project, { status: 'CANCELED', message });
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'project.cancel',
        targetType: 'project',
        targetId: id,
        projectId: id,
        reason: message,
        details: { from: project.status },
      });
    });
    this.afterEnding();
    return this.pages.get(id, caller);
  }

  /**
   * The creator launches an upcoming campaign now (DESIGN.md §19): its start date becomes today and its end date moves
   * as much, so the campaign keeps its length. 404 to whoever may not see it, 403 to anyone but its creator (admins
   * and collaborators included), 409 once it is not upcoming. Its followers are told after the commit.
   */
  async launch(id: number, caller: AccessClaims): Promise<Project> {
    await this.db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, id);
      if (!project || !mayView(caller, project)) throw notFound('project');
      if (!may(caller, project, 'launch')) throw forbidden(FOLLOW_MESSAGES.onlyCreatorLaunches);
      const today = todayUtc(this.clock());
      if (!isUpcoming(project, today) || !project.start_date || !project.end_date) {
        throw new AppError('CONFLICT', FOLLOW_MESSAGES.cannotLaunch);
      }
      const length = daysBetween(project.start_date, project.end_date);
      const end = new Date(Date.parse(`${today}T00:00:00Z`) + length * 86_400_000);
      await updateProject(trx, id, {
        start_date: today,
        end_date: todayUtc(end),
        launched_at: this.clock(),
      });
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'project.launch',
        targetType: 'project',
        targetId: id,
        projectId: id,
        details: { from: project.start_date, to: today },
      });
    });
    this.discovery.forgetPublicAnswers();
    this.launchNotices.kick(id);
    return this.pages.get(id, caller);
  }

  /** After the commit of a campaign ended early: its mails go, lists forget it, and its money starts going back. */
  afterEnding() {
    this.mail.kick();
    this.discovery.forgetPublicAnswers();
    this.campaignRefunds.kick();
  }

  /**
   * The project (locked by the caller's transaction) ends before its time (DESIGN.md §18), for good: cancelled by its
   * creator or suspended by an admin. Its backers are told first (they are found by their live pledges), then every
   * pledge not yet charged is released (nothing will be), and pending payouts are cancelled; what was collected is
   * refunded, and what was paid out taken back, by the campaign-refunds job, which the caller starts after its commit.
   */
  async endEarly(
    trx: Kysely<DB>,
    project: ProjectRow,
    ending:
      | { status: 'CANCELED'; message: string }
      | { status: 'SUSPENDED'; reason: SuspensionReason; message: string },
  ) {
    const backerMessage =
      ending.status === 'CANCELED'
        ? notificationMessages.backedCanceled(project.title, ending.message)
        : notificationMessages.backedSuspended(project.title, ending.reason, ending.message);
    const pledgesUrl = `${this.appUrl}/backed-projects`;
    const kind = ending.status === 'CANCELED' ? 'canceled' : 'suspended';
    await notifyBackers(trx, project.id, 'CAMPAIGN_ENDED', backerMessage, '/backed-projects');
    await this.mail.enqueueAll(trx, await liveBackerRecipients(trx, project.id), (t, backer) =>
      mailTemplates.campaignEndedEarly(t, backer.email, backer.name, kind, backerMessage, {
        label: 'managePledge',
        url: pledgesUrl,
      }),
    );
    if (ending.status === 'SUSPENDED') {
      const creatorMessage = notificationMessages.projectSuspended(
        project.title,
        ending.reason,
        ending.message,
      );
      await insertNotifications(trx, [
        {
          userId: project.creator_id,
          type: 'CAMPAIGN_ENDED',
          message: creatorMessage,
          projectId: project.id,
        },
      ]);
      const creator = await findRecipient(trx, project.creator_id);
      await this.mail.enqueue(trx, creator, (t) =>
        mailTemplates.campaignEndedEarly(
          t,
          creator.email,
          creator.full_name || creator.username,
          kind,
          creatorMessage,
          { label: 'viewYourProject', url: `${this.appUrl}/projects/${project.id}` },
        ),
      );
    }
    await updateProject(trx, project.id, {
      status: ending.status,
      ended_at: this.clock(),
      featured: false,
      end_message: ending.status === 'CANCELED' ? ending.message : null,
      suspension_reason: ending.status === 'SUSPENDED' ? ending.reason : null,
      suspension_message: ending.status === 'SUSPENDED' ? ending.message : null,
    });
    const released = await releasePledges(trx, project.id, ['PLEDGED', 'PAYMENT_FAILED']);
    await recountProject(trx, project.id);
    await keepRefundedBackings(trx, project.id);
    await cancelPendingPayouts(trx, project.id);
    if (released > 0) {
      platformMetrics.pledgeTransitions.inc({ from: 'PLEDGED', to: 'RELEASED' }, released);
    }
  }

  /**
   * Each live backer of a campaign put on hold or going on again: a notification and a mail in their language,
   * both leading to their Backed Projects (the project's page is hidden while it is on hold). The caller kicks
   * the mail delivery after its commit.
   */
  private async tellBackers(trx: Kysely<DB>, project: ProjectRow, outcome: 'held' | 'resumed') {
    const message =
      outcome === 'held'
        ? notificationMessages.backedOnHold(project.title)
        : notificationMessages.backedResumed(project.title);
    const url = `${this.appUrl}/backed-projects`;
    await notifyBackers(trx, project.id, 'CAMPAIGN_HOLD', message, '/backed-projects');
    const backers = await liveBackerRecipients(trx, project.id);
    await this.mail.enqueueAll(trx, backers, (t, backer) =>
      mailTemplates.campaignHold(t, backer.email, backer.name, outcome, message, url),
    );
  }

  /**
   * The settlement job: ACTIVE campaigns past their end become SUCCESSFUL or FAILED, and campaigns on hold FAILED
   * whatever they raised (DESIGN.md §18: nobody is charged). A failed all-or-nothing
   * campaign releases its pledges (nothing was charged) and refunds what was charged before pledges were
   * saved cards; a successful one leaves its pledges to the collection. Safe on many instances: campaigns are
   * taken with SKIP LOCKED, and a refund is keyed and recorded once.
   */
  async settle(): Promise<{ settled: number; refunded: number }> {
    const today = todayUtc(this.clock());
    let releasedPledges = 0;
    const settled = await this.db.transaction().execute(async (trx) => {
      const campaigns = await lockEndedCampaigns(trx, today, 100);
      for (const campaign of campaigns) {
        const held = isOnHold(campaign);
        const succeeded = !held && campaign.current_cents >= campaign.goal_cents;
        await trx
          .updateTable('projects')
          .set({ status: succeeded ? 'SUCCESSFUL' : 'FAILED', updated_at: new Date() })
          .where('id', '=', campaign.id)
          .execute();
        const allOrNothing = campaign.funding_model === 'all_or_nothing';
        const released = !succeeded && allOrNothing;
        const creatorMessage = succeeded
          ? notificationMessages.campaignSucceeded(campaign.title, {
              cents: campaign.current_cents,
              currency: campaign.currency,
            })
          : released
            ? held
              ? notificationMessages.campaignHeldReleased(campaign.title)
              : notificationMessages.campaignReleased(campaign.title)
            : notificationMessages.campaignEnded(campaign.title, {
                cents: campaign.current_cents,
                currency: campaign.currency,
              });
        const backerMessage = succeeded
          ? allOrNothing
            ? notificationMessages.backedFundedCharging(campaign.title)
            : notificationMessages.backedFunded(campaign.title)
          : released
            ? held
              ? notificationMessages.backedHeldReleased(campaign.title)
              : notificationMessages.backedReleased(campaign.title)
            : notificationMessages.backedEnded(campaign.title);
        await insertNotifications(trx, [
          {
            userId: campaign.creator_id,
            type: 'CAMPAIGN_RESULT',
            message: creatorMessage,
            projectId: campaign.id,
          },
        ]);
        await notifyBackers(trx, campaign.id, 'CAMPAIGN_RESULT', backerMessage);
        if (released) {
          // Saved cards are never charged; money charged under the old model is refunded below.
          releasedPledges += await releasePledges(trx, campaign.id);
          await recountProject(trx, campaign.id);
        }
        const creator = await trx
          .selectFrom('users')
          .select(['email', 'full_name', 'locale', 'last_locale'])
          .where('id', '=', campaign.creator_id)
          .executeTakeFirst();
        if (creator) {
          await this.mail.enqueue(trx, creator, (t) =>
            mailTemplates.campaignResult(
              t,
              creator.email,
              creator.full_name,
              creatorMessage,
              `${this.appUrl}/projects/${campaign.id}`,
            ),
          );
        }
      }
      return campaigns.length;
    });
    if (releasedPledges > 0) {
      platformMetrics.pledgeTransitions.inc({ from: 'PLEDGED', to: 'RELEASED' }, releasedPledges);
    }

    let refunded = 0;
    for (const { id } of await refundsOwed(this.db, 500)) {
      try {
        if (await this.refunds.refund(id)) refunded += 1;
      } catch (error) {
        // The next run tries again: the donation is still SUCCEEDED and the refund is keyed.
        this.log.error({ err: error, donationId: id }, 'refund failed');
      }
    }
    this.mail.kick();
    return { settled, refunded };
  }
}

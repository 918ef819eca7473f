import type { Kysely } from 'kysely';
import {
  type CampaignRefundStatus,
  minorToMajor,
  type Project,
  type SuspensionReason,
  todayUtc,
} from '@fundry/shared';
import type { DB, ProjectRow } from '../../db/schema';
import { AppError, forbidden, NestedMessage, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import type { MailService } from '../mail/mail.service';
import { mailTemplates } from '../mail/mail.templates';
import type { DiscoveryService } from '../projects/discovery.service';
import { checkRules, type Errors, merged } from '../projects/project-form';
import type { ProjectLifecycleService } from '../projects/project-lifecycle.service';
import type { ProjectPageService } from '../projects/project-page.service';
import { campaignRefundStatus } from '../projects/campaign-refunds.repository';
import { isEndedEarly } from '../projects/project-access';
import { findProject, lockProject, updateProject } from '../projects/projects.repository';
import { findUserById } from '../users/users.repository';
import { recordAudit } from './audit.repository';

/** Review of projects (SPEC §8): activate, reject (a hold, for a live one) and feature, each in the audit log. */
export class ModerationService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly lifecycle: ProjectLifecycleService,
    private readonly pages: ProjectPageService,
    private readonly discovery: DiscoveryService,
    private readonly mail: MailService,
    private readonly appUrl: string,
  ) {}

  async activate(id: number, caller: AccessClaims, reason?: string): Promise<Project> {
    this.requirePermission(caller, 'activate_project');
    const row = await this.db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, id);
      if (!project) throw notFound('project');
      if (project.status === 'ACTIVE') throw new AppError('CONFLICT', 'api.projects.alreadyActive');
      if (project.status !== 'PENDING' && project.status !== 'REJECTED') {
        throw new AppError('CONFLICT', 'api.projects.cannotActivate', undefined, undefined, {
          status: project.status,
        });
      }
      const errors: Errors = {};
      checkRules(merged(project, {}), 'live', errors);
      if (Object.keys(errors).length > 0) {
        throw new AppError('UNPROCESSABLE', 'api.projects.incomplete', undefined, undefined, {
          problem: new NestedMessage(Object.values(errors)[0]!),
        });
      }
      if (project.end_date && project.end_date < todayUtc()) {
        throw new AppError('UNPROCESSABLE', 'api.projects.endPassed');
      }
      await this.lifecycle.goLive(trx, project);
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'project.activate',
        targetType: 'project',
        targetId: id,
        projectId: id,
        reason: reason?.trim() || null,
        details: { from: project.status },
      });
      await this.mailCreator(trx, project, 'approved');
      return project;
    });
    this.mail.kick();
    this.discovery.forgetPublicAnswers();
    return this.pages.get(row.id, caller);
  }

  async revoke(id: number, caller: AccessClaims, reason: string | undefined): Promise<Project> {
    this.requirePermission(caller, 'revoke_project');
    await this.db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, id);
      if (!project) throw notFound('project');
      if (project.status !== 'PENDING' && project.status !== 'ACTIVE') {
        throw new AppError('CONFLICT', 'api.projects.cannotReject', undefined, undefined, {
          status: project.status,
        });
      }
      // The admin's words as written, or none: each reader is told the guidelines are not met in their own
      // language (migration 0045).
      const why = reason?.trim() || null;
      await this.lifecycle.reject(trx, project, why);
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'project.reject',
        targetType: 'project',
        targetId: id,
        projectId: id,
        reason: why,
        details: { from: project.status },
      });
      await this.mailCreator(trx, project, 'rejected', why);
    });
    this.mail.kick();
    this.discovery.forgetPublicAnswers();
    return this.pages.get(id, caller);
  }

  /**
   * An admin ends a project for a breach of the rules (DESIGN.md §18): any state but DRAFT and one already final.
   * Its pledges are released and its collected money refunded as a cancel's are (a successful one's and late ones
   * too), its payouts taken back; its creator and backers are told with the reason and the admin's message.
   */
  async suspend(
    id: number,
    caller: AccessClaims,
    reason: SuspensionReason,
    message: string,
  ): Promise<Project> {
    this.requirePermission(caller, 'revoke_project');
    await this.db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, id);
      if (!project) throw notFound('project');
      if (project.status === 'DRAFT' || isEndedEarly(project.status)) {
        throw new AppError('CONFLICT', 'api.projects.cannotSuspend', undefined, undefined, {
          status: project.status,
        });
      }
      await this.lifecycle.endEarly(trx, project, { status: 'SUSPENDED', reason, message });
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'project.suspend',
        targetType: 'project',
        targetId: id,
        projectId: id,
        reason: message,
        details: { from: project.status, reason },
      });
    });
    this.lifecycle.afterEnding();
    return this.pages.get(id, caller);
  }

  /**
   * Where the money of a campaign ended early stands (DESIGN.md §18), for admins: pledges released, refunded and
   * still to refund, and each pledge and payout whose money could not be given back or taken back, with why.
   */
  async refundStatus(id: number, caller: AccessClaims): Promise<CampaignRefundStatus> {
    this.requirePermission(caller, 'revoke_project');
    const project = await findProject(this.db, id);
    if (!project) throw notFound('project');
    const { counts, blocked, payouts } = await campaignRefundStatus(this.db, id);
    const money = (cents: number) => minorToMajor(cents, project.currency);
    return {
      currency: project.currency,
      status: project.status,
      released: counts.released,
      refunded: counts.refunded,
      refunded_amount: money(counts.refunded_cents),
      to_refund: counts.to_refund,
      to_refund_amount: money(counts.to_refund_cents),
      blocked: blocked.map((pledge) => ({
        donation_id: pledge.id,
        backer: pledge.backer,
        amount: money(pledge.amount_cents),
        reason: pledge.refund_blocked,
      })),
      payouts_not_recovered: payouts.map((payout) => ({
        payout_id: payout.id,
        amount: money(payout.amount_cents),
        refused_at: payout.reversal_failed_at?.toISOString() ?? null,
      })),
    };
  }

  /** Toggles the featured flag; only admins set it (a creator's checkbox is only a request). */
  async toggleFeatured(id: number, caller: AccessClaims, reason?: string): Promise<Project> {
    this.requirePermission(caller, 'feature_project');
    await this.db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, id);
      if (!project) throw notFound('project');
      if (project.status === 'DRAFT') throw new AppError('CONFLICT', 'api.projects.draftFeatured');
      await updateProject(trx, id, { featured: !project.featured, featured_requested: false });
      await recordAudit(trx, {
        actorId: caller.userId,
        action: project.featured ? 'project.unfeature' : 'project.feature',
        targetType: 'project',
        targetId: id,
        projectId: id,
        reason: reason?.trim() || null,
      });
    });
    return this.pages.get(id, caller);
  }

  private requirePermission(caller: AccessClaims, permission: string) {
    if (!caller.permissions.includes(permission)) throw forbidden('api.admin.onlyAdmin');
  }

  private async mailCreator(
    trx: Kysely<DB>,
    project: ProjectRow,
    outcome: 'approved' | 'rejected',
    reason: string | null = null,
  ) {
    const creator = await findUserById(trx, project.creator_id);
    if (!creator) return;
    const url = `${this.appUrl}/projects/${project.id}`;
    await this.mail.enqueue(trx, creator, (t) =>
      outcome === 'approved'
        ? mailTemplates.projectApproved(t, creator.email, creator.full_name, project.title, url)
        : mailTemplates.projectRejected(t, creator.email, creator.full_name, project.title, reason, url),
    );
  }
}

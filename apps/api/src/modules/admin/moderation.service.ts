import type { Kysely } from 'kysely';
import { type Project, todayUtc } from '@fundry/shared';
import type { DB, ProjectRow } from '../../db/schema';
import { AppError, forbidden, NestedMessage, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import type { MailService } from '../mail/mail.service';
import { mailTemplates } from '../mail/mail.templates';
import type { DiscoveryService } from '../projects/discovery.service';
import { checkRules, type Errors, merged } from '../projects/project-form';
import type { ProjectLifecycleService } from '../projects/project-lifecycle.service';
import type { ProjectPageService } from '../projects/project-page.service';
import { lockProject, updateProject } from '../projects/projects.repository';
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

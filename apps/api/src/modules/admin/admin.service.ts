import type { Kysely } from 'kysely';
import {
  type AuditEntry,
  type AuditLogQuery,
  minorToMajor,
  COMMUNITY_MESSAGES,
  type QueueProject,
  type Report,
  type ResolveReportRequest,
  TOOLS_MESSAGES,
} from '@fundry/shared';
import type { DB, ReportResolution } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { type AccessClaims, isAdmin } from '../auth/tokens';
import type { CommentService } from '../comments/comments.service';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import type { ProjectAccess } from '../projects/project-access';
import {
  featuredRequests,
  findReport,
  insertReport,
  listReports,
  lockReport,
  pendingQueue,
  type QueueRow,
  type ReportRow,
  resolveReports,
  summaryCounts,
} from './admin.repository';
import { listAudit, recordAudit } from './audit.repository';
import type { ModerationService } from './moderation.service';

function requireAdmin(caller: AccessClaims) {
  if (!isAdmin(caller)) throw forbidden('api.admin.onlyAdmin');
}

const pages = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

function toQueueProject(row: QueueRow): QueueProject {
  return {
    id: row.id,
    currency: row.currency,
    title: row.title,
    status: row.status,
    creator: { id: row.creator_id, name: row.full_name || row.username, email: row.email },
    category_name: row.category_name,
    goal_amount: row.goal_cents === null ? null : minorToMajor(Number(row.goal_cents), row.currency),
    funding_model: row.funding_model,
    featured: row.featured,
    featured_requested: row.featured_requested,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    open_reports: Number(row.open_reports ?? 0),
  };
}

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    target_type: row.target_type,
    project: { id: row.project_id, title: row.project_title, status: row.project_status },
    comment:
      row.comment_id === null
        ? null
        : {
            id: row.comment_id,
            body: row.comment_removed_at ? '' : (row.comment_body ?? ''),
            removed: row.comment_removed_at !== null || row.comment_body === null,
          },
    message:
      row.message_id === null
        ? null
        : {
            id: row.message_id,
            body: row.message_body ?? '',
            author:
              row.message_author_id === null
                ? null
                : {
                    id: row.message_author_id,
                    name: row.message_author_name || (row.message_author_username ?? ''),
                  },
          },
    reason: row.reason,
    reporter: { id: row.reporter_id, name: row.reporter_name || row.reporter_username },
    status: row.status,
    resolution: row.resolution,
    resolution_reason: row.resolution_reason,
    created_at: row.created_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

const RESOLUTION_OF: Record<ResolveReportRequest['action'], ReportResolution> = {
  dismiss: 'dismissed',
  reject_project: 'project_rejected',
  remove_comment: 'comment_removed',
};

/** The admin area (DESIGN.md §12): review queues, reports and the audit log. */
export class AdminService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly moderation: ModerationService,
    private readonly comments: CommentService,
    private readonly clock: () => Date,
  ) {}

  async summary(caller: AccessClaims) {
    requireAdmin(caller);
    return summaryCounts(this.db);
  }

  async pending(caller: AccessClaims, page: number, perPage: number) {
    requireAdmin(caller);
    const { rows, total } = await pendingQueue(this.db, page, perPage);
    return {
      data: rows.map(toQueueProject),
      meta: { total, pages: pages(total, perPage), page, per_page: perPage },
    };
  }

  async featuredRequests(caller: AccessClaims, page: number, perPage: number) {
    requireAdmin(caller);
    const { rows, total } = await featuredRequests(this.db, page, perPage);
    return {
      data: rows.map(toQueueProject),
      meta: { total, pages: pages(total, perPage), page, per_page: perPage },
    };
  }

  /** Rejection from the admin area: a reason is required (it is shown to the creator). */
  reject(caller: AccessClaims, projectId: number, reason: string) {
    requireAdmin(caller);
    return this.moderation.revoke(projectId, caller, reason);
  }

  activate(caller: AccessClaims, projectId: number, reason?: string) {
    requireAdmin(caller);
    return this.moderation.activate(projectId, caller, reason);
  }

  /** Any signed-in person reports a project they can see, once. */
  async reportProject(caller: AccessClaims, projectId: number, reason: string): Promise<Report> {
    const project = await this.access.visible(projectId, caller);
    if (project.creator_id === caller.userId) {
      throw new AppError('UNPROCESSABLE', 'api.admin.ownProject');
    }
    const id = await insertReport(this.db, {
      reporterId: caller.userId,
      projectId,
      commentId: null,
      reason,
    });
    if (id === null) throw new AppError('CONFLICT', TOOLS_MESSAGES.alreadyReported);
    return toReport((await findReport(this.db, id))!);
  }

  /** Any signed-in person reports a comment they can see (not their own), once. */
  async reportComment(caller: AccessClaims, commentId: number, reason: string): Promise<Report> {
    const comment = await this.comments.readable(commentId, caller);
    if (comment.removed_at) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.commentRemoved);
    if (comment.author_id === caller.userId) {
      throw new AppError('UNPROCESSABLE', 'api.admin.ownComment');
    }
    const id = await insertReport(this.db, {
      reporterId: caller.userId,
      projectId: comment.project_id,
      commentId,
      reason,
    });
    if (id === null) throw new AppError('CONFLICT', TOOLS_MESSAGES.alreadyReported);
    return toReport((await findReport(this.db, id))!);
  }

  async reports(caller: AccessClaims, status: 'open' | 'resolved', page: number, perPage: number) {
    requireAdmin(caller);
    const { rows, total } = await listReports(this.db, status, page, perPage);
    return {
      data: rows.map(toReport),
      meta: { total, pages: pages(total, perPage), page, per_page: perPage },
    };
  }

  /**
   * Resolves a report: dismiss it, or reject its project (which resolves every open report of the project).
   * Each reporter is told; the resolution is in the audit log.
   */
  async resolve(caller: AccessClaims, reportId: number, request: ResolveReportRequest): Promise<Report> {
    requireAdmin(caller);
    const report = await findReport(this.db, reportId);
    if (!report) throw notFound('report');
    if (report.status !== 'open') throw new AppError('CONFLICT', 'api.admin.alreadyResolved');
    if (request.action === 'remove_comment') {
      if (report.target_type !== 'comment' || report.comment_id === null) {
        throw new AppError('UNPROCESSABLE', 'api.admin.notCommentReport');
      }
      // Removed through the comments' own path (tombstone, counts, audit); one already gone is left as it is.
      if (report.comment_removed_at === null && report.comment_body !== null) {
        await this.comments.remove(report.comment_id, caller, request.reason);
      }
    }
    if (request.action === 'reject_project') {
      if (report.target_type !== 'project') {
        throw new AppError('UNPROCESSABLE', 'api.admin.notProjectReport');
      }
      // A project already taken down needs no second rejection; the reports are still resolved.
      if (report.project_status === 'PENDING' || report.project_status === 'ACTIVE') {
        await this.moderation.revoke(report.project_id, caller, request.reason);
      }
    }
    const resolution = RESOLUTION_OF[request.action];
    await this.db.transaction().execute(async (trx) => {
      const locked = await lockReport(trx, reportId);
      if (!locked || locked.status !== 'open') {
        throw new AppError('CONFLICT', 'api.admin.alreadyResolved');
      }
      const resolved = await resolveReports(
        trx,
        request.action === 'reject_project'
          ? { projectId: report.project_id }
          : request.action === 'remove_comment' && report.comment_id !== null
            ? { commentId: report.comment_id }
            : { id: reportId },
        { resolution, reason: request.reason, resolvedBy: caller.userId, at: this.clock() },
      );
      for (const row of resolved) {
        await recordAudit(trx, {
          actorId: caller.userId,
          action: 'report.resolve',
          targetType: 'report',
          targetId: row.id,
          projectId: row.project_id,
          reason: request.reason,
          details: { resolution },
        });
      }
      await insertNotifications(
        trx,
        resolved.map((row) => ({
          userId: row.reporter_id,
          type: 'REPORT_RESOLVED',
          message: notificationMessages.reportResolved(resolution, report.project_title),
          projectId: row.project_id,
        })),
      );
    });
    return toReport((await findReport(this.db, reportId))!);
  }

  async auditLog(caller: AccessClaims, query: AuditLogQuery) {
    requireAdmin(caller);
    const { rows, total } = await listAudit(this.db, query);
    const data: AuditEntry[] = rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor: row.actor_id === null ? null : { id: row.actor_id, name: row.full_name || row.username || '' },
      target_type: row.target_type,
      target_id: row.target_id,
      project: row.project_id === null ? null : { id: row.project_id, title: row.project_title ?? '' },
      reason: row.reason,
      details: row.details,
      created_at: row.created_at.toISOString(),
    }));
    return {
      data,
      meta: { total, pages: pages(total, query.per_page), page: query.page, per_page: query.per_page },
    };
  }
}

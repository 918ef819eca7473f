import type { Kysely } from 'kysely';
import {
  COMMUNITY_MESSAGES,
  type FiledReport,
  MODERATION_MESSAGES,
  type Report,
  type ReportRequest,
  type ResolveReportRequest,
  TOOLS_MESSAGES,
} from '@fundry/shared';
import type { DB, ReportResolution } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { type AccessClaims, isAdmin } from '../auth/tokens';
import { countCommentReport, endCommentReview } from '../comments/comments.repository';
import type { CommentService } from '../comments/comments.service';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import { may, type ProjectAccess } from '../projects/project-access';
import { findUserById } from '../users/users.repository';
import { recordAudit } from './audit.repository';
import type { ModerationService } from './moderation.service';
import {
  findReportGroup,
  insertReport,
  listReportGroups,
  lockReport,
  type ReportedThing,
  type ReportRow,
  resolveReportsOf,
} from './reports.repository';

const nameOf = (full: string | null, username: string | null) => full || (username ?? '');

/** A reported thing with all its reports (oldest first), as the admins read it. */
function toReport(rows: ReportRow[]): Report {
  const first = rows[0]!;
  return {
    id: first.id,
    target_type: first.target_type,
    project:
      first.project_id === null
        ? null
        : { id: first.project_id, title: first.project_title ?? '', status: first.project_status ?? '' },
    comment:
      first.comment_id === null
        ? null
        : {
            id: first.comment_id,
            body: first.comment_removed_at ? '' : (first.comment_body ?? ''),
            removed: first.comment_removed_at !== null || first.comment_body === null,
            hidden: first.comment_removed_at === null && first.comment_hidden_at !== null,
          },
    message:
      first.message_id === null
        ? null
        : {
            id: first.message_id,
            body: first.message_body ?? '',
            author:
              first.message_author_id === null
                ? null
                : {
                    id: first.message_author_id,
                    name: nameOf(first.message_author_name, first.message_author_username),
                  },
          },
    user:
      first.reported_user_id === null
        ? null
        : {
            id: first.reported_user_id,
            name: nameOf(first.reported_user_name, first.reported_user_username),
          },
    reporters_count: rows.length,
    reports: rows.map((row) => ({
      id: row.id,
      reporter: { id: row.reporter_id, name: nameOf(row.reporter_name, row.reporter_username) },
      reason: row.reason,
      category: row.category,
      created_at: row.created_at.toISOString(),
    })),
    status: first.status,
    resolution: first.resolution,
    resolution_reason: first.resolution_reason,
    created_at: first.created_at.toISOString(),
    resolved_at: first.resolved_at?.toISOString() ?? null,
  };
}

type Filed = NonNullable<Awaited<ReturnType<typeof insertReport>>>;

export function toFiledReport(row: Filed): FiledReport {
  return {
    id: row.id,
    target_type: row.target_type,
    reason: row.reason,
    category: row.category,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

const RESOLUTION_OF: Record<ResolveReportRequest['action'], ReportResolution> = {
  dismiss: 'dismissed',
  reject_project: 'project_rejected',
  remove_comment: 'comment_removed',
};

const pages = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/**
 * One report flow (DESIGN.md §18): a project, a comment, a message thread (messages.service) and a person are
 * reported with the reporter's words and a category, once per reporter and thing (a second answers 409). The
 * admins read each reported thing once with all its reports; resolving it tells every reporter the outcome.
 * A comment reported by `hideAfterReports` distinct people, or by its project's creator, is hidden while reviewed.
 */
export class ReportService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly moderation: ModerationService,
    private readonly comments: CommentService,
    private readonly hideAfterReports: number,
    private readonly clock: () => Date,
  ) {}

  /** Inserts the caller's report of a thing; 409 when they already reported it. */
  async file(db: Kysely<DB>, caller: AccessClaims, thing: ReportedThing, request: ReportRequest) {
    const row = await insertReport(db, {
      reporterId: caller.userId,
      thing,
      reason: request.reason,
      category: request.category,
    });
    if (!row) throw new AppError('CONFLICT', TOOLS_MESSAGES.alreadyReported);
    return toFiledReport(row);
  }

  /** Any signed-in person reports a project they can see (not their own). */
  async reportProject(caller: AccessClaims, projectId: number, request: ReportRequest) {
    const project = await this.access.visible(projectId, caller);
    if (project.creator_id === caller.userId) {
      throw new AppError('UNPROCESSABLE', 'api.admin.ownProject');
    }
    return this.file(this.db, caller, { type: 'project', projectId }, request);
  }

  /**
   * Any signed-in person reports a comment they can see (not their own). The report and the comment's count of
   * reporters move together, so the comment is hidden by exactly the report that reaches the threshold.
   */
  async reportComment(caller: AccessClaims, commentId: number, request: ReportRequest) {
    const comment = await this.comments.readable(commentId, caller);
    if (comment.removed_at) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.commentRemoved);
    if (comment.author_id === caller.userId) {
      throw new AppError('UNPROCESSABLE', 'api.admin.ownComment');
    }
    const project = await this.access.visible(comment.project_id, caller);
    const byTeam = may(caller, project, 'moderate_comments', await this.access.team(caller, project));
    return this.db.transaction().execute(async (trx) => {
      const filed = await this.file(
        trx,
        caller,
        { type: 'comment', projectId: comment.project_id, commentId },
        request,
      );
      await countCommentReport(trx, commentId, {
        hideAfter: this.hideAfterReports,
        byCreator: byTeam,
        at: this.clock(),
        reporterId: caller.userId,
      });
      return filed;
    });
  }

  /** Any signed-in person reports another person (POST users/{id}/report). */
  async reportUser(caller: AccessClaims, userId: number, request: ReportRequest) {
    if (userId === caller.userId) throw new AppError('UNPROCESSABLE', MODERATION_MESSAGES.ownProfile);
    if (!(await findUserById(this.db, userId))) throw notFound('profile');
    return this.file(this.db, caller, { type: 'user', userId }, request);
  }

  async list(caller: AccessClaims, status: 'open' | 'resolved', page: number, perPage: number) {
    if (!isAdmin(caller)) throw forbidden('api.admin.onlyAdmin');
    const { groups, total } = await listReportGroups(this.db, status, page, perPage);
    return {
      data: groups.filter((rows) => rows.length > 0).map(toReport),
      meta: { total, pages: pages(total, perPage), page, per_page: perPage },
    };
  }

  /**
   * Resolves a reported thing through any of its open reports: dismiss (a hidden comment is shown again), reject
   * its project, or remove its comment. Every open report of the thing is resolved, each reporter is told in the
   * notification centre (written in their language when they read it), and the audit log records each.
   */
  async resolve(caller: AccessClaims, reportId: number, request: ResolveReportRequest): Promise<Report> {
    if (!isAdmin(caller)) throw forbidden('api.admin.onlyAdmin');
    const group = await findReportGroup(this.db, reportId);
    if (!group) throw notFound('report');
    const report = group[0]!;
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
      if (report.target_type !== 'project' || report.project_id === null) {
        throw new AppError('UNPROCESSABLE', 'api.admin.notProjectReport');
      }
      // A project already taken down needs no second rejection; the reports are still resolved.
      if (report.project_status === 'PENDING' || report.project_status === 'ACTIVE') {
        await this.moderation.revoke(report.project_id, caller, request.reason);
      }
    }
    const resolution = RESOLUTION_OF[request.action];
    const outcome =
      report.target_type === 'user'
        ? notificationMessages.personReportReviewed(
            nameOf(report.reported_user_name, report.reported_user_username),
          )
        : notificationMessages.reportResolved(resolution, report.project_title ?? '');
    await this.db.transaction().execute(async (trx) => {
      const locked = await lockReport(trx, report.id);
      if (!locked || locked.status !== 'open') {
        throw new AppError('CONFLICT', 'api.admin.alreadyResolved');
      }
      const resolved = await resolveReportsOf(trx, report, {
        resolution,
        reason: request.reason,
        resolvedBy: caller.userId,
        at: this.clock(),
      });
      // Reviewed: a hidden comment kept is shown again; a removed one is a tombstone either way.
      if (report.comment_id !== null) await endCommentReview(trx, report.comment_id);
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
          message: outcome,
          projectId: row.project_id,
        })),
      );
    });
    const after = await findReportGroup(this.db, report.id);
    return toReport(after!);
  }
}

import type { Kysely } from 'kysely';
import { type AuditEntry, type AuditLogQuery, minorToMajor, type QueueProject } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { forbidden } from '../../errors';
import { type AccessClaims, isAdmin } from '../auth/tokens';
import { featuredRequests, pendingQueue, type QueueRow, summaryCounts } from './admin.repository';
import { listAudit } from './audit.repository';
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

/** The admin area (DESIGN.md §12): review queues and the audit log; reports are ReportService's. */
export class AdminService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly moderation: ModerationService,
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

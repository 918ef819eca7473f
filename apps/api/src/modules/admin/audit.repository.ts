import type { Kysely } from 'kysely';
import type { AuditAction, AuditLogQuery, AuditTargetType } from '@fundry/shared';
import type { DB } from '../../db/schema';

export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  projectId?: number | null;
  reason?: string | null;
  details?: Record<string, unknown> | null;
}

/** One row of the audit log, written in the transaction of the action it records (DESIGN.md §12). */
export async function recordAudit(db: Kysely<DB>, entry: AuditRecord) {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      project_id: entry.projectId ?? null,
      reason: entry.reason ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

/** The audit log, newest first, with its filters; the page and the total. */
export async function listAudit(db: Kysely<DB>, query: AuditLogQuery) {
  let filtered = db.selectFrom('audit_log as a');
  if (query.action) filtered = filtered.where('a.action', '=', query.action);
  if (query.actor_id) filtered = filtered.where('a.actor_id', '=', query.actor_id);
  if (query.project_id) filtered = filtered.where('a.project_id', '=', query.project_id);
  if (query.from) filtered = filtered.where('a.created_at', '>=', new Date(`${query.from}T00:00:00Z`));
  if (query.to) {
    filtered = filtered.where(
      'a.created_at',
      '<',
      new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000),
    );
  }
  const [rows, count] = await Promise.all([
    filtered
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .leftJoin('projects as p', 'p.id', 'a.project_id')
      .select([
        'a.id',
        'a.action',
        'a.actor_id',
        'u.full_name',
        'u.username',
        'a.target_type',
        'a.target_id',
        'a.project_id',
        'p.title as project_title',
        'a.reason',
        'a.details',
        'a.created_at',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

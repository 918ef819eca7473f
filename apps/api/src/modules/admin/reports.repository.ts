import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB, ReportCategory, ReportResolution } from '../../db/schema';

/** What a report is about, with the rows it names. */
export type ReportedThing =
  | { type: 'project'; projectId: number }
  | { type: 'comment'; projectId: number; commentId: number }
  | { type: 'message'; projectId: number; messageId: number }
  | { type: 'user'; userId: number };

/** The id of the reported thing within its type: the key that groups the reports of one thing. */
const targetKey = (alias: string): RawBuilder<number> =>
  sql<number>`case ${sql.ref(`${alias}.target_type`)}
    when 'project' then ${sql.ref(`${alias}.project_id`)}
    when 'comment' then ${sql.ref(`${alias}.comment_id`)}
    when 'message' then ${sql.ref(`${alias}.message_id`)}
    else ${sql.ref(`${alias}.reported_user_id`)} end`;

/** Inserts a report once per person and thing; null when this person already reported it. */
export async function insertReport(
  db: Kysely<DB>,
  report: { reporterId: number; thing: ReportedThing; reason: string; category: ReportCategory },
) {
  const { thing } = report;
  const inserted = await db
    .insertInto('reports')
    .values({
      reporter_id: report.reporterId,
      target_type: thing.type,
      project_id: thing.type === 'user' ? null : thing.projectId,
      comment_id: thing.type === 'comment' ? thing.commentId : null,
      message_id: thing.type === 'message' ? thing.messageId : null,
      reported_user_id: thing.type === 'user' ? thing.userId : null,
      reason: report.reason,
      category: report.category,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'target_type', 'reason', 'category', 'status', 'created_at'])
    .executeTakeFirst();
  return inserted ?? null;
}

function reportBase(db: Kysely<DB>) {
  return db
    .selectFrom('reports as r')
    .leftJoin('projects as p', 'p.id', 'r.project_id')
    .innerJoin('users as u', 'u.id', 'r.reporter_id')
    .leftJoin('comments as c', 'c.id', 'r.comment_id')
    .leftJoin('messages as m', 'm.id', 'r.message_id')
    .leftJoin('users as mu', 'mu.id', 'm.author_id')
    .leftJoin('users as ru', 'ru.id', 'r.reported_user_id')
    .select([
      'r.id',
      'r.target_type',
      'r.project_id',
      'p.title as project_title',
      'p.status as project_status',
      'r.comment_id',
      'c.body as comment_body',
      'c.removed_at as comment_removed_at',
      'c.hidden_at as comment_hidden_at',
      'r.message_id',
      'm.body as message_body',
      'm.author_id as message_author_id',
      'mu.full_name as message_author_name',
      'mu.username as message_author_username',
      'r.reported_user_id',
      'ru.full_name as reported_user_name',
      'ru.username as reported_user_username',
      'r.reason',
      'r.category',
      'r.reporter_id',
      'u.full_name as reporter_name',
      'u.username as reporter_username',
      'r.status',
      'r.resolution',
      'r.resolution_reason',
      'r.created_at',
      'r.resolved_at',
    ]);
}

export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportBase>['execute']>>[number];

/** The reports of each thing in the page (oldest report first), in the order of the page's `ids`. */
async function groupsOf(db: Kysely<DB>, idsPerGroup: number[][]) {
  const ids = idsPerGroup.flat();
  if (ids.length === 0) return [];
  const rows = await reportBase(db).where('r.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return idsPerGroup.map((group) => group.map((id) => byId.get(id)).filter((row) => row !== undefined));
}

/**
 * A page of reported things in one state (open: the oldest first report first; resolved: the newest resolution
 * first), each once with all its reports in that state. Resolving resolves a thing's open reports together, so
 * a thing's resolved reports share their `resolved_at` and a thing reported again after one review is listed
 * once per review.
 */
export async function listReportGroups(
  db: Kysely<DB>,
  status: 'open' | 'resolved',
  page: number,
  perPage: number,
) {
  const groups = db
    .selectFrom('reports as r')
    .where('r.status', '=', status)
    .groupBy(['r.target_type', targetKey('r'), 'r.resolved_at']);
  const [page_, count] = await Promise.all([
    groups
      .select([
        sql<number[]>`array_agg(r.id order by r.created_at, r.id)`.as('ids'),
        sql<Date>`min(r.created_at)`.as('first_at'),
        sql<number>`min(r.id)`.as('first_id'),
        'r.resolved_at',
      ])
      .orderBy(
        status === 'open' ? sql`min(r.created_at)` : sql`r.resolved_at`,
        status === 'open' ? 'asc' : 'desc',
      )
      .orderBy(sql`min(r.id)`)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom(groups.select(sql`1`.as('one')).as('g'))
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    groups: await groupsOf(
      db,
      page_.map((row) => row.ids.map(Number)),
    ),
    total: Number(count.total),
  };
}

/** The reported thing a report belongs to, with every report of it in the same state (and review). */
export async function findReportGroup(db: Kysely<DB>, id: number) {
  const members = await db
    .selectFrom('reports as r')
    .innerJoin('reports as o', (join) =>
      join
        .onRef('o.target_type', '=', 'r.target_type')
        .on(sql<boolean>`${targetKey('o')} = ${targetKey('r')}`)
        .onRef('o.status', '=', 'r.status')
        .on(sql<boolean>`o.resolved_at is not distinct from r.resolved_at`),
    )
    .select('o.id')
    .where('r.id', '=', id)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();
  const [group] = await groupsOf(db, [members.map((row) => row.id)]);
  return group && group.length > 0 ? group : undefined;
}

export function lockReport(db: Kysely<DB>, id: number) {
  return db.selectFrom('reports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Resolves every open report of the thing the given report is about (or, rejecting a project, every open report
 * of that project itself) and returns who reported them, so each reporter is told.
 */
export async function resolveReportsOf(
  db: Kysely<DB>,
  report: { target_type: string; id: number },
  resolution: { resolution: ReportResolution; reason: string; resolvedBy: number; at: Date },
) {
  return db
    .updateTable('reports as r')
    .set({
      status: 'resolved',
      resolution: resolution.resolution,
      resolution_reason: resolution.reason,
      resolved_by: resolution.resolvedBy,
      resolved_at: resolution.at,
    })
    .where('r.status', '=', 'open')
    .where('r.target_type', '=', report.target_type as ReportRow['target_type'])
    .where(
      targetKey('r'),
      '=',
      db.selectFrom('reports as o').select(targetKey('o').as('key')).where('o.id', '=', report.id),
    )
    .returning(['r.id', 'r.reporter_id', 'r.project_id'])
    .execute();
}

import { type Kysely, sql } from 'kysely';
import type { AdminUsersQuery, SanctionKind, SuspensionReason } from '@fundry/shared';
import { LIVE_PLEDGES } from '../../db/literals';
import type { DB } from '../../db/schema';

/** Every suspended account's id, read through the partial index `users_suspended_idx` (migration 0052). */
export async function suspendedUserIds(db: Kysely<DB>): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('suspended_at', 'is not', null).execute();
  return rows.map((row) => row.id);
}

/** The end of the person's silence when one is in force now, else null: the check of every public write. */
export async function silencedUntil(db: Kysely<DB>, userId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('users')
    .select('silenced_until')
    .where('id', '=', userId)
    .where('silenced_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.silenced_until ?? null;
}

/** The account a sanction is about, locked so that two admins acting at once act one after the other. */
export function lockSanctionTarget(trx: Kysely<DB>, userId: number) {
  return trx
    .selectFrom('users')
    .select([
      'id',
      'email',
      'full_name',
      'locale',
      'last_locale',
      'silenced_until',
      'suspended_at',
      'deleted_at',
    ])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function isAdminAccount(db: Kysely<DB>, userId: number) {
  const row = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('ur.user_id')
    .where('ur.user_id', '=', userId)
    .where('r.name', '=', 'Admin')
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewSanction {
  userId: number;
  kind: SanctionKind;
  reason: SuspensionReason;
  message: string;
  until: Date | null;
  createdBy: number;
}

/** A sanction begins: its history row and the column the checks read. */
export async function startSanction(trx: Kysely<DB>, sanction: NewSanction, now: Date) {
  await trx
    .insertInto('user_sanctions')
    .values({
      user_id: sanction.userId,
      kind: sanction.kind,
      reason: sanction.reason,
      message: sanction.message,
      until: sanction.until,
      created_by: sanction.createdBy,
      created_at: now,
    })
    .execute();
  await trx
    .updateTable('users')
    .set(sanction.kind === 'silence' ? { silenced_until: sanction.until } : { suspended_at: now })
    .where('id', '=', sanction.userId)
    .execute();
}

/** Every sanction of the person still open ends now (`kinds`: which); the checks' columns are cleared with them. */
export async function endSanctions(
  trx: Kysely<DB>,
  userId: number,
  kinds: readonly SanctionKind[],
  endedBy: number,
  now: Date,
) {
  await trx
    .updateTable('user_sanctions')
    .set({ ended_at: now, ended_by: endedBy })
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('ended_at', 'is', null)
    .execute();
  await trx
    .updateTable('users')
    .set({
      ...(kinds.includes('silence') ? { silenced_until: null } : {}),
      ...(kinds.includes('suspend') ? { suspended_at: null } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

/** The person's live campaigns, which a suspension puts on hold. */
export function liveProjectIdsOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('projects')
    .select('id')
    .where('creator_id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .execute();
}

// ------------------------------------------------------------------------------------------- the directory

/** The directory's page: accounts whose name, username or e-mail contains `q` (any case), newest first. */
export async function searchUsers(db: Kysely<DB>, query: AdminUsersQuery) {
  let filtered = db.selectFrom('users as u').where('u.deleted_at', 'is', null);
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filtered = filtered.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['u.full_name']), 'like', pattern),
        eb(eb.fn('lower', ['u.username']), 'like', pattern),
        eb(eb.fn('lower', ['u.email']), 'like', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    filtered
      .select([
        'u.id',
        'u.username',
        'u.full_name',
        'u.email',
        'u.silenced_until',
        'u.suspended_at',
        'u.created_at',
        sql<string[]>`array(select r.name from user_roles ur join roles r on r.id = ur.role_id
                            where ur.user_id = u.id order by r.name)`.as('roles'),
      ])
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findAccount(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.username',
      'u.full_name',
      'u.email',
      'u.email_verified_at',
      'u.totp_enabled_at',
      'u.locale',
      'u.silenced_until',
      'u.suspended_at',
      'u.created_at',
      sql<string[]>`array(select r.name from user_roles ur join roles r on r.id = ur.role_id
                          where ur.user_id = u.id order by r.name)`.as('roles'),
    ])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The most projects the record lists (their counts by status cover them all). */
const RECORD_PROJECTS = 100;
/** The most reports each side of the record lists, newest first. */
const RECORD_REPORTS = 50;

export async function projectsOf(db: Kysely<DB>, userId: number) {
  const [list, counts] = await Promise.all([
    db
      .selectFrom('projects')
      .select(['id', 'title', 'status', 'created_at'])
      .where('creator_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECORD_PROJECTS)
      .execute(),
    db
      .selectFrom('projects')
      .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('creator_id', '=', userId)
      .groupBy('status')
      .execute(),
  ]);
  return { list, counts };
}

/** Live and collected pledges of the person, counted and summed per currency (minor units). */
export function pledgeTotalsOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('donations')
    .select([
      'currency',
      (eb) => eb.fn.countAll<string>().as('count'),
      (eb) => eb.fn.sum<string>('amount_cents').as('amount_cents'),
    ])
    .where('donor_id', '=', userId)
    .where(sql<boolean>`status in (${sql.join(LIVE_PLEDGES)})`)
    .groupBy('currency')
    .orderBy('currency')
    .execute();
}

function selectReports(db: Kysely<DB>) {
  return (
    db
      .selectFrom('reports as r')
      // A report of a person names no project.
      .leftJoin('projects as p', 'p.id', 'r.project_id')
      .innerJoin('users as reporter', 'reporter.id', 'r.reporter_id')
      .select([
        'r.id',
        'r.target_type',
        'r.project_id',
        'p.title as project_title',
        'r.reporter_id',
        sql<string>`coalesce(nullif(reporter.full_name, ''), reporter.username)`.as('reporter_name'),
        'r.reason',
        'r.status',
        'r.created_at',
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(RECORD_REPORTS)
  );
}

/** Reports about the person, and about what they made: their projects, their comments and their messages. */
export function reportsAbout(db: Kysely<DB>, userId: number) {
  return selectReports(db)
    .where((eb) =>
      eb.or([
        eb('r.reported_user_id', '=', userId),
        eb.and([eb('r.target_type', '=', 'project'), eb('p.creator_id', '=', userId)]),
        eb.exists(
          eb
            .selectFrom('comments as c')
            .select('c.id')
            .whereRef('c.id', '=', 'r.comment_id')
            .where('c.author_id', '=', userId),
        ),
        eb.exists(
          eb
            .selectFrom('messages as m')
            .select('m.id')
            .whereRef('m.id', '=', 'r.message_id')
            .where('m.author_id', '=', userId),
        ),
      ]),
    )
    .execute();
}

export function reportsBy(db: Kysely<DB>, userId: number) {
  return selectReports(db).where('r.reporter_id', '=', userId).execute();
}

/** The person's sanctions, newest first, with the admins who began and ended them. */
export function sanctionsOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('user_sanctions as s')
    .leftJoin('users as creator', 'creator.id', 's.created_by')
    .leftJoin('users as ender', 'ender.id', 's.ended_by')
    .select([
      's.id',
      's.kind',
      's.reason',
      's.message',
      's.until',
      's.created_by',
      sql<string | null>`coalesce(nullif(creator.full_name, ''), creator.username)`.as('created_by_name'),
      's.created_at',
      's.ended_at',
      's.ended_by',
      sql<string | null>`coalesce(nullif(ender.full_name, ''), ender.username)`.as('ended_by_name'),
    ])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}
export type SanctionRow = Awaited<ReturnType<typeof sanctionsOf>>[number];

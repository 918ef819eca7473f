import { type ExpressionBuilder, type Kysely, type OrderByItemBuilder, sql } from 'kysely';
import { sumInBase, toBaseFigure } from '../../db/base-amounts';
import { LIVE_PLEDGES, literals } from '../../db/literals';
import type { DB, NewProject, ProjectStatusValue, ProjectsTable, ProjectUpdate } from '../../db/schema';

/** One query gives a project with its category and creator: lists never go back for more per row. */
export function selectProjects(db: Kysely<DB>) {
  return db
    .selectFrom('projects as p')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.creator_id',
      'p.category_id',
      'p.title',
      'p.description',
      'p.description_text',
      'p.risks_and_challenges',
      'p.status',
      'p.funding_model',
      'p.featured',
      'p.featured_requested',
      'p.goal_cents',
      'p.current_cents',
      'p.backers_count',
      'p.start_date',
      'p.end_date',
      'p.image_url',
      'p.image_card_url',
      'p.video_url',
      'p.revocation_reason',
      'p.revocation_date',
      'p.created_at',
      'p.updated_at',
      'p.language',
      'p.currency',
      'p.base_rate',
      // In project_records' order (migration 0051), which reads the same columns.
      'p.ended_at',
      'p.end_message',
      'p.suspension_reason',
      'c.name as category_name',
      'u.username as creator_username',
      'u.full_name as creator_full_name',
      'u.profile_image as creator_profile_image',
    ]);
}

export type ProjectRecord = Awaited<ReturnType<ReturnType<typeof selectProjects>['executeTakeFirstOrThrow']>>;

export function findProject(db: Kysely<DB>, id: number) {
  return selectProjects(db).where('p.id', '=', id).executeTakeFirst();
}

/**
 * How many of the project's rewards were sent, of how many pledged (DESIGN.md §17): counters kept on its row by
 * triggers (migration 0033), and its late pledges' state and counters (§16, migration 0035), read for the project
 * page only, so list cards and `project_records` stay as they are.
 */
export async function rewardCounters(db: Kysely<DB>, id: number) {
  const row = await db
    .selectFrom('projects')
    .select([
      'rewards_sent',
      'rewards_total',
      'late_pledges_open',
      'late_pledges_until',
      'late_cents',
      'late_backers_count',
      'followers_count',
      'pledge_over_time',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return {
    followers_count: row?.followers_count ?? 0,
    pledge_over_time: row?.pledge_over_time ?? false,
    rewards_sent: row?.rewards_sent ?? 0,
    rewards_total: row?.rewards_total ?? 0,
    late: {
      open: row?.late_pledges_open ?? false,
      until: row?.late_pledges_until ?? null,
      cents: Number(row?.late_cents ?? 0),
      backers: row?.late_backers_count ?? 0,
    },
  };
}

export function lockProject(db: Kysely<DB>, id: number) {
  return db.selectFrom('projects').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertProject(db: Kysely<DB>, values: NewProject) {
  const { id } = await db.insertInto('projects').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** True once the project has had a pledge of any status (its currency is then fixed). */
export async function hasDonations(db: Kysely<DB>, projectId: number): Promise<boolean> {
  const row = await db
    .selectFrom('donations')
    .select('id')
    .where('project_id', '=', projectId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function updateProject(db: Kysely<DB>, id: number, changes: ProjectUpdate) {
  return db
    .updateTable('projects')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export type ProjectOrder =
  | {
      by:
        | 'created_at'
        | 'updated_at'
        | 'title'
        | 'end_date'
        | 'start_date'
        | 'goal_amount'
        | 'current_amount'
        | 'backers_count';
      direction: 'asc' | 'desc';
    }
  | { by: 'relevance' };

export interface ProjectListFilter {
  statuses: readonly ProjectStatusValue[];
  creatorId?: number;
  categoryIds?: readonly number[];
  /** For ACTIVE projects: running today, or not started yet (UTC calendar dates). */
  timing?: { kind: 'running' | 'upcoming'; today: string };
  progress?: readonly ('under25' | '25to75' | '75to99' | 'funded')[];
  search?: string;
  /** Bounds on the goal and on the amount raised, in major units of the base currency (DESIGN.md §15). */
  goal?: AmountRange;
  raised?: AmountRange;
  order: ProjectOrder;
  page: number;
  perPage: number;
}

export interface AmountRange {
  min?: number;
  max?: number;
}

/**
 * A project's amount in major units of the base currency through its `base_rate` (migration 0030): null while the
 * rate is unknown, so such a project sorts after the known ones and matches no amount bound.
 */
const inBase = (minor: 'goal_cents' | 'current_cents') =>
  sql<string | null>`base_amount(${sql.ref(`p.${minor}`)}, p.currency, p.base_rate)`;

const SORT_KEYS = {
  created_at: sql.ref('p.created_at'),
  updated_at: sql.ref('p.updated_at'),
  title: sql.ref('p.title'),
  end_date: sql.ref('p.end_date'),
  start_date: sql.ref('p.start_date'),
  goal_amount: inBase('goal_cents'),
  current_amount: inBase('current_cents'),
  backers_count: sql.ref('p.backers_count'),
} as const;

const NULLABLE_SORTS = new Set(['end_date', 'start_date', 'goal_amount', 'current_amount']);

/** Progress buckets as integer comparisons of raised against goal (no division, no rounding). */
const PROGRESS_SQL = {
  under25: sql<boolean>`p.current_cents * 4 < p.goal_cents`,
  '25to75': sql<boolean>`(p.current_cents * 4 >= p.goal_cents and p.current_cents * 4 < p.goal_cents * 3)`,
  '75to99': sql<boolean>`(p.current_cents * 4 >= p.goal_cents * 3 and p.current_cents < p.goal_cents)`,
  funded: sql<boolean>`p.current_cents >= p.goal_cents`,
} as const;

const PROGRESS_BUCKET_NAMES = Object.keys(PROGRESS_SQL) as (keyof typeof PROGRESS_SQL)[];

const searchQuery = (text: string) => sql`websearch_to_tsquery('english', ${text})`;

/**
 * Rows by a list of ids as one array parameter: the statement's text is the same however many ids a page holds, so
 * each connection prepares it once and PostgreSQL keeps its plan, where `in ($1, …, $n)` was a new statement, planned
 * again, for every length.
 */
const anyOf = (ids: readonly number[]) => sql<number>`any(${ids}::integer[])`;

function matching(filter: ProjectListFilter) {
  return (eb: ExpressionBuilder<DB & { p: ProjectsTable }, 'p'>) => {
    const conditions = [eb('p.status', 'in', literals(filter.statuses))];
    if (filter.creatorId !== undefined) conditions.push(eb('p.creator_id', '=', filter.creatorId));
    if (filter.timing?.kind === 'running') {
      conditions.push(
        eb('p.start_date', '<=', filter.timing.today),
        eb('p.end_date', '>=', filter.timing.today),
      );
    }
    if (filter.timing?.kind === 'upcoming') conditions.push(eb('p.start_date', '>', filter.timing.today));
    if (filter.progress?.length) {
      conditions.push(
        eb('p.goal_cents', '>', 0),
        eb.or(filter.progress.map((bucket) => PROGRESS_SQL[bucket])),
      );
    }
    for (const [minor, range] of [
      ['goal_cents', filter.goal],
      ['current_cents', filter.raised],
    ] as const) {
      // Decimal text, so the bound is compared as an exact numeric, never as a float.
      if (range?.min !== undefined)
        conditions.push(eb(inBase(minor), '>=', sql<string>`${String(range.min)}::numeric`));
      if (range?.max !== undefined)
        conditions.push(eb(inBase(minor), '<=', sql<string>`${String(range.max)}::numeric`));
    }
    const categoryIds = filter.categoryIds?.length ? filter.categoryIds : undefined;
    if (filter.search && categoryIds) {
      // The words within the categories and progress buckets asked for, from one index (migrations 0019, 0021).
      const text = filter.search;
      const buckets = filter.progress?.length ? filter.progress : [...PROGRESS_BUCKET_NAMES, 'none'];
      const scoped = categoryIds.flatMap((id) =>
        buckets.map((bucket) => sql`scoped(${`${id}.${bucket}`}, ${searchQuery(text)})`),
      );
      conditions.push(eb(sql`p.search_in_category`, '@@', sql`(${sql.join(scoped, sql` || `)})`));
    } else {
      if (categoryIds) conditions.push(eb('p.category_id', 'in', categoryIds));
      if (filter.search) conditions.push(eb(sql`p.search_vector`, '@@', searchQuery(filter.search)));
    }
    return eb.and(conditions);
  };
}

/**
 * The ids of one page of a list without words, in its order, picked from `projects` alone (an index, often without
 * touching the table, however deep the page). The service then reads those projects whole, most of them from the
 * page cache: as one statement with the joins, PostgreSQL planned the pick and the joins together on every request
 * (about 1 ms, more than running it). Such a list is counted apart (see the service): a window count here would
 * read every match.
 */
export async function pickListPage(db: Kysely<DB>, filter: ProjectListFilter) {
  const rows = await pickQuery(db, filter).execute();
  return rows.map((row) => row.id);
}

/**
 * One page of a search, whole, in its order, with the count of its matches, in one statement: the page is picked
 * as in `pickListPage`, and its projects read by `project_records` (migration 0022), whose query keeps its plan.
 * The pick reads every match anyway (from the full-text index, to rank or sort them), so it counts them as it goes
 * instead of a second query doing it all again. A search's projects are read here rather than from the page cache:
 * most of them would be missing from it, and a second statement for them cost a round trip.
 */
export async function searchPage(db: Kysely<DB>, filter: ProjectListFilter) {
  const { direction, nullsLast } = ordering(filter);
  const order = sql.raw(`${direction}${nullsLast ? ' nulls last' : ''}`);
  const pick = pickQuery(db, filter).select(sql<number>`count(*) over ()`.as('match_count'));
  const { rows } = await sql<ProjectRecord & { match_count: number }>`
    with pick as materialized (${pick})
    select found.*, pick.match_count
    from pick join project_records(array(select id from pick)) found on found.id = pick.id
    order by pick.sort_key ${order}, pick.id ${sql.raw(direction)}`.execute(db);
  return rows;
}

function pickQuery(db: Kysely<DB>, filter: ProjectListFilter) {
  const { sortKey, direction, nullsLast } = ordering(filter);
  // Nullable columns sort their nulls last; the others keep the plain order their indexes have.
  const inOrder = (ob: OrderByItemBuilder) => {
    const ordered = direction === 'asc' ? ob.asc() : ob.desc();
    return nullsLast ? ordered.nullsLast() : ordered;
  };
  return db
    .selectFrom('projects as p')
    .select(['p.id', sortKey.as('sort_key')])
    .where(matching(filter))
    .orderBy('sort_key', inOrder)
    .orderBy('p.id', direction)
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
}

function ordering({ order, search }: ProjectListFilter) {
  const relevance = order.by === 'relevance';
  return {
    direction: relevance ? 'desc' : order.direction,
    nullsLast: !relevance && NULLABLE_SORTS.has(order.by),
    sortKey: relevance
      ? sql<number>`ts_rank_cd(p.search_vector, ${searchQuery(search ?? '')})`
      : SORT_KEYS[order.by],
  };
}

/** How many projects the list holds across all its pages. */
export async function countProjects(db: Kysely<DB>, filter: ProjectListFilter) {
  const counted = await db
    .selectFrom('projects as p')
    .where(matching(filter))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** The number every change to the public titles bumps (migration 0024), as text: only its changes matter. */
export async function publicTitlesVersion(db: Kysely<DB>) {
  const row = await db
    .selectFrom('public_titles_version')
    .select(sql<string>`version::text`.as('version'))
    .executeTakeFirstOrThrow();
  return row.version;
}

/** Every title of the given statuses with its category, the most backed first: what the typeahead index holds. */
export function titlesForTypeahead(db: Kysely<DB>, statuses: readonly ProjectStatusValue[]) {
  return db
    .selectFrom('projects as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.title', 'c.name as category_name', 'p.backers_count'])
    .where('p.status', 'in', statuses)
    .orderBy('p.backers_count', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/** Discovery: the ids of featured campaigns running today, newest first. */
export async function featuredProjectIds(db: Kysely<DB>, today: string, limit: number) {
  const rows = await db
    .selectFrom('projects as p')
    .select('p.id')
    .where('p.status', '=', sql.lit('ACTIVE'))
    .where('p.featured', '=', sql.lit(true))
    .where('p.start_date', '<=', today)
    .where('p.end_date', '>=', today)
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Discovery's ranking: ids of campaigns running today with the most backing in the last 7 days (DESIGN.md §5), in
 * the base currency (a campaign whose rate is not known yet after the others), then the most backers.
 */
export async function trendingProjectIds(db: Kysely<DB>, today: string, since: Date, limit: number) {
  const rows = await db
    .selectFrom('projects as p')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('donations')
          .select(['project_id', (e) => e.fn.sum<number>('amount_cents').as('recent_cents')])
          .where('status', 'in', LIVE_PLEDGES)
          .where('pledged_at', '>', since)
          .groupBy('project_id')
          .as('r'),
      (join) => join.onRef('r.project_id', '=', 'p.id'),
    )
    .select('p.id')
    .where('p.status', '=', 'ACTIVE')
    .where('p.start_date', '<=', today)
    .where('p.end_date', '>=', today)
    .orderBy(sql`base_amount(coalesce(r.recent_cents, 0)::bigint, p.currency, p.base_rate) desc nulls last`)
    .orderBy('p.backers_count', 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** These projects, whatever their status, in no particular order. */
export function projectsByIds(db: Kysely<DB>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectProjects(db).where('p.id', '=', anyOf(ids)).execute();
}

export async function saveProject(db: Kysely<DB>, userId: number, projectId: number) {
  await db
    .insertInto('saved_projects')
    .values({ user_id: userId, project_id: projectId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function unsaveProject(db: Kysely<DB>, userId: number, projectId: number) {
  await db
    .deleteFrom('saved_projects')
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .execute();
}

/** A user's saved projects that they may still see (public, or their own), newest saved first. */
export async function listSavedProjects(
  db: Kysely<DB>,
  userId: number,
  publicStatuses: readonly ProjectStatusValue[],
  page: number,
  perPage: number,
) {
  const visible = (eb: ExpressionBuilder<DB & { p: ProjectsTable }, 'p'>) =>
    eb.or([eb('p.status', 'in', publicStatuses), eb('p.creator_id', '=', userId)]);
  const rows = await selectProjects(db)
    .innerJoin('saved_projects as s', 's.project_id', 'p.id')
    .where('s.user_id', '=', userId)
    .where(visible)
    .select(['s.saved_at', sql<number>`count(*) over ()`.as('total_count')])
    .orderBy('s.saved_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  let total = Number(rows[0]?.total_count ?? 0);
  if (rows.length === 0 && page > 1) {
    const counted = await db
      .selectFrom('saved_projects as s')
      .innerJoin('projects as p', 'p.id', 's.project_id')
      .where('s.user_id', '=', userId)
      .where(visible)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total = Number(counted.n);
  }
  return { rows, total };
}

/** What happens to a deleted account's projects: unpublished work goes, live campaigns are closed. */
export async function closeProjectsOfDeletedUser(db: Kysely<DB>, creatorId: number) {
  await db
    .deleteFrom('projects')
    .where('creator_id', '=', creatorId)
    .where('status', 'in', ['DRAFT', 'PENDING'])
    .execute();
  await db
    .updateTable('projects')
    .set({
      status: 'REJECTED',
      // Why is read from the creator's closed account, in the reader's language (migration 0043).
      revocation_reason: null,
      revocation_date: new Date(),
      featured: false,
      updated_at: new Date(),
    })
    .where('creator_id', '=', creatorId)
    .where('status', '=', 'ACTIVE')
    .execute();
}

/** What a creator's projects have raised (from the counters on the rows), in the base currency. */
export async function raisedByCreator(db: Kysely<DB>, creatorId: number, baseCurrency: string) {
  const row = await db
    .selectFrom('projects as p')
    .select(sumInBase('p.current_cents', baseCurrency))
    .where('p.creator_id', '=', creatorId)
    .executeTakeFirst();
  return toBaseFigure(row, baseCurrency);
}

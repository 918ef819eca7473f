import { type Kysely, type Nullable, type Selectable, sql } from 'kysely';
import { LIVE_PLEDGE_STATUSES } from '@fundry/shared';
import { sumInBase, toBaseFigure } from '../../db/base-amounts';
import { literals } from '../../db/literals';
import type { BackerSummariesTable, DB, DonationsTable, ProjectStatusValue } from '../../db/schema';

/**
 * A backer's pledges: live ones, those released by a failed campaign, and those refunded (a campaign ended early,
 * migration 0051, is the only one whose refunded pledges keep a backing). Literals, so that a prepared statement
 * reads them from the partial `donations_donor_idx` (see db/literals).
 */
const BACKED_PLEDGES = literals([...LIVE_PLEDGE_STATUSES, 'RELEASED', 'REFUNDED']);

/** What the page and `backerSummary` read of a backer's summary. */
const SUMMARY_COLUMNS = [
  's.active_count',
  's.successful_count',
  's.failed_count',
  's.held_count',
  's.canceled_count',
  's.suspended_count',
  's.live_projects',
  's.live_cents',
  's.first_live_at',
] as const;

const SUMMARY_SELECTION = sql.join(SUMMARY_COLUMNS.map((column) => sql.ref(column)));

type SummaryRow = Nullable<Omit<Selectable<BackerSummariesTable>, 'donor_id'>>;

/** A backer's summary row as counts and totals; zeros for someone who never backed anything (no row). */
function toBackerSummary(row: SummaryRow | undefined) {
  const byStatus: Partial<Record<ProjectStatusValue, number>> = {
    ACTIVE: row?.active_count ?? 0,
    SUCCESSFUL: row?.successful_count ?? 0,
    FAILED: row?.failed_count ?? 0,
    // Campaigns on hold (migration 0050): only the backer's own list asks for them.
    REJECTED: row?.held_count ?? 0,
    // Campaigns ended early (migration 0051): the backer's own list too.
    CANCELED: row?.canceled_count ?? 0,
    SUSPENDED: row?.suspended_count ?? 0,
  };
  return {
    /** How many of the backer's projects have one of these statuses. */
    projectsWith: (statuses: readonly ProjectStatusValue[]) =>
      statuses.reduce((total, status) => total + (byStatus[status] ?? 0), 0),
    firstBackedAt: row?.first_live_at ?? null,
    /** Projects with a live pledge. */
    projects: row?.live_projects ?? 0,
  };
}

/** The backer's current pledge to a project of the page (own list only). */
type CurrentPledge = Pick<
  Selectable<DonationsTable>,
  | 'id'
  | 'status'
  | 'amount_cents'
  | 'reward_id'
  | 'funding_model'
  | 'fulfilment_status'
  | 'tracking_url'
  | 'pay_over_time'
> & {
  reward_title: string | null;
  /** A plan of instalments that ended unpaid (DESIGN.md §20, decision 036). */
  defaulted: boolean;
  /** The survey of a collected pledge: answered, or sent and open; null when there is none to answer. */
  survey: 'answered' | 'unanswered' | null;
};

/** What a page says of a project the backer backed; its card comes from the projects' module. */
export interface BackedRow {
  project_id: number;
  /** The backer's own total to the project (live pledges) and when they first backed it. */
  total_cents: number;
  first_backed_at: Date | null;
  pledge?: CurrentPledge | null;
}

/** A project of the page with the backer's columns, or the backer's columns alone (no project: every one null). */
type PageRow = Nullable<BackedRow> &
  SummaryRow & {
    backer_deleted_at: Date | null;
    total_in_base?: { base_minor: string; currencies: string; unconverted: string } | null;
  };

/**
 * A page of a backer's projects, newest backing first, with the backer's summary and whether they are deleted, in
 * one statement: one row per project, or the backer's row alone when the page has none (past its end, or nothing
 * backed). One statement, because under load each query a request runs after another adds a wait for a pooled
 * connection (a page that read the summary after its projects took 1.7 times as long).
 *
 * The page is a range of `backings_donor_recent_idx` (the rows the donation and project triggers keep, migration
 * 0014, with the project's status copied in the same transaction), read from the index alone; each project comes
 * with the backer's own total and first date and, on their own list (`withPledges`), their current pledge to it.
 * The cards are not read here: the service takes them from the project page cache.
 */
export async function backedProjectsPage(
  db: Kysely<DB>,
  donorId: number,
  statuses: readonly ProjectStatusValue[],
  page: number,
  perPage: number,
  { withPledges, totalIn }: { withPledges: boolean; totalIn?: string },
) {
  // The current pledge: a live one before a released one, the newest for backers of the old model. Read for the
  // page's rows only, after the offset.
  const currentPledge = sql`(
    select to_json(current_pledge) from (
      select d.id, d.status, d.amount_cents, d.reward_id, d.funding_model, r.title as reward_title,
             d.fulfilment_status, d.tracking_url, d.pay_over_time, d.defaulted_at is not null as defaulted,
             case when d.status <> 'SUCCEEDED' then null
                  when sr.answered_at is not null then 'answered'
                  when s.sent_at is not null and s.locked_at is null then 'unanswered'
             end as survey
      from donations d left join rewards r on r.id = d.reward_id
      left join surveys s on s.project_id = d.project_id
      left join survey_responses sr on sr.donation_id = d.id
      where d.donor_id = ${donorId} and d.project_id = backed.project_id
        and d.status in (${sql.join(BACKED_PLEDGES)})
      order by d.status in ('RELEASED', 'REFUNDED'), d.id desc
      limit 1) current_pledge)`;
  const { rows } = await sql<PageRow>`
    select backed.*, backer.deleted_at as backer_deleted_at, ${SUMMARY_SELECTION}
           ${withPledges ? sql`, ${currentPledge} as pledge` : sql``}
           ${totalIn ? sql`, (select to_json(t) from (${backedInBaseQuery(db, donorId, totalIn)}) t) as total_in_base` : sql``}
    from users backer
    left join backer_summaries s on s.donor_id = backer.id
    left join lateral (
      select b.project_id, b.total_cents, b.first_backed_at, b.last_backed_at from backings b
      where b.donor_id = ${donorId} and b.project_status in (${sql.join(statuses)})
      order by b.last_backed_at desc, b.project_id desc
      limit ${perPage} offset ${(page - 1) * perPage}
    ) backed on true
    where backer.id = ${donorId}
    order by backed.last_backed_at desc, backed.project_id desc`.execute(db);
  const backer = rows[0];
  return {
    backer: backer ? { deleted: backer.backer_deleted_at !== null } : null,
    summary: toBackerSummary(backer),
    totalInBase: totalIn ? toBaseFigure(backer?.total_in_base ?? undefined, totalIn) : null,
    // Only the backer's row alone has no project; the others hold every column.
    projects: rows.filter((row) => row.project_id !== null) as BackedRow[],
  };
}

/**
 * What a profile says of a backer, in one statement: their summary (migration 0018), their projects by status and
 * live pledges, read from one row the `backings` triggers keep; and what they have pledged (live and collected
 * pledges, every project) in the base currency, from their backings added up per currency and rate as they change
 * (migration 0061), then converted: the conversion is linear, so the figure is the same as converting each backing,
 * and a backer of 30,000 projects costs a handful of rows instead of 30,000 (21 ms of a page's 22 at ten times the
 * bench's data). Read beside a profile's own columns.
 */
export function backerFiguresQuery(db: Kysely<DB>, donorId: number, baseCurrency: string) {
  // The sum is one row whatever the backer did; the summary joins it when the backer has one.
  return db
    .selectFrom(backedInBaseQuery(db, donorId, baseCurrency).as('b'))
    .leftJoin('backer_summaries as s', (join) => join.on('s.donor_id', '=', donorId))
    .select([...SUMMARY_COLUMNS, 'b.base_minor', 'b.currencies', 'b.unconverted']);
}

/** The columns of `backerFiguresQuery` as the backer's summary and total. */
export function toBackerFigures(
  row: (SummaryRow & { base_minor: string; currencies: string; unconverted: string }) | undefined,
  baseCurrency: string,
) {
  return { summary: toBackerSummary(row), backed: toBaseFigure(row, baseCurrency) };
}

function backedInBaseQuery(db: Kysely<DB>, donorId: number, baseCurrency: string) {
  return db
    .selectFrom('backer_currency_totals as b')
    .where('b.donor_id', '=', donorId)
    .select(sumInBase('b.total_cents', baseCurrency, undefined, 'b'));
}

import type { Kysely } from 'kysely';
import {
  kindOfSource,
  minorToMajor,
  REFERRAL_MESSAGES,
  REFERRAL_QUERY_PARAM,
  REFERRAL_TAGS_MAX,
  type ReferralDayRow,
  type ReferralSourceRow,
  type ReferralsReport,
  type ReferralTag,
  toCsv,
  type Translator,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { isOpenToAll, type ProjectAccess } from '../projects/project-access';
import {
  countTags,
  insertTag,
  listTags,
  lockProjectForTags,
  pledgesByDay,
  visitsByDay,
} from './referrals.repository';
import type { VisitCounter } from './visit-counter';

const CSV_COLUMNS = ['source', 'kind', 'visits', 'pledges', 'amount', 'shareOfAmount', 'conversion'] as const;

/**
 * Where backers come from (DESIGN.md §19): the creator's tags, the visits the app saw, and the report that puts
 * visits and pledges side by side per source and day.
 */
export class ReferralService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly visits: VisitCounter,
    private readonly appUrl: string,
  ) {}

  private tagView(projectId: number, row: { id: number; name: string; created_at: Date }): ReferralTag {
    return {
      id: row.id,
      name: row.name,
      link: `${this.appUrl}/projects/${projectId}?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(row.name)}`,
      created_at: row.created_at.toISOString(),
    };
  }

  /** A new tag, by the project's creator: at most 100, each name once in any case. */
  async createTag(projectId: number, caller: AccessClaims, name: string): Promise<ReferralTag> {
    await this.access.authorize(projectId, caller, 'edit', REFERRAL_MESSAGES.onlyCreatorTags);
    const row = await this.db.transaction().execute(async (trx) => {
      await lockProjectForTags(trx, projectId);
      if ((await countTags(trx, projectId)) >= REFERRAL_TAGS_MAX) {
        throw new AppError('CONFLICT', REFERRAL_MESSAGES.tagLimit, undefined, undefined, {
          max: REFERRAL_TAGS_MAX,
        });
      }
      const inserted = await insertTag(trx, projectId, name);
      if (!inserted) {
        throw new AppError('CONFLICT', REFERRAL_MESSAGES.tagDuplicate, undefined, undefined, { name });
      }
      return inserted;
    });
    return this.tagView(projectId, row);
  }

  /** The project's tags with their links: the creator and admins. */
  async tags(projectId: number, caller: AccessClaims): Promise<ReferralTag[]> {
    await this.access.authorize(projectId, caller, 'run', REFERRAL_MESSAGES.onlyCreatorReads);
    return (await listTags(this.db, projectId)).map((row) => this.tagView(projectId, row));
  }

  /**
   * A project page the web app opened (not the server): counted as the server counts its pages. One nobody else may
   * see (a draft its creator opens, one in review) counts nothing, and the beacon is answered the same, so it neither
   * fails a page nor tells a stranger the project exists.
   */
  async visit(projectId: number, ref: string | null | undefined, userAgent: string | undefined) {
    const project = await this.access.pageRow(projectId);
    if (!project || !isOpenToAll(project.status)) return;
    this.visits.see({ projectId, ref, referer: null, userAgent });
  }

  /** Visits, pledges and amount per source and per day: the creator and admins. */
  async report(projectId: number, caller: AccessClaims): Promise<ReferralsReport> {
    const project = await this.access.authorize(projectId, caller, 'run', REFERRAL_MESSAGES.onlyCreatorReads);
    const currency = project.currency;
    const [tags, visits, pledges] = await Promise.all([
      listTags(this.db, projectId),
      visitsByDay(this.db, projectId),
      pledgesByDay(this.db, projectId),
    ]);
    const tagNames = tags.map((tag) => tag.name);
    const days = new Map<string, ReferralDayRow & { cents: number }>();
    const dayRow = (day: string, source: string) => {
      const key = `${day} ${source}`;
      let row = days.get(key);
      if (!row) {
        row = { day, source, visits: 0, pledges: 0, amount: 0, cents: 0 };
        days.set(key, row);
      }
      return row;
    };
    for (const row of visits) dayRow(row.day, row.source).visits += row.visits;
    for (const row of pledges) {
      const day = dayRow(row.day, row.source);
      day.pledges += row.pledges;
      day.cents += row.cents;
    }
    const sources = new Map<string, { visits: number; pledges: number; cents: number }>();
    for (const name of tagNames) sources.set(name, { visits: 0, pledges: 0, cents: 0 });
    for (const row of days.values()) {
      const total = sources.get(row.source) ?? { visits: 0, pledges: 0, cents: 0 };
      total.visits += row.visits;
      total.pledges += row.pledges;
      total.cents += row.cents;
      sources.set(row.source, total);
    }
    const totals = { visits: 0, pledges: 0, cents: 0 };
    for (const row of sources.values()) {
      totals.visits += row.visits;
      totals.pledges += row.pledges;
      totals.cents += row.cents;
    }
    const sourceRows: ReferralSourceRow[] = [...sources.entries()]
      .map(([source, row]) => ({
        source,
        kind: kindOfSource(source, tagNames),
        visits: row.visits,
        pledges: row.pledges,
        amount: minorToMajor(row.cents, currency),
        share_of_amount: totals.cents > 0 ? row.cents / totals.cents : 0,
        conversion: row.visits > 0 ? row.pledges / row.visits : null,
        cents: row.cents,
      }))
      .sort((a, b) => b.cents - a.cents || b.visits - a.visits || a.source.localeCompare(b.source))
      .map(({ cents: _cents, ...row }) => row);
    return {
      currency,
      totals: {
        visits: totals.visits,
        pledges: totals.pledges,
        amount: minorToMajor(totals.cents, currency),
      },
      sources: sourceRows,
      days: [...days.values()]
        .sort((a, b) => a.day.localeCompare(b.day) || a.source.localeCompare(b.source))
        .map(({ cents, ...row }) => ({ ...row, amount: minorToMajor(cents, currency) })),
    };
  }

  /** The report's table as CSV, its headings in the caller's language. */
  async reportCsv(projectId: number, caller: AccessClaims, translator: Translator) {
    const report = await this.report(projectId, caller);
    const { t } = translator;
    const csv = toCsv([
      CSV_COLUMNS.map((column) => t(`api.referralsCsv.${column}`, { currency: report.currency })),
      ...report.sources.map((row) => [
        row.source,
        t(`api.referralsCsv.kinds.${row.kind}`),
        row.visits,
        row.pledges,
        row.amount,
        row.share_of_amount.toFixed(4),
        row.conversion === null ? '' : row.conversion.toFixed(4),
      ]),
    ]);
    return { csv, filename: `fundry-project-${projectId}-referrals.csv` };
  }
}

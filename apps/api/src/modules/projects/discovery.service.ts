import type { Kysely } from 'kysely';
import {
  DISCOVERY_CARD_COUNT,
  PROJECT_STATUSES,
  PUBLIC_STATUSES,
  type ProjectCard,
  type ProjectList,
  type ProjectListQuery,
  SEARCH_DROPDOWN_MAX,
  STATUS_FILTERS,
  type StatusFilter,
  todayUtc,
  type TypeaheadResult,
} from '@fundry/shared';
import type { DB, ProjectStatusValue } from '../../db/schema';
import { AppError } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { isPublic } from './project-access';
import { toCard } from './project-card';
import type { ProjectPageService } from './project-page.service';
import {
  countProjects,
  featuredProjectIds,
  type ProjectListFilter,
  type ProjectOrder,
  pickListPage,
  searchPage,
  publicTitlesVersion,
  trendingProjectIds,
  titlesForTypeahead,
} from './projects.repository';
import { TitleIndex } from './title-index';
import { RefreshedValue, RefreshedValues, TtlCache } from '../../lib/ttl-cache';
import { readingToKeep } from '../../db/replicas';

const TRENDING_RANKING_TTL_MS = 60_000;
/** How long the typeahead keeps its order of titles (most backed first) while no title changes. */
const TITLE_ORDER_TTL_MS = 5 * 60_000;

/** The typeahead's index, with the titles' version it holds and when it was built. */
interface TypeaheadTitles {
  index: TitleIndex;
  version: string;
  builtAt: number;
}

/** Lists, search, the typeahead and the home page's discovery, with the answers each instance keeps for everyone. */
export class DiscoveryService {
  constructor(
    private readonly db: Kysely<DB>,
    /** Where searches run: `Database.searchDb`. */
    private readonly searchDb: Kysely<DB>,
    /**
     * Where public lists, searches, the typeahead and discovery read (`Database.readDb` and `readSearchDb`, decision
     * 037): a replica's connections where there is one. A creator's own lists and an admin's read the primary.
     */
    private readonly read: { db: Kysely<DB>; searchDb: Kysely<DB> },
    private readonly pages: ProjectPageService,
    private readonly clock: () => Date,
  ) {}

  /**
   * The typeahead's index of public titles and public list totals are the same for everyone and asked for
   * constantly; they are kept a few seconds per instance, and a project changed through this instance clears them
   * at once. The index is built again only when the titles' version moved (another instance's change, migration
   * 0024), or every few minutes for the order the counters give it: most checks are one row read.
   */
  private readonly titles = new RefreshedValue<TypeaheadTitles>(
    10_000,
    () => this.clock().getTime(),
    (previous) =>
      // Kept for everyone: read where every change this instance heard of is (decision 037).
      readingToKeep(async () => {
        const builtAt = this.clock().getTime();
        // Read before the titles: a change committed in between is in the index and only rebuilds it once more.
        const version = await publicTitlesVersion(this.read.db);
        if (previous?.version === version && builtAt - previous.builtAt < TITLE_ORDER_TTL_MS) return previous;
        const index = await TitleIndex.build(await titlesForTypeahead(this.read.db, PUBLIC_STATUSES));
        return { index, version, builtAt };
      }),
  );
  /**
   * A public list's total, per filter: counting every match of a broad list reads an index of all public projects
   * (~200 ms at ten times the bench's data, issue 54), so the total 30 s old is answered while the next is counted,
   * and only a filter nobody asked for in five minutes waits for its count.
   */
  private readonly listTotals = new RefreshedValues<number>(30_000, 300_000, 1_000, () =>
    this.clock().getTime(),
  );

  /** Which campaigns are featured changes when an admin says so: another instance's choice shows within 10 s. */
  private readonly featured = new TtlCache<number[]>(10_000, 1, () => this.clock().getTime());

  /**
   * Trending is a ranking over a week of backing: computed once a minute per instance, not per visitor. The ranking
   * a minute old is answered while the next one is worked out: at ten times the bench's data a week is 3,000,000
   * donations and the ranking took 9–28 s, which every home page and discovery request waited for once a minute
   * (issue 54: the home page answered nothing in a 10 s run). Only the first request after a start waits.
   */
  private readonly trending = new RefreshedValue<number[]>(
    TRENDING_RANKING_TTL_MS,
    () => this.clock().getTime(),
    () => {
      const now = this.clock();
      const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
      // Enough to fill the list after leaving out the featured campaigns, which come first.
      return readingToKeep(() =>
        trendingProjectIds(this.read.db, todayUtc(now), weekAgo, 2 * DISCOVERY_CARD_COUNT),
      );
    },
  );

  async list(query: ProjectListQuery, caller: AccessClaims | null): Promise<ProjectList> {
    const filter = this.listFilter(query, caller);
    if (filter.statuses.length === 0) {
      return { projects: [], total: 0, pages: 0, page: query.page, per_page: query.per_page };
    }
    const { rows, counted } = filter.search ? await this.searchRows(filter) : await this.listRows(filter);
    const offset = (filter.page - 1) * filter.perPage;
    // A short page is the last one: it says the total, unless it is empty past the first page (a page too far).
    const total =
      counted ??
      (rows.length < filter.perPage && (rows.length > 0 || filter.page === 1)
        ? offset + rows.length
        : await this.listTotal(filter));
    return {
      projects: rows.map(toCard),
      total,
      pages: Math.ceil(total / query.per_page),
      page: query.page,
      per_page: query.per_page,
    };
  }

  /**
   * A search's page, read whole with the count of its matches in one statement (see `searchPage`), on the pool that
   * keeps generic plans. Not a search among running or upcoming campaigns: not knowing the dates, the generic plan
   * ANDs the words with the end dates' index, several times the work of a plan made for them (decision 008).
   */
  private async searchRows(filter: ProjectListFilter) {
    const source = this.sourceOf(filter);
    const rows = await searchPage(filter.timing ? source.db : source.searchDb, filter);
    return { rows, counted: rows[0] ? Number(rows[0].match_count) : undefined };
  }

  /** A list's page: its ids, then its projects, most of them from the page cache. */
  private async listRows(filter: ProjectListFilter) {
    const ids = await pickListPage(this.sourceOf(filter).db, filter);
    const read = await this.pages.pageRows(ids);
    // A project that left the list between the pick and the read is left out of the page.
    const rows = ids.flatMap((id) => {
      const row = read.get(id);
      return row && filter.statuses.includes(row.status) ? [row] : [];
    });
    return { rows, counted: undefined };
  }

  /**
   * A creator's own lists are counted exactly; public ones may be 30 s behind, and an older count is answered while
   * the next is made.
   */
  private listTotal(filter: ProjectListFilter): Promise<number> {
    if (filter.creatorId !== undefined) return countProjects(this.db, filter);
    const db = this.sourceOf(filter).db;
    const { statuses, categoryIds, timing, progress, search, goal, raised } = filter;
    const key = JSON.stringify([statuses, categoryIds, timing, progress, search, goal, raised]);
    return this.listTotals.get(key, () => readingToKeep(() => countProjects(db, filter)));
  }

  /** A list anyone may see reads where lag is allowed; a creator's own, or one with private projects, the primary. */
  private sourceOf(filter: ProjectListFilter) {
    const open = filter.creatorId === undefined && filter.statuses.every(isPublic);
    return open ? this.read : { db: this.db, searchDb: this.searchDb };
  }

  /**
   * What a list query means. My Projects: the caller's own, by tab. Anything else is a public list:
   * whatever the query says, it holds only public projects (admins may look at any status).
   */
  private listFilter(query: ProjectListQuery, caller: AccessClaims | null): ProjectListFilter {
    const today = todayUtc();
    let statuses: readonly ProjectStatusValue[] = PUBLIC_STATUSES;
    let timing: ProjectListFilter['timing'];
    let creatorId: number | undefined;
    const status = query.status;
    if (query.my_projects) {
      if (!caller) throw new AppError('UNAUTHORIZED', 'api.projects.signInToSee');
      creatorId = caller.userId;
      statuses =
        status && status in STATUS_FILTERS ? STATUS_FILTERS[status as StatusFilter] : PROJECT_STATUSES;
    } else {
      if (status === 'active') [statuses, timing] = [['ACTIVE'], { kind: 'running', today }];
      else if (status === 'upcoming') [statuses, timing] = [['ACTIVE'], { kind: 'upcoming', today }];
      else if (status === 'completed') statuses = ['SUCCESSFUL', 'FAILED'];
      else if (status) statuses = STATUS_FILTERS[status as StatusFilter];
      if (!caller?.permissions.includes('view_all_projects')) statuses = statuses.filter(isPublic);
    }

    let order: ProjectOrder = { by: query.sort_by, direction: query.sort_order };
    switch (query.sort) {
      case 'newest':
        order = { by: 'created_at', direction: 'desc' };
        break;
      case 'popular':
        order = { by: 'backers_count', direction: 'desc' };
        break;
      case 'funded':
        order = { by: 'current_amount', direction: 'desc' };
        break;
      case 'ending':
        // Soonest end first, among campaigns still running.
        order = { by: 'end_date', direction: 'asc' };
        statuses = statuses.filter((s) => s === 'ACTIVE');
        timing ??= { kind: 'running', today };
        break;
      default:
        if (query.search) order = { by: 'relevance' };
    }

    const categoryIds = [...(query.category ?? []), ...(query.category_id ? [query.category_id] : [])];
    return {
      statuses,
      creatorId,
      categoryIds,
      timing,
      progress: query.progress,
      search: query.search || undefined,
      goal: { min: query.goal_min, max: query.goal_max },
      raised: { min: query.raised_min, max: query.raised_max },
      order,
      page: query.page,
      perPage: query.per_page,
    };
  }

  async typeahead(text: string): Promise<TypeaheadResult[]> {
    const query = text.trim();
    if (!query) return [];
    return (await this.titles.get()).index
      .search(query, SEARCH_DROPDOWN_MAX)
      .map(({ id, title, category_name }) => ({ id, title, category_name }));
  }

  /** Featured first, then trending; each list holds at most the five cards the home page shows. */
  async discovery(): Promise<{ featured: ProjectCard[]; trending: ProjectCard[] }> {
    const now = this.clock();
    const today = todayUtc(now);
    const [featuredIds, ranking] = await Promise.all([
      this.featured.get(today, () =>
        readingToKeep(() => featuredProjectIds(this.read.db, today, DISCOVERY_CARD_COUNT)),
      ),
      this.trending.get(),
    ]);
    const trendingIds = ranking.filter((id) => !featuredIds.includes(id)).slice(0, DISCOVERY_CARD_COUNT);
    // The cards are as fresh as the project pages: a figure, a status or a featured flag that changed since the
    // ids were picked shows at once.
    const rows = await this.pages.pageRows([...featuredIds, ...trendingIds]);
    const running = (id: number) => {
      const row = rows.get(id);
      const { status, start_date: start, end_date: end } = row ?? {};
      return row && status === 'ACTIVE' && start && end && start <= today && end >= today ? [row] : [];
    };
    return {
      featured: featuredIds
        .flatMap(running)
        .filter((row) => row.featured)
        .map(toCard),
      trending: trendingIds.flatMap(running).map(toCard),
    };
  }

  /**
   * The typeahead's index and the trending ranking worked out as the server starts, rather than by the first
   * requests that need them: at ten times the bench's data those waited 12 s and 9–28 s (issue 54). A failure here
   * is left to the first request, which tries again.
   */
  async prepare(): Promise<void> {
    await Promise.allSettled([this.titles.get(), this.trending.get()]);
  }

  /** A project changed through this instance: the answers kept for everyone are read again at once. */
  forgetPublicAnswers() {
    this.titles.clear();
    this.listTotals.clear();
    this.featured.clear();
  }
}

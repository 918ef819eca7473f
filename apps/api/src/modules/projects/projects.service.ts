import type { Kysely } from 'kysely';
import {
  type Locale,
  CURRENCY_DECIMALS_MESSAGE,
  daysBetween,
  daysLeft,
  DISCOVERY_CARD_COUNT,
  exponent,
  hasAtMostDecimals,
  hasValidDecimals,
  isValidImageUrl,
  majorToMinor,
  MAX_CAMPAIGN_DAYS,
  MAX_GOAL_DOLLARS,
  minorToMajor,
  PROJECT_MESSAGES,
  PROJECT_STATUSES,
  PUBLIC_STATUSES,
  type Project,
  type ProjectCard,
  type ProjectFormFields,
  type ProjectList,
  type ProjectListQuery,
  richTextToPlain,
  SEARCH_DROPDOWN_MAX,
  type ShareInfo,
  STATUS_FILTERS,
  type StatusFilter,
  todayUtc,
  type Translator,
  truncate,
  type TypeaheadResult,
  videoEmbed,
} from '@fundry/shared';
import type { DB, ProjectRow, ProjectStatusValue, ProjectUpdate } from '../../db/schema';
import { AppError, forbidden, ListedValues, NestedMessage, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { findCategory } from '../categories/categories.repository';
import { adminIds } from '../admin/admin.repository';
import { recordAudit } from '../admin/audit.repository';
import { rewardsInCurrency } from '../rewards/rewards.service';
import { stretchGoalsInCurrency } from '../stretch-goals/stretch-goals.service';
import type { MailService } from '../mail/mail.service';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import type { FxRateService } from '../fx-rates/fx-rates.service';
import { mailTemplates } from '../mail/mail.templates';
import { findUserById } from '../users/users.repository';
import type { UserService } from '../users/users.service';
import type { StoredImage } from './project-media';
import {
  countProjects,
  featuredProjectIds,
  findProject,
  hasDonations,
  insertProject,
  listSavedProjects,
  lockProject,
  type ProjectListFilter,
  type ProjectOrder,
  pickListPage,
  rewardCounters,
  searchPage,
  type ProjectRecord,
  projectsByIds,
  publicTitlesVersion,
  saveProject,
  trendingProjectIds,
  titlesForTypeahead,
  unsaveProject,
  updateProject,
} from './projects.repository';
import { latePledgesOpenNow } from '../late-pledges/late-pledges.rules';
import type { ProjectPageCache } from './page-cache';
import { sanitizeRichText } from './rich-text';
import { TitleIndex } from './title-index';
import { RefreshedValue, TtlCache } from './ttl-cache';

const SHORT_DESCRIPTION_LENGTH = 200;

/** What a form submission asks for, after parsing and sanitising; undefined means "not sent". */
interface ProjectChanges {
  title?: string;
  categoryId?: number | null;
  goalCents?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  description?: string | null;
  risks?: string | null;
  featuredRequested?: boolean;
  fundingModel?: 'all_or_nothing' | 'flexible';
  imageUrl?: string | null;
  imageCardUrl?: string | null;
  videoUrl?: string | null;
  language?: string;
  currency?: string;
}

export interface ProjectMedia {
  image?: StoredImage;
  videoUrl?: string;
}

type Errors = Record<string, string>;

const isAdmin = (caller: AccessClaims | null) => Boolean(caller?.roles.includes('Admin'));
const isCreator = (caller: AccessClaims | null, project: { creator_id: number }) =>
  caller?.userId === project.creator_id;
const isPublic = (status: ProjectStatusValue) => (PUBLIC_STATUSES as readonly string[]).includes(status);
/** Who may see a project at all (anyone else gets 404): everyone once it is public, before that its creator and admins. */
export const mayView = (
  caller: AccessClaims | null,
  project: { status: ProjectStatusValue; creator_id: number },
) => isPublic(project.status) || isCreator(caller, project) || isAdmin(caller);

/** The decimals any offered currency has at most (USD, EUR: 2; JPY: 0): a figure past them is no amount at all. */
const MOST_DECIMALS = 2;

function failValidation(errors: Errors, currency: string): never {
  const details = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));
  throw new AppError(
    'VALIDATION_ERROR',
    Object.values(errors)[0] ?? 'api.projects.invalid',
    details,
    undefined,
    // What the messages may quote: the project's currency and its decimals (msg.money.decimals).
    { currency, decimals: exponent(currency) },
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function parseDate(value: string | undefined, field: string, errors: Errors): string | null | undefined {
  if (value === undefined) return undefined;
  if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    errors[field] = `${field === 'start_date' ? 'Start' : 'End'} date must be a date (YYYY-MM-DD)`;
    return undefined;
  }
  return value;
}

/** A well-formed BCP 47 language tag in its canonical case (`pt-br` → `pt-BR`), or null. */
function languageTag(value: string): string | null {
  try {
    return Intl.getCanonicalLocales(value.trim())[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * Turns the multipart text fields into changes; both SPEC names of a field are accepted. Amounts are in `currency`,
 * the project's currency once the changes are made.
 */
function parseForm(
  fields: ProjectFormFields,
  media: ProjectMedia,
  currency: string,
): { changes: ProjectChanges; errors: Errors } {
  const errors: Errors = {};
  const changes: ProjectChanges = {};
  if (fields.currency !== undefined) changes.currency = currency;
  if (fields.title !== undefined) changes.title = fields.title.trim();

  if (fields.category_id !== undefined) {
    const id = Number(fields.category_id);
    if (Number.isInteger(id) && id > 0) changes.categoryId = id;
    else errors.category_id = PROJECT_MESSAGES.categoryRequired;
  }

  const goal = fields.goal_amount ?? fields.funding_goal;
  if (goal !== undefined) {
    const dollars = Number(goal);
    if (!Number.isFinite(dollars) || dollars <= 0) errors.goal_amount = PROJECT_MESSAGES.goalPositive;
    else if (dollars > MAX_GOAL_DOLLARS) errors.goal_amount = PROJECT_MESSAGES.goalTooLarge;
    else if (!hasAtMostDecimals(dollars, MOST_DECIMALS)) errors.goal_amount = PROJECT_MESSAGES.goalDecimals;
    else {
      try {
        changes.goalCents = majorToMinor(dollars, currency);
      } catch {
        errors.goal_amount = CURRENCY_DECIMALS_MESSAGE;
      }
    }
  }

  const start = parseDate(fields.start_date, 'start_date', errors);
  if (start !== undefined) changes.startDate = start;
  const end = parseDate(fields.end_date, 'end_date', errors);
  if (end !== undefined) changes.endDate = end;

  if (fields.description !== undefined) changes.description = sanitizeRichText(fields.description);
  const risks = fields.risk_and_challenges ?? fields.risks_and_challenges;
  if (risks !== undefined) changes.risks = sanitizeRichText(risks);
  if (fields.featured !== undefined) changes.featuredRequested = fields.featured;
  if (fields.funding_model !== undefined) changes.fundingModel = fields.funding_model;
  if (fields.language !== undefined) {
    const language = languageTag(fields.language);
    if (language) changes.language = language;
    else errors.language = PROJECT_MESSAGES.language;
  }

  if (media.image) {
    changes.imageUrl = media.image.imageUrl;
    changes.imageCardUrl = media.image.cardUrl;
  } else {
    const imageUrl = fields.image_url ?? fields.imageUrl;
    if (imageUrl !== undefined) {
      if (imageUrl.startsWith('/uploads/')) changes.imageUrl = imageUrl;
      else if (isValidImageUrl(imageUrl)) {
        changes.imageUrl = imageUrl.trim();
        changes.imageCardUrl = null;
      } else errors.image_url = PROJECT_MESSAGES.imageUrl;
    }
  }
  if (media.videoUrl) changes.videoUrl = media.videoUrl;
  else {
    const videoUrl = fields.video_url ?? fields.videoUrl;
    if (videoUrl !== undefined) {
      if (videoUrl.startsWith('/uploads/')) changes.videoUrl = videoUrl;
      else if (videoEmbed(videoUrl)) changes.videoUrl = videoUrl.trim();
      else errors.video_url = PROJECT_MESSAGES.videoHost;
    }
  }
  return { changes, errors };
}

/** The project as it would be after the changes, in the shape the rules read. */
function merged(existing: ProjectRow | undefined, c: ProjectChanges) {
  const pick = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
  return {
    title: pick(c.title, existing?.title ?? ''),
    categoryId: pick(c.categoryId, existing?.category_id ?? null),
    goalCents: pick(c.goalCents, existing?.goal_cents ?? null),
    startDate: pick(c.startDate, existing?.start_date ?? null),
    endDate: pick(c.endDate, existing?.end_date ?? null),
    description: pick(c.description, existing?.description ?? null),
    risks: pick(c.risks, existing?.risks_and_challenges ?? null),
  };
}

/**
 * The SPEC §5 rules: a draft needs a title; a submitted project needs everything, with a start date that
 * is not in the past (unless the campaign is already live), an end after the start, and at most 90 days.
 */
function checkRules(state: ReturnType<typeof merged>, mode: 'draft' | 'submit' | 'live', errors: Errors) {
  if (!state.title) errors.title = PROJECT_MESSAGES.titleRequired;
  if (mode !== 'draft') {
    if (!state.categoryId) errors.category_id ??= PROJECT_MESSAGES.categoryRequired;
    if (!state.goalCents) errors.goal_amount ??= PROJECT_MESSAGES.goalRequired;
    if (!state.startDate) errors.start_date ??= PROJECT_MESSAGES.startRequired;
    if (!state.endDate) errors.end_date ??= PROJECT_MESSAGES.endRequired;
    if (!richTextToPlain(state.description) && !/<img/i.test(state.description ?? '')) {
      errors.description = PROJECT_MESSAGES.descriptionRequired;
    }
    if (!richTextToPlain(state.risks)) errors.risk_and_challenges = PROJECT_MESSAGES.risksRequired;
  }
  if (state.startDate && state.endDate && !errors.start_date && !errors.end_date) {
    if (mode === 'submit' && state.startDate < todayUtc()) errors.start_date = PROJECT_MESSAGES.startPast;
    else if (state.endDate <= state.startDate) errors.end_date = PROJECT_MESSAGES.endBeforeStart;
    else if (daysBetween(state.startDate, state.endDate) > MAX_CAMPAIGN_DAYS)
      errors.end_date = PROJECT_MESSAGES.tooLong;
  }
}

const TRENDING_RANKING_TTL_MS = 60_000;
/** How long the typeahead keeps its order of titles (most backed first) while no title changes. */
const TITLE_ORDER_TTL_MS = 5 * 60_000;

/** The typeahead's index, with the titles' version it holds and when it was built. */
interface TypeaheadTitles {
  index: TitleIndex;
  version: string;
  builtAt: number;
}

export function toCard(row: ProjectRecord): ProjectCard {
  const goal = row.goal_cents === null ? null : minorToMajor(row.goal_cents, row.currency);
  const current = minorToMajor(row.current_cents, row.currency);
  const category =
    row.category_id !== null && row.category_name !== null
      ? { id: row.category_id, name: row.category_name }
      : null;
  return {
    id: row.id,
    currency: row.currency,
    title: row.title,
    description: row.description,
    short_description: truncate(row.description_text, SHORT_DESCRIPTION_LENGTH),
    risks_and_challenges: row.risks_and_challenges,
    risk_and_challenges: row.risks_and_challenges,
    status: row.status,
    featured: row.featured,
    featured_requested: row.featured_requested,
    funding_model: row.funding_model,
    goal_amount: goal,
    funding_goal: goal,
    current_amount: current,
    total_pledged: current,
    backers_count: row.backers_count,
    start_date: row.start_date,
    end_date: row.end_date,
    days_left: row.status === 'ACTIVE' ? daysLeft(row.end_date) : 0,
    image_url: row.image_url,
    image_card_url: row.image_card_url,
    video_url: row.video_url,
    category_id: row.category_id,
    category,
    category_name: row.category_name,
    creator_id: row.creator_id,
    creator: {
      id: row.creator_id,
      username: row.creator_username,
      full_name: row.creator_full_name,
      name: row.creator_full_name || row.creator_username,
      profile_image: row.creator_profile_image,
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    revocation_date: row.revocation_date?.toISOString() ?? null,
    revocation_reason: row.revocation_reason,
    language: row.language,
  };
}

export class ProjectService {
  constructor(
    private readonly db: Kysely<DB>,
    /** Where searches run: `Database.searchDb`. */
    private readonly searchDb: Kysely<DB>,
    private readonly users: UserService,
    private readonly mail: MailService,
    private readonly appUrl: string,
    private readonly clock: () => Date,
    private readonly pageCache: ProjectPageCache,
    /** The language of a project whose creator has none yet. */
    private readonly defaultLocale: Locale,
    /** Fixes a project's rate to the base currency when it launches. */
    private readonly fxRates: FxRateService,
    /** The operator's CURRENCIES; the first is a new project's. */
    private readonly currencies: readonly string[],
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
    async (previous) => {
      const builtAt = this.clock().getTime();
      // Read before the titles: a change committed in between is in the index and only rebuilds it once more.
      const version = await publicTitlesVersion(this.db);
      if (previous?.version === version && builtAt - previous.builtAt < TITLE_ORDER_TTL_MS) return previous;
      const index = await TitleIndex.build(await titlesForTypeahead(this.db, PUBLIC_STATUSES));
      return { index, version, builtAt };
    },
  );
  private readonly listTotals = new TtlCache<number>(30_000, 1_000, () => this.clock().getTime());

  /** Which campaigns are featured changes when an admin says so: another instance's choice shows within 10 s. */
  private readonly featured = new TtlCache<number[]>(10_000, 1, () => this.clock().getTime());

  /** Trending is a ranking over a week of backing: computed once a minute per instance, not per visitor. */
  private readonly trending = new TtlCache<number[]>(TRENDING_RANKING_TTL_MS, 1, () =>
    this.clock().getTime(),
  );

  /** A project the caller may see, or 404 (also for projects that exist but are private to others). */
  async get(id: number, caller: AccessClaims | null): Promise<Project> {
    return this.withCreator(await this.findVisible(id, caller, this.fromDatabase));
  }

  /** The project without its creator's profile: what its counters and list cards need. */
  async getCard(id: number, caller: AccessClaims | null) {
    return toCard(await this.findVisible(id, caller, this.fromDatabase));
  }

  /**
   * What is offered beside the campaign (rewards, add-ons, stretch goals) is managed as rewards are (SPEC §6): with
   * create_reward, by the project's creator or an admin; 404 for a project the caller cannot see.
   */
  async cardForOfferManager(id: number, caller: AccessClaims, onlyCreatorMessage: string) {
    const project = await this.getCard(id, caller);
    const mayManage = project.creator_id === caller.userId || caller.roles.includes('Admin');
    if (!caller.permissions.includes('create_reward') || !mayManage) throw forbidden(onlyCreatorMessage);
    return project;
  }

  /**
   * The project page's reads (GET): the same answers as `get` and `getCard`, public projects served from the page
   * cache. A write never decides on these: it reads the database.
   */
  async pageProject(id: number, caller: AccessClaims | null): Promise<Project> {
    return this.withCachedCreator(await this.findVisible(id, caller, this.pageRow));
  }

  async pageCard(id: number, caller: AccessClaims | null) {
    return toCard(await this.findVisible(id, caller, this.pageRow));
  }

  /**
   * The project's row for a read that decides nothing (the pages of a project and of its community): a public one
   * from the page cache, whoever may see it.
   */
  readonly pageRow = (id: number) => this.pageCache.project(id, () => findProject(this.db, id));
  private readonly fromDatabase = (id: number) => findProject(this.db, id);

  private async findVisible(
    id: number,
    caller: AccessClaims | null,
    read: (id: number) => Promise<ProjectRecord | undefined>,
  ) {
    const row = await read(id);
    if (!row || !mayView(caller, row)) throw notFound('project');
    return row;
  }

  /** The edit form's data: only for the creator (and admins, who moderate). */
  async getForEditing(id: number, caller: AccessClaims): Promise<Project> {
    const row = await findProject(this.db, id);
    if (!row || !(isCreator(caller, row) || isAdmin(caller))) throw notFound('project');
    return this.withCreator(row);
  }

  async roles(id: number, caller: AccessClaims | null) {
    const project = await this.get(id, caller);
    const creator = isCreator(caller, project);
    return {
      roles: [...(creator ? ['creator'] : []), ...(isAdmin(caller) ? ['admin'] : [])],
      isCreator: creator,
    };
  }

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
    const rows = await searchPage(filter.timing ? this.db : this.searchDb, filter);
    return { rows, counted: rows[0] ? Number(rows[0].match_count) : undefined };
  }

  /** A list's page: its ids, then its projects, most of them from the page cache. */
  private async listRows(filter: ProjectListFilter) {
    const ids = await pickListPage(this.db, filter);
    const read = await this.pageRows(ids);
    // A project that left the list between the pick and the read is left out of the page.
    const rows = ids.flatMap((id) => {
      const row = read.get(id);
      return row && filter.statuses.includes(row.status) ? [row] : [];
    });
    return { rows, counted: undefined };
  }

  /** A creator's own lists are counted exactly; public ones may be up to 30 s behind on other instances. */
  private listTotal(filter: ProjectListFilter): Promise<number> {
    if (filter.creatorId !== undefined) return countProjects(this.db, filter);
    const { statuses, categoryIds, timing, progress, search, goal, raised } = filter;
    const key = JSON.stringify([statuses, categoryIds, timing, progress, search, goal, raised]);
    return this.listTotals.get(key, () => countProjects(this.db, filter));
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
      this.featured.get(today, () => featuredProjectIds(this.db, today, DISCOVERY_CARD_COUNT)),
      this.trendingRanking(now, today),
    ]);
    const trendingIds = ranking.filter((id) => !featuredIds.includes(id)).slice(0, DISCOVERY_CARD_COUNT);
    // The cards are as fresh as the project pages: a figure, a status or a featured flag that changed since the
    // ids were picked shows at once.
    const rows = await this.pageRows([...featuredIds, ...trendingIds]);
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
   * These projects' rows by id, for cards: public ones from the page cache, the rest read together by one statement
   * (the cache asks for each missing row while this builds the list, and they are read as one batch).
   */
  async pageRows(ids: readonly number[]): Promise<Map<number, ProjectRecord>> {
    const missing: number[] = [];
    let batch: Promise<Map<number, ProjectRecord>> | undefined;
    const read = (id: number) => {
      missing.push(id);
      batch ??= Promise.resolve().then(async () => {
        const rows = await projectsByIds(this.db, missing);
        return new Map(rows.map((row) => [row.id, row]));
      });
      return batch.then((rows) => rows.get(id));
    };
    const rows = await Promise.all(ids.map((id) => this.pageCache.project(id, () => read(id))));
    return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
  }

  private forgetPublicAnswers() {
    this.titles.clear();
    this.listTotals.clear();
    this.featured.clear();
  }

  private trendingRanking(now: Date, today: string): Promise<number[]> {
    return this.trending.get(today, () => {
      const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
      // Enough to fill the list after leaving out the featured campaigns, which come first.
      return trendingProjectIds(this.db, today, weekAgo, 2 * DISCOVERY_CARD_COUNT);
    });
  }

  async save(id: number, caller: AccessClaims) {
    if (!caller.permissions.includes('save_project')) throw forbidden('api.projects.mayNotSave');
    await this.get(id, caller);
    await saveProject(this.db, caller.userId, id);
  }

  async unsave(id: number, caller: AccessClaims) {
    await unsaveProject(this.db, caller.userId, id);
  }

  async saved(caller: AccessClaims, page: number, perPage: number): Promise<ProjectList> {
    const { rows, total } = await listSavedProjects(this.db, caller.userId, PUBLIC_STATUSES, page, perPage);
    return {
      projects: rows.map((row) => ({ ...toCard(row), saved_at: row.saved_at.toISOString() })),
      total,
      pages: Math.ceil(total / perPage),
      page,
      per_page: perPage,
    };
  }

  /** The public address and share links of a project the caller may see. */
  async share(id: number, caller: AccessClaims | null, translator: Translator): Promise<ShareInfo> {
    const project = await this.get(id, caller);
    const url = `${this.appUrl}/projects/${project.id}`;
    const encodedUrl = encodeURIComponent(url);
    const text = encodeURIComponent(translator.t('api.projects.shareText', { title: project.title }));
    return {
      url,
      title: project.title,
      social_links: {
        twitter: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${text}`,
        facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
        linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`,
      },
    };
  }

  /** A public project for its page's head and link preview, or null (private, missing); from the page cache. */
  async preview(id: number): Promise<Project | null> {
    const row = await this.pageRow(id);
    return row && isPublic(row.status) ? this.withCachedCreator(row) : null;
  }

  /** POST projects (submit for review, PENDING) and POST projects/drafts (DRAFT). */
  async create(
    caller: AccessClaims,
    fields: ProjectFormFields,
    media: ProjectMedia,
    mode: 'submit' | 'draft',
  ): Promise<Project> {
    if (!caller.permissions.includes('create_project')) throw forbidden('api.projects.mayNotCreate');
    const requested = fields.status?.toUpperCase();
    if (requested && requested !== (mode === 'draft' ? 'DRAFT' : 'PENDING')) {
      throw new AppError(
        'VALIDATION_ERROR',
        'api.projects.createdAs',
        { status: ['api.projects.statusNotAllowed'] },
        undefined,
        { status: requested },
      );
    }
    const currency = this.offeredCurrency(fields.currency ?? this.currencies[0]!);
    const { changes, errors } = parseForm(fields, media, currency);
    checkRules(merged(undefined, changes), mode, errors);
    await this.checkCategory(this.db, changes.categoryId, errors);
    if (Object.keys(errors).length > 0) failValidation(errors, currency);

    const id = await this.db.transaction().execute(async (trx) => {
      const created = await insertProject(trx, {
        creator_id: caller.userId,
        status: mode === 'draft' ? 'DRAFT' : 'PENDING',
        submitted_at: mode === 'draft' ? null : this.clock(),
        language: await this.creatorLanguage(trx, caller.userId),
        currency,
        ...this.columns(changes),
        title: changes.title ?? '',
      });
      if (mode === 'submit') await this.notifyAdmins(trx, created, changes.title ?? '');
      return created;
    });
    return this.get(id, caller);
  }

  /** PUT projects/{id}: the creator edits, within what the project's status allows (DESIGN.md §5). */
  async update(
    id: number,
    caller: AccessClaims,
    fields: ProjectFormFields,
    media: ProjectMedia,
  ): Promise<Project> {
    const asked = fields.currency === undefined ? undefined : this.offeredCurrency(fields.currency);
    await this.db.transaction().execute(async (trx) => {
      const existing = await lockProject(trx, id);
      if (!existing || !(isCreator(caller, existing) || isAdmin(caller))) throw notFound('project');
      if (!isCreator(caller, existing)) throw forbidden('api.projects.onlyCreatorEdits');
      const currency = asked ?? existing.currency;
      // A pledge of any status was made, and is kept, in the project's currency (the lock holds new ones back).
      if (currency !== existing.currency && (await hasDonations(trx, id))) {
        throw new AppError('CONFLICT', 'api.projects.currencyLocked', undefined, undefined, {
          currency: existing.currency,
        });
      }
      if (currency !== existing.currency) {
        await rewardsInCurrency(trx, id, existing.currency, currency);
        await stretchGoalsInCurrency(trx, id, existing.currency, currency);
      }
      const { changes, errors } = parseForm(fields, media, currency);
      if (changes.goalCents === undefined && existing.goal_cents !== null && currency !== existing.currency) {
        // The goal the creator typed keeps its figure in the new currency (minor units differ: 5000 USD is 500000
        // cents, 5000 JPY is 5000 yen).
        const figure = minorToMajor(existing.goal_cents, existing.currency);
        if (hasValidDecimals(figure, currency)) changes.goalCents = majorToMinor(figure, currency);
        else errors.goal_amount = CURRENCY_DECIMALS_MESSAGE;
      }

      const requested = fields.status?.toUpperCase();
      let nextStatus: ProjectStatusValue = existing.status;
      let mode: 'draft' | 'submit' | 'live';
      switch (existing.status) {
        case 'DRAFT':
          nextStatus = requested === 'PENDING' ? 'PENDING' : 'DRAFT';
          mode = nextStatus === 'PENDING' ? 'submit' : 'draft';
          break;
        case 'PENDING':
          if (requested === 'DRAFT') throw new AppError('CONFLICT', 'api.projects.submittedToDraft');
          mode = 'submit';
          break;
        case 'ACTIVE':
          if (requested === 'DRAFT') throw new AppError('CONFLICT', 'api.projects.liveToDraft');
          mode = 'live';
          this.checkLiveLocks(existing, changes, errors);
          break;
        case 'REJECTED':
          // Rejected in review (never live): the creator fixes it and submits it again (decision 013).
          if (existing.activated_at !== null || requested === 'DRAFT') {
            throw new AppError('CONFLICT', 'api.projects.notEditable');
          }
          nextStatus = 'PENDING';
          mode = 'submit';
          break;
        default:
          throw new AppError('CONFLICT', 'api.projects.notEditable');
      }
      checkRules(merged(existing, changes), mode, errors);
      await this.checkCategory(trx, changes.categoryId, errors);
      if (Object.keys(errors).length > 0) failValidation(errors, currency);
      const submitted = nextStatus === 'PENDING' && existing.status !== 'PENDING';
      await updateProject(trx, id, {
        ...this.columns(changes),
        status: nextStatus,
        ...(submitted ? { submitted_at: this.clock() } : {}),
      });
      if (submitted) await this.notifyAdmins(trx, id, changes.title ?? existing.title);
    });
    this.forgetPublicAnswers();
    return this.get(id, caller);
  }

  async activate(id: number, caller: AccessClaims, reason?: string): Promise<Project> {
    this.requirePermission(caller, 'activate_project');
    const row = await this.db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, id);
      if (!project) throw notFound('project');
      if (project.status === 'ACTIVE') throw new AppError('CONFLICT', 'api.projects.alreadyActive');
      if (project.status !== 'PENDING' && project.status !== 'REJECTED') {
        throw new AppError('CONFLICT', 'api.projects.cannotActivate', undefined, undefined, {
          status: project.status,
        });
      }
      const errors: Errors = {};
      checkRules(merged(project, {}), 'live', errors);
      if (Object.keys(errors).length > 0) {
        throw new AppError('UNPROCESSABLE', 'api.projects.incomplete', undefined, undefined, {
          problem: new NestedMessage(Object.values(errors)[0]!),
        });
      }
      if (project.end_date && project.end_date < todayUtc()) {
        throw new AppError('UNPROCESSABLE', 'api.projects.endPassed');
      }
      await updateProject(trx, id, {
        status: 'ACTIVE',
        activated_at: new Date(),
        // Fixed at the first launch; with no rate stored yet, the rates job's next run fixes it.
        base_rate: project.base_rate ?? (await this.fxRates.baseRateOf(trx, project.currency)),
        revocation_reason: null,
        revocation_date: null,
      });
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'project.activate',
        targetType: 'project',
        targetId: id,
        projectId: id,
        reason: reason?.trim() || null,
        details: { from: project.status },
      });
      await this.mailCreator(trx, project, 'approved');
      return project;
    });
    this.mail.kick();
    this.forgetPublicAnswers();
    return this.get(row.id, caller);
  }

  async revoke(id: number, caller: AccessClaims, reason: string | undefined): Promise<Project> {
    this.requirePermission(caller, 'revoke_project');
    await this.db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, id);
      if (!project) throw notFound('project');
      if (project.status !== 'PENDING' && project.status !== 'ACTIVE') {
        throw new AppError('CONFLICT', 'api.projects.cannotReject', undefined, undefined, {
          status: project.status,
        });
      }
      // The admin's words as written, or none: each reader is told the guidelines are not met in their own
      // language (migration 0045).
      const why = reason?.trim() || null;
      await updateProject(trx, id, {
        status: 'REJECTED',
        revocation_reason: why,
        revocation_date: new Date(),
        featured: false,
      });
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'project.reject',
        targetType: 'project',
        targetId: id,
        projectId: id,
        reason: why,
        details: { from: project.status },
      });
      await this.mailCreator(trx, project, 'rejected', why);
    });
    this.mail.kick();
    this.forgetPublicAnswers();
    return this.get(id, caller);
  }

  /** Toggles the featured flag; only admins set it (a creator's checkbox is only a request). */
  async toggleFeatured(id: number, caller: AccessClaims, reason?: string): Promise<Project> {
    this.requirePermission(caller, 'feature_project');
    await this.db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, id);
      if (!project) throw notFound('project');
      if (project.status === 'DRAFT') throw new AppError('CONFLICT', 'api.projects.draftFeatured');
      await updateProject(trx, id, { featured: !project.featured, featured_requested: false });
      await recordAudit(trx, {
        actorId: caller.userId,
        action: project.featured ? 'project.unfeature' : 'project.feature',
        targetType: 'project',
        targetId: id,
        projectId: id,
        reason: reason?.trim() || null,
      });
    });
    return this.get(id, caller);
  }

  /** A project was submitted for review: every admin is told (ADMIN_REVIEW), in the same transaction. */
  private async notifyAdmins(trx: Kysely<DB>, projectId: number, title: string) {
    const admins = await adminIds(trx);
    await insertNotifications(
      trx,
      admins.map((userId) => ({
        userId,
        type: 'ADMIN_REVIEW',
        message: notificationMessages.submitted(title),
        projectId,
        link: '/admin',
      })),
    );
  }

  private requirePermission(caller: AccessClaims, permission: string) {
    if (!caller.permissions.includes(permission)) throw forbidden('api.admin.onlyAdmin');
  }

  /** Once live: goal, start date and funding model are fixed, and the end date can only move later. */
  private checkLiveLocks(existing: ProjectRow, changes: ProjectChanges, errors: Errors) {
    if (changes.goalCents !== undefined && changes.goalCents !== existing.goal_cents) {
      errors.goal_amount = 'api.projects.goalLocked';
    }
    if (changes.startDate !== undefined && changes.startDate !== existing.start_date) {
      errors.start_date = 'api.projects.startLocked';
    }
    if (changes.fundingModel !== undefined && changes.fundingModel !== existing.funding_model) {
      errors.funding_model = 'api.projects.fundingModelLocked';
    }
    if (changes.endDate && existing.end_date && changes.endDate < existing.end_date) {
      errors.end_date = 'api.projects.endEarlier';
    }
  }

  private async checkCategory(db: Kysely<DB>, categoryId: number | null | undefined, errors: Errors) {
    if (categoryId && !errors.category_id && !(await findCategory(db, categoryId))) {
      errors.category_id = 'api.projects.unknownCategory';
    }
  }

  /** A new project is written in its creator's language until they say otherwise (DESIGN.md §14). */
  private async creatorLanguage(db: Kysely<DB>, userId: number): Promise<string> {
    const creator = await findUserById(db, userId);
    return creator?.locale ?? creator?.last_locale ?? this.defaultLocale;
  }

  /** A currency the operator offers, or 400 listing those that are. */
  private offeredCurrency(code: string): string {
    const currency = code.trim().toUpperCase();
    if (this.currencies.includes(currency)) return currency;
    throw new AppError(
      'VALIDATION_ERROR',
      'api.projects.currencyNotOffered',
      { currency: ['api.projects.currencyNotOffered'] },
      undefined,
      { currency: code, offered: new ListedValues(this.currencies) },
    );
  }

  private columns(c: ProjectChanges): ProjectUpdate {
    const columns: ProjectUpdate = {};
    if (c.currency !== undefined) columns.currency = c.currency;
    if (c.title !== undefined) columns.title = c.title;
    if (c.categoryId !== undefined) columns.category_id = c.categoryId;
    if (c.goalCents !== undefined) columns.goal_cents = c.goalCents;
    if (c.startDate !== undefined) columns.start_date = c.startDate;
    if (c.endDate !== undefined) columns.end_date = c.endDate;
    if (c.description !== undefined) {
      columns.description = c.description;
      columns.description_text = richTextToPlain(c.description);
    }
    if (c.risks !== undefined) columns.risks_and_challenges = c.risks;
    if (c.featuredRequested !== undefined) columns.featured_requested = c.featuredRequested;
    if (c.fundingModel !== undefined) columns.funding_model = c.fundingModel;
    if (c.imageUrl !== undefined) columns.image_url = c.imageUrl;
    if (c.imageCardUrl !== undefined) columns.image_card_url = c.imageCardUrl;
    if (c.videoUrl !== undefined) columns.video_url = c.videoUrl;
    if (c.language !== undefined) columns.language = c.language;
    return columns;
  }

  private async withCachedCreator(row: ProjectRecord): Promise<Project> {
    const [creator, counters] = await Promise.all([
      this.pageCache.part(row.id, 'creator', () => this.users.creatorProfile(row.creator_id)),
      this.pageCache.part(row.id, 'fulfilment', () => rewardCounters(this.db, row.id)),
    ]);
    return this.toProject(row, creator, counters);
  }

  private async withCreator(row: ProjectRecord): Promise<Project> {
    const [creator, counters] = await Promise.all([
      this.users.creatorProfile(row.creator_id),
      rewardCounters(this.db, row.id),
    ]);
    return this.toProject(row, creator, counters);
  }

  /** The project page's project: the card, its creator, its rewards sent and its late pledges (open at this time). */
  private toProject(
    row: ProjectRecord,
    creator: Project['creator'],
    { late, ...rewards }: Awaited<ReturnType<typeof rewardCounters>>,
  ): Project {
    const open = latePledgesOpenNow(
      {
        status: row.status,
        funding_model: row.funding_model,
        late_pledges_open: late.open,
        late_pledges_until: late.until,
      },
      this.clock(),
    );
    return {
      ...toCard(row),
      creator,
      ...rewards,
      late_pledges: { open, until: open ? late.until : null },
      late_amount: minorToMajor(late.cents, row.currency),
      late_backers_count: late.backers,
    };
  }

  private async mailCreator(
    trx: Kysely<DB>,
    project: ProjectRow,
    outcome: 'approved' | 'rejected',
    reason: string | null = null,
  ) {
    const creator = await findUserById(trx, project.creator_id);
    if (!creator) return;
    const url = `${this.appUrl}/projects/${project.id}`;
    await this.mail.enqueue(trx, creator, (t) =>
      outcome === 'approved'
        ? mailTemplates.projectApproved(t, creator.email, creator.full_name, project.title, url)
        : mailTemplates.projectRejected(t, creator.email, creator.full_name, project.title, reason, url),
    );
  }
}

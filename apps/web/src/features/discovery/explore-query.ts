import {
  type ListStatus,
  PROGRESS_BUCKETS,
  type ProgressBucket,
  SORT_OPTIONS,
  type SortOption,
} from '@fundry/shared';
import type { ProjectListParams } from './api/discovery';

/**
 * Explore's status filter, each with the catalog key of its label. Explore lists active projects (SPEC §2), so
 * 'active' is the default; 'all' asks for every public project (no status sent).
 */
export const EXPLORE_STATUSES = [
  { value: 'active', label: 'discovery.status.active' },
  { value: 'upcoming', label: 'discovery.status.upcoming' },
  { value: 'completed', label: 'discovery.status.completed' },
  { value: 'successful', label: 'discovery.status.successful' },
  { value: 'failed', label: 'discovery.status.failed' },
  { value: 'all', label: 'discovery.status.all' },
] as const satisfies readonly { value: ListStatus | 'all'; label: string }[];
export type ExploreStatus = (typeof EXPLORE_STATUSES)[number]['value'];
export const DEFAULT_EXPLORE_STATUS: ExploreStatus = 'active';

/** Everything Explore shows, as it lives in the URL query: a filtered page can be shared and reloaded. */
export interface ExploreState {
  search: string;
  sort: SortOption | null;
  status: ExploreStatus;
  category: number[];
  progress: ProgressBucket[];
  page: number;
}

const isSort = (value: string | null): value is SortOption =>
  (SORT_OPTIONS as readonly string[]).includes(value ?? '');
const isProgress = (value: string): value is ProgressBucket =>
  (PROGRESS_BUCKETS as readonly string[]).includes(value);
const isStatus = (value: string | null): value is ExploreStatus =>
  EXPLORE_STATUSES.some((status) => status.value === value);

const unique = <T>(values: T[]) => [...new Set(values)];

/** Reads Explore's state from the URL query; unknown or malformed values are ignored. */
export function parseExploreQuery(params: URLSearchParams): ExploreState {
  const sort = params.get('sort');
  const status = params.get('status');
  const page = Math.floor(Number(params.get('page')));
  return {
    search: (params.get('search') ?? '').trim(),
    sort: isSort(sort) ? sort : null,
    status: isStatus(status) ? status : DEFAULT_EXPLORE_STATUS,
    category: unique(
      params
        .getAll('category')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0),
    ),
    progress: unique(params.getAll('progress').filter(isProgress)),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** Writes Explore's state as a URL query; defaults (status active, page 1, no sort) are left out. */
export function exploreQuery(state: ExploreState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.sort) params.set('sort', state.sort);
  if (state.status !== DEFAULT_EXPLORE_STATUS) params.set('status', state.status);
  for (const id of state.category) params.append('category', String(id));
  for (const bucket of state.progress) params.append('progress', bucket);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/**
 * The GET projects/ query for Explore; it sends no page size (SPEC §9). Upcoming campaigns, unless sorted otherwise,
 * come soonest launch first, as on the home page: the one starting tomorrow matters more than the newest made.
 */
export function exploreListParams(state: ExploreState): ProjectListParams {
  const soonestLaunch = state.status === 'upcoming' && !state.sort && !state.search;
  return {
    search: state.search || undefined,
    sort: state.sort ?? undefined,
    ...(soonestLaunch ? { sort_by: 'start_date', sort_order: 'asc' } : {}),
    status: state.status === 'all' ? undefined : state.status,
    category: state.category.length ? state.category : undefined,
    progress: state.progress.length ? state.progress : undefined,
    page: state.page,
  };
}

/** How many filters narrow the list: the search text, a status other than the default, categories, buckets. */
export function activeFilterCount(state: ExploreState): number {
  return (
    (state.search ? 1 : 0) +
    (state.status !== DEFAULT_EXPLORE_STATUS ? 1 : 0) +
    state.category.length +
    state.progress.length
  );
}

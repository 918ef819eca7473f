import type { ProgressBucket, SortOption } from '@fundry/shared';

/** Catalog keys of the discovery screens' texts (SPEC §2 and §8). */
export const DISCOVERY_MESSAGES = {
  listFailed: 'discovery.error.listFailed',
  exploreFailed: 'discovery.error.exploreFailed',
  categoryFailed: 'discovery.error.categoryFailed',
} as const;

/** The sort dropdown (SPEC §2 Explore, §9), as catalog keys. */
export const SORT_LABELS: Record<SortOption, string> = {
  newest: 'discovery.sort.newest',
  popular: 'discovery.sort.popular',
  ending: 'discovery.sort.ending',
  funded: 'discovery.sort.funded',
};

/** The progress filter buckets (SPEC §9), as catalog keys. */
export const PROGRESS_LABELS: Record<ProgressBucket, string> = {
  under25: 'discovery.progress.under25',
  '25to75': 'discovery.progress.25to75',
  '75to99': 'discovery.progress.75to99',
  funded: 'discovery.progress.funded',
};

import type { ProgressBucket, SortOption } from '@fundry/shared';

/** The discovery screens' texts (SPEC §2 and §8). */
export const DISCOVERY_MESSAGES = {
  listFailed: 'Failed to fetch projects',
  exploreFailed: 'Failed to load projects. Please try again later.',
  categoryFailed: 'Failed to load category projects. Please try again later.',
} as const;

/** The sort dropdown (SPEC §2 Explore, §9). */
export const SORT_LABELS: Record<SortOption, string> = {
  newest: 'Newest',
  popular: 'Most Popular',
  ending: 'Ending Soon',
  funded: 'Most Funded',
};

/** The progress filter buckets (SPEC §9). */
export const PROGRESS_LABELS: Record<ProgressBucket, string> = {
  under25: 'Under 25%',
  '25to75': '25-75%',
  '75to99': '75-99%',
  funded: '100% or more',
};

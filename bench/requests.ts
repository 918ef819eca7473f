/**
 * Requests drawn at random from the generated data (dataset.ts), anew for each one sent, so that a scenario measures
 * the app over the whole data rather than a few answers it keeps.
 */
import { WORDS } from './dataset';

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * A search of the public list as people make one: two title words, two categories of `categoryIds` (distinct where
 * there are two), a progress bucket, and the order `sort` (none: by relevance).
 */
export function searchPath(categoryIds: readonly number[], sort?: string) {
  const params = new URLSearchParams({
    search: `${pick(WORDS)} ${pick(WORDS)}`.toLowerCase(),
    progress: pick(['under25', '25to75', '75to99', 'funded']),
  });
  const [a, b] = [pick(categoryIds), pick(categoryIds)];
  params.append('category', String(a));
  params.append(
    'category',
    String(b === a ? categoryIds[(categoryIds.indexOf(a) + 1) % categoryIds.length]! : b),
  );
  if (sort) params.set('sort', sort);
  return `/api/v1/projects/?${params.toString()}`;
}

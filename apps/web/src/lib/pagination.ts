import { PAGINATION_WINDOW } from '@fundry/shared';

/** A numbered page, or a gap ('…') before or after the window of pages around the current one. */
export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * The page buttons of a numbered pagination (SPEC §2 Explore, §9 window 5): a window of `size` consecutive
 * pages around the current one, kept inside 1..total, plus the first and the last page, with a gap where
 * pages are left out. A gap never stands for a single page: that page is shown instead.
 */
export function paginationItems(
  current: number,
  total: number,
  size: number = PAGINATION_WINDOW,
): PageItem[] {
  const pages = Math.max(0, Math.floor(total));
  if (pages === 0) return [];
  const width = Math.max(1, Math.floor(size));
  const page = Math.min(Math.max(1, Math.floor(current) || 1), pages);
  if (pages <= width + 2) return Array.from({ length: pages }, (_, index) => index + 1);

  const start = Math.min(Math.max(1, page - Math.floor(width / 2)), pages - width + 1);
  const end = start + width - 1;
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start === 3) items.push(2);
  else if (start > 3) items.push('gap-start');
  for (let number = start; number <= end; number += 1) items.push(number);
  if (end === pages - 2) items.push(pages - 1);
  else if (end < pages - 2) items.push('gap-end');
  if (end < pages) items.push(pages);
  return items;
}

/** The list page named in the address (`?page=`): 1 when it is absent or not a page number. */
export function readPage(params: URLSearchParams): number {
  const requested = Math.floor(Number(params.get('page')));
  return Number.isFinite(requested) && requested > 1 ? requested : 1;
}

/** The same address on another page; page 1 is the address without `page`. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

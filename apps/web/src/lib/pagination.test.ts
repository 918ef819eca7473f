import { describe, expect, it } from 'vitest';
import { PAGINATION_WINDOW } from '@fundry/shared';
import { paginationItems } from './pagination';

describe('paginationItems', () => {
  it('uses a window of 5 pages (SPEC §9)', () => {
    expect(PAGINATION_WINDOW).toBe(5);
  });

  it('shows every page when they fit, and nothing when there are none', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    // The window plus first and last page: no gap would hide anything.
    expect(paginationItems(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('puts an ellipsis after the window at the start', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(paginationItems(3, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
  });

  it('centres the window on the current page with an ellipsis on each side', () => {
    expect(paginationItems(10, 20)).toEqual([1, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 20]);
  });

  it('puts an ellipsis before the window at the end', () => {
    expect(paginationItems(20, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
    expect(paginationItems(18, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });

  it('shows a single left-out page instead of an ellipsis for it', () => {
    expect(paginationItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap-end', 20]);
    expect(paginationItems(16, 20)).toEqual([1, 'gap-start', 14, 15, 16, 17, 18, 19, 20]);
  });

  it('keeps a page out of range inside 1..total', () => {
    expect(paginationItems(0, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(99, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });

  it('takes another window size', () => {
    expect(paginationItems(10, 20, 3)).toEqual([1, 'gap-start', 9, 10, 11, 'gap-end', 20]);
  });
});

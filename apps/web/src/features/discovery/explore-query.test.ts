import { describe, expect, it } from 'vitest';
import { exploreListParams, parseExploreQuery } from './explore-query';

const paramsOf = (query: string) => exploreListParams(parseExploreQuery(new URLSearchParams(query)));

describe('exploreListParams', () => {
  it('lists upcoming campaigns soonest launch first unless a sort or a search orders them', () => {
    expect(paramsOf('status=upcoming')).toMatchObject({
      status: 'upcoming',
      sort_by: 'start_date',
      sort_order: 'asc',
    });
    expect(paramsOf('status=upcoming&sort=popular')).toMatchObject({ sort: 'popular' });
    expect(paramsOf('status=upcoming&sort=popular').sort_by).toBeUndefined();
    expect(paramsOf('status=upcoming&search=lamp').sort_by).toBeUndefined();
  });

  it('leaves running campaigns in the API default order', () => {
    expect(paramsOf('').sort_by).toBeUndefined();
    expect(paramsOf('').status).toBe('active');
  });
});

import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '@fundry/shared';
import { routes } from './router';

function paths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path ? `${parent}/${route.path}` : null;
    const here = own && route.path !== '*' ? [own] : [];
    return [...here, ...paths(route.children ?? [], route.path ? `${parent}/${route.path}` : parent)];
  });
}

describe('the router', () => {
  it('renders exactly the pages the server answers (PAGE_PATHS): any other path is its 404 page', () => {
    expect(new Set(paths(routes))).toEqual(new Set(PAGE_PATHS));
  });
});

import path from 'node:path';
import { matchRoutes, type RouteObject } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '@fundry/shared';
import { existsSync } from 'node:fs';
import { PAGE_MODULES, PAGE_QUERY_MODULES } from '../../page-modules';
import { preloadPages, routes } from './router';

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

describe('the route a path is matched to', () => {
  /** The pattern of the page `address` shows, from the outermost route in: "" for the layout. */
  const pageAt = (address: string) => matchRoutes(routes, address)?.map((match) => match.route.path ?? '');

  it.each([
    // A named segment outranks a parameter, wherever the routes are in the table.
    ['/projects/explore', ['', 'projects/explore']],
    ['/projects/create', ['', '', 'projects/create']],
    ['/projects/42', ['', 'projects/:id']],
    ['/projects/42/rewards', ['', 'projects/:id/rewards']],
    // In any case, decoded, with a slash at the end or not.
    ['/Projects/42', ['', 'projects/:id']],
    ['/PROJECTS/EXPLORE/', ['', 'projects/explore']],
    ['/%70rojects/42', ['', 'projects/:id']],
    // Anything else is the not-found page.
    ['/projects/42/unknown', ['', '*']],
    ['/nowhere/at/all', ['', '*']],
    ['//double', ['', '*']],
  ])('%s: %j', (address, expected) => {
    expect(pageAt(address)).toEqual(expected);
  });

  it('gives every route of the page the parameters, decoded', () => {
    const matches = matchRoutes(routes, '/projects/a%2Fb/updates/7');
    expect(matches?.map((match) => match.params)).toEqual([
      { id: 'a/b', updateId: '7' },
      { id: 'a/b', updateId: '7' },
    ]);
  });
});

describe('the route modules whose CSS the server links (page-modules.ts)', () => {
  const webRoot = path.resolve(import.meta.dirname, '../..');
  it.each(Object.entries(PAGE_MODULES))(
    '%s: the modules the router loads for it',
    async (pattern, modules) => {
      const address = pattern === '*' ? '/nowhere' : pattern.replace(/:[a-zA-Z]+/g, '42');
      if (pattern !== '*') expect(PAGE_PATHS).toContain(pattern);
      const loaded = ((await preloadPages(address)) as Array<{ default: unknown }>).map(
        (page) => page.default,
      );
      const exported = (
        await Promise.all(
          modules.map(async (module) => Object.values(await import(path.join(webRoot, module)))),
        )
      ).flat();
      // The route's own modules, and the lazy parts the server renders in it.
      expect(loaded.length).toBeGreaterThan(0);
      for (const page of loaded) expect(exported).toContain(page);
    },
  );

  it('names lazy parts that exist, of pages the table knows', () => {
    for (const [pattern, queries] of Object.entries(PAGE_QUERY_MODULES)) {
      expect(PAGE_MODULES[pattern]).toBeDefined();
      for (const module of Object.values(queries).flat()) {
        expect(existsSync(path.join(webRoot, module))).toBe(true);
      }
    }
  });
});

import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '@fundry/shared';
import { existsSync } from 'node:fs';
import { PAGE_MODULES, PAGE_QUERY_MODULES } from '../../page-modules';
import { candidateRoutes, preloadPages, routes } from './router';

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

describe('the routes a path is matched against', () => {
  const addresses = [
    ...PAGE_PATHS.map((path) => path.replace(/:[a-zA-Z]+/g, '42')),
    '/Projects/42',
    '/PROJECTS/EXPLORE/',
    '/%70rojects/42',
    '/projects/42/unknown',
    '/projects/create/',
    '/nowhere',
    '/nowhere/at/all',
    '/dashboard/creator',
    '/bank-account/dashboard',
    '/messages/7',
    '//double',
  ];

  it.each(addresses)('%s: the same route and params as the whole table', (address) => {
    const whole = matchRoutes(routes, address)?.map((match) => [match.route.element, match.params]);
    const candidates = matchRoutes(candidateRoutes(address), address)?.map((match) => [
      match.route.element,
      match.params,
    ]);
    expect(candidates).toEqual(whole);
    expect(whole?.length).toBeGreaterThan(1);
  });

  it('keeps one table for every first segment no route names', () => {
    expect(candidateRoutes('/nowhere')).toBe(candidateRoutes('/elsewhere/at/all'));
    expect(candidateRoutes('/projects/1').length).toBeLessThan(routes[0]!.children!.length);
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

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A route's stylesheets beyond the shell's: always, and when the address has a query parameter (or `param=value`). */
interface RouteStyles {
  always: string[];
  byQuery: Record<string, string[]>;
}

/**
 * The stylesheets of each server-rendered page's route, beyond the shell's that index.html links (decision 032): the
 * CSS of the route's lazy modules and the lazy parts it renders here (apps/web/page-modules.ts, written by the build
 * beside its manifest), and of what they import, what each imports first, so the page the server renders is styled at
 * its first paint, with no flash of unstyled content. The browser's loader finds them linked and does not load them
 * again.
 */
export function routeStylesOf(webDistDir: string): Partial<Record<string, RouteStyles>> {
  const manifestFile = path.join(webDistDir, '.vite/manifest.json');
  const modulesFile = path.join(webDistDir, '.vite/page-modules.json');
  if (!existsSync(manifestFile) || !existsSync(modulesFile)) return {};
  type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const { pages = {}, queries = {} } = JSON.parse(readFileSync(modulesFile, 'utf8')) as {
    pages?: Record<string, string[]>;
    queries?: Record<string, Record<string, string[]>>;
  };
  const cssOf = (keys: string[], seen: Set<string>, css: string[]) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) continue;
      seen.add(key);
      cssOf(chunk.imports ?? [], seen, css);
      for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
    }
    return css;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const shellCss = new Set(cssOf(entries, new Set(), []));
  return Object.fromEntries(
    Object.entries(pages).map(([pattern, modules]) => {
      const always = cssOf(modules, new Set(), []).filter((file) => !shellCss.has(file));
      const byQuery = Object.fromEntries(
        Object.entries(queries[pattern] ?? {}).map(([condition, extra]) => [
          condition,
          cssOf(extra, new Set(), []).filter((file) => !shellCss.has(file) && !always.includes(file)),
        ]),
      );
      return [pattern, { always, byQuery }];
    }),
  );
}

/** The stylesheets of `styles` this address needs: the route's, and those of the lazy parts its query shows. */
export function stylesOfAddress(styles: RouteStyles | undefined, query: unknown): string[] {
  if (!styles) return [];
  const params = (query ?? {}) as Record<string, unknown>;
  const files = [...styles.always];
  for (const [condition, extra] of Object.entries(styles.byQuery)) {
    const [name, value] = condition.split('=') as [string, string | undefined];
    const given = params[name];
    if (given === undefined || (value !== undefined && given !== value)) continue;
    for (const file of extra) if (!files.includes(file)) files.push(file);
  }
  return files;
}

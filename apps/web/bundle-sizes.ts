/**
 * What each main route loads before it can render, counted from a production build's `.vite/manifest.json`: the
 * entries' chunks (index.html's and the shell's second step, which it preloads), the route's lazy chunk(s) and, transitively, their static imports and CSS (later dynamic imports
 * are not counted), each file compressed on its own as it is sent. `npm run bench:web` reports these figures and
 * `npm run check:size` (scripts/size-fence.ts) holds the public routes to apps/web/size-budget.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface BundleRoute {
  name: string;
  path: string;
  /** The router's lazy route modules the route renders (src/app/router.tsx), as the manifest keys them. */
  modules: string[];
  /** Open to a visitor who is not signed in: the size fence holds it to a budget. */
  public: boolean;
}

export const BUNDLE_ROUTES: BundleRoute[] = [
  { name: 'home', path: '/', modules: ['src/features/home/routes/HomePage.tsx'], public: true },
  {
    name: 'explore',
    path: '/projects/explore',
    modules: ['src/features/discovery/routes/ExplorePage.tsx'],
    public: true,
  },
  { name: 'project page', path: '/projects/:id', modules: ['src/app/routes/ProjectPage.tsx'], public: true },
  { name: 'sign-in', path: '/signin', modules: ['src/features/auth/routes/SignInPage.tsx'], public: true },
  {
    name: 'create project',
    path: '/projects/create',
    modules: ['src/features/projects/routes/ProjectFormPage.tsx'],
    public: false,
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    modules: ['src/app/layout/DashboardLayout.tsx', 'src/app/routes/DashboardRoute.tsx'],
    public: false,
  },
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  route: BundleRoute;
  /** The files, as the build names them under its outDir. */
  js: string[];
  css: string[];
  /** gzip level 9, as Vite reports it. */
  jsBytes: number;
  /** Each of the route's files, gzip bytes. */
  gzipByFile: Record<string, number>;
  cssBytes: number;
  /** brotli quality 11, as the build ships it. */
  jsBrotliBytes: number;
}

export interface BundleSizes {
  routes: RouteSize[];
  /** Each language's catalog (catalogs-plugin.ts), loaded beside the shell; not in a route's first JS. */
  catalogs: { locale: string; gzip: number; brotli: number }[];
}

/** The files a chunk needs before it runs: itself, its CSS and, transitively, its static imports. */
function staticClosure(manifest: Manifest, keys: string[], files = new Set<string>()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: has the router changed?`);
    if (files.has(chunk.file)) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    staticClosure(manifest, chunk.imports ?? [], files);
  }
  return files;
}

/**
 * Sizes the routes of the web build in `outDir` (apps/web/dist, or a folder of its own). Brotli at quality 11 is
 * slow, so the brotli figures and the catalogs are computed when first read: the fence reads gzip alone.
 */
export function measureBundles(outDir: string, routes: BundleRoute[] = BUNDLE_ROUTES): BundleSizes {
  const manifestFile = path.join(outDir, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  // index.html's entry and the shell's second step, which index.html preloads (vite.config.ts).
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (!entries.length) throw new Error(`${manifestFile} has no entry`);
  const gzipSizes = new Map<string, number>();
  const brotliSizes = new Map<string, number>();
  const body = (file: string) => readFileSync(path.join(outDir, file));
  const gzip = (file: string) => {
    let size = gzipSizes.get(file);
    if (size === undefined) gzipSizes.set(file, (size = gzipSync(body(file), { level: 9 }).length));
    return size;
  };
  const brotli = (file: string) => {
    let size = brotliSizes.get(file);
    if (size === undefined) {
      const params = { [constants.BROTLI_PARAM_QUALITY]: 11 };
      brotliSizes.set(file, (size = brotliCompressSync(body(file), { params }).length));
    }
    return size;
  };
  const sum = (files: string[], size: (file: string) => number) =>
    files.reduce((total, file) => total + size(file), 0);
  return {
    routes: routes.map((route) => {
      // Each chunk's CSS is its own (decision 032): the shell's, and the route's that the server links.
      const files = [...staticClosure(manifest, [...entries, ...route.modules])];
      const js = files.filter((file) => file.endsWith('.js'));
      const css = files.filter((file) => file.endsWith('.css'));
      return {
        route,
        js,
        css,
        jsBytes: sum(js, gzip),
        gzipByFile: Object.fromEntries(files.map((file) => [file, gzip(file)])),
        cssBytes: sum(css, gzip),
        get jsBrotliBytes() {
          return sum(js, brotli);
        },
      };
    }),
    get catalogs() {
      return Object.entries(manifest).flatMap(([key, chunk]) => {
        const locale = /^virtual:fundry-catalog\/(.+)$/.exec(key)?.[1];
        return locale ? [{ locale, gzip: gzip(chunk.file), brotli: brotli(chunk.file) }] : [];
      });
    },
  };
}

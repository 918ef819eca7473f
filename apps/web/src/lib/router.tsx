import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * The app's router (decision 039): the part of React Router's declarative API the app uses (routes as objects,
 * links, the address's parts and search parameters), with React Router's rules for ranking and matching routes.
 * React Router was 13.5 kB gzip of every page's first download, almost all of it for what the app does not use
 * (data routers, fetchers, framework mode); this is under 2 kB.
 */

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  /** What the navigation that made this entry carried (`navigate(to, { state })`), kept by the browser's history. */
  state: unknown;
  /** Tells this history entry from others at the same address. */
  key: string;
}

/** How the current address was reached: a new entry, one replaced, or back and forward (the browser's). */
export const NavigationType = { Pop: 'POP', Push: 'PUSH', Replace: 'REPLACE' } as const;
export type NavigationType = (typeof NavigationType)[keyof typeof NavigationType];

/** A path such as `/projects/3?tab=faq`, or `?page=2` for another search at the same path. */
export type To = string;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

export interface RouteObject {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  /** Every parameter of the route and of those it is nested in, decoded. */
  params: Record<string, string>;
  /** The part of the address this route matched. */
  pathname: string;
}

/** Where the router reads the address and keeps its entries: the browser's history, one address, or a list in memory. */
interface History {
  current: () => { location: Location; action: NavigationType };
  push: (path: Path, state: unknown) => void;
  replace: (path: Path, state: unknown) => void;
  go: (delta: number) => void;
  listen: (listener: () => void) => () => void;
}

function parsePath(path: string): Path {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return {
    pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/',
    search: searchAt >= 0 && searchAt < rest.length - 1 ? rest.slice(searchAt) : '',
    hash: hash === '#' ? '' : hash,
  };
}

const createPath = ({ pathname, search, hash }: Path): string => `${pathname}${search}${hash}`;

/** `to` as a whole path: a search or a hash alone stays at `from`'s path. */
function resolvePath(to: To, from: Path): Path {
  if (to.startsWith('?')) return { ...parsePath(to), pathname: from.pathname };
  if (to.startsWith('#')) return { pathname: from.pathname, search: from.search, hash: to };
  return parsePath(to);
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function createListeners() {
  const listeners = new Set<() => void>();
  return {
    listen: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify: () => listeners.forEach((listener) => listener()),
  };
}

/** The browser's history. Entries keep `{ usr, key }`, as React Router's did, so addresses in a tab's history still read. */
function createBrowserHistory(): History {
  const { listen, notify } = createListeners();
  const read = (action: NavigationType) => {
    const entry = (window.history.state ?? {}) as { usr?: unknown; key?: string };
    const { pathname, search, hash } = window.location;
    return {
      location: { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' },
      action,
    };
  };
  let snapshot = read(NavigationType.Pop);
  const move = (action: NavigationType, path: Path, state: unknown) => {
    const entry = { usr: state, key: newKey() };
    if (action === NavigationType.Push) window.history.pushState(entry, '', createPath(path));
    else window.history.replaceState(entry, '', createPath(path));
    snapshot = read(action);
    notify();
  };
  window.addEventListener('popstate', () => {
    snapshot = read(NavigationType.Pop);
    notify();
  });
  return {
    current: () => snapshot,
    push: (path, state) => move(NavigationType.Push, path, state),
    replace: (path, state) => move(NavigationType.Replace, path, state),
    go: (delta) => window.history.go(delta),
    listen,
  };
}

type InitialEntry = string | Partial<Location>;

function entryLocation(entry: InitialEntry): Location {
  if (typeof entry === 'string') return { ...parsePath(entry), state: null, key: newKey() };
  return {
    ...parsePath(`${entry.pathname ?? '/'}${entry.search ?? ''}${entry.hash ?? ''}`),
    state: entry.state ?? null,
    key: newKey(),
  };
}

/** A history in memory: the server's one address, and the tests' pages. */
function createMemoryHistory(initialEntries: InitialEntry[] = ['/']): History {
  const { listen, notify } = createListeners();
  const entries = initialEntries.map(entryLocation);
  let index = entries.length - 1;
  let snapshot = { location: entries[index]!, action: NavigationType.Pop as NavigationType };
  const settle = (action: NavigationType) => {
    snapshot = { location: entries[index]!, action };
    notify();
  };
  return {
    current: () => snapshot,
    push: (path, state) => {
      entries.splice(index + 1, entries.length, { ...path, state, key: newKey() });
      index += 1;
      settle(NavigationType.Push);
    },
    replace: (path, state) => {
      entries[index] = { ...path, state, key: newKey() };
      settle(NavigationType.Replace);
    },
    go: (delta) => {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      settle(NavigationType.Pop);
    },
    listen,
  };
}

interface RouterState {
  location: Location;
  action: NavigationType;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const router = use(RouterContext);
  if (!router) throw new Error('No router above');
  return router;
}

function Router({ history, children }: { history: History; children: ReactNode }) {
  const { location, action } = useSyncExternalStore(history.listen, history.current, history.current);
  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      if (typeof to === 'number') return history.go(to);
      const path = resolvePath(to, history.current().location);
      (options.replace ? history.replace : history.push)(path, options.state ?? null);
    },
    [history],
  );
  const value = useMemo(() => ({ location, action, navigate }), [location, action, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

/** The server's router: the one address it renders, which nothing there navigates away from. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const history = useMemo(() => createMemoryHistory([location]), [location]);
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: InitialEntry[];
  children: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

/** A router over `routes` in memory, whose state a test reads (`router.state.location`). */
export function createMemoryRouter(
  routes: RouteObject[],
  { initialEntries }: { initialEntries?: InitialEntry[] } = {},
) {
  const history = createMemoryHistory(initialEntries);
  return {
    routes,
    history,
    get state() {
      return { location: history.current().location };
    },
  };
}

function MatchedRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function RouterProvider({ router }: { router: ReturnType<typeof createMemoryRouter> }) {
  return (
    <Router history={router.history}>
      <MatchedRoutes routes={router.routes} />
    </Router>
  );
}

export const useLocation = (): Location => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().action;
export const useNavigate = (): NavigateFunction => useRouter().navigate;

/** A value React Router's `createSearchParams` takes: arrays give a parameter several values. */
export type SearchParamsInit = string | URLSearchParams | string[][] | Record<string, string | string[]>;

function searchParamsOf(init: SearchParamsInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init)) {
    return new URLSearchParams(init);
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  }
  return params;
}

export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/** The address's search parameters, and a way to change them that navigates (the path stays, the hash goes). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      navigate(`?${searchParamsOf(value).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

const modified = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/** A link that navigates in the page: a click with a modifier, another button or another target is the browser's. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const path = resolvePath(to, location);
  const href = createPath(path);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || modified(event))
          return;
        event.preventDefault();
        // A link to where the visitor already is does not add a history entry, as React Router's did.
        navigate(href, { replace: replace ?? href === createPath(location), state });
      }}
    />
  );
}

/** Navigates once it is rendered in the browser (`replace` to leave no entry behind). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
    // Once, when shown: as React Router's, it does not follow later changes of its props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

// Matching, by React Router's rules: routes are ranked by how specific their paths are (a named segment over a
// parameter over a splat), siblings keep their order on a tie, and paths match in any case unless `caseSensitive`.

interface Branch {
  path: string;
  score: number;
  routes: { route: RouteObject; relativePath: string; childIndex: number }[];
}

const joinPaths = (paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');

function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function flattenRoutes(
  routes: RouteObject[],
  branches: Branch[] = [],
  parents: Branch['routes'] = [],
  parentPath = '',
) {
  routes.forEach((route, childIndex) => {
    const relativePath = route.path ?? '';
    const path = joinPaths([parentPath, relativePath]);
    const chain = [...parents, { route, relativePath, childIndex }];
    if (route.children?.length) flattenRoutes(route.children, branches, chain, path);
    if (route.path === undefined && !route.index) return;
    branches.push({ path, score: computeScore(path, route.index), routes: chain });
  });
  return branches;
}

/** Siblings' order decides between routes of the same score; routes of different parents keep the order found. */
function compareSiblings(a: Branch, b: Branch): number {
  const first = a.routes.map((entry) => entry.childIndex);
  const second = b.routes.map((entry) => entry.childIndex);
  const siblings =
    first.length === second.length && first.slice(0, -1).every((index, i) => index === second[i]);
  return siblings ? first[first.length - 1]! - second[second.length - 1]! : 0;
}

const rankedBranches = new WeakMap<RouteObject[], Branch[]>();

function branchesOf(routes: RouteObject[]): Branch[] {
  let branches = rankedBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes).sort((a, b) => b.score - a.score || compareSiblings(a, b));
    rankedBranches.set(routes, branches);
  }
  return branches;
}

const compiledPaths = new Map<string, { matcher: RegExp; params: string[] }>();

function compilePath(path: string, caseSensitive: boolean, end: boolean) {
  const cacheKey = `${caseSensitive ? 1 : 0}${end ? 1 : 0}${path}`;
  let compiled = compiledPaths.get(cacheKey);
  if (!compiled) {
    const params: string[] = [];
    let source = `^${path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        params.push(name);
        return '/([^\\/]+)';
      })}`;
    if (path.endsWith('*')) {
      params.push('*');
      source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
    } else if (end) {
      source += '\\/*$';
    } else if (path !== '' && path !== '/') {
      source += '(?:(?=\\/|$))';
    }
    compiled = { matcher: new RegExp(source, caseSensitive ? undefined : 'i'), params };
    compiledPaths.set(cacheKey, compiled);
  }
  return compiled;
}

function matchPath(path: string, caseSensitive: boolean, end: boolean, pathname: string) {
  const { matcher, params } = compilePath(path, caseSensitive, end);
  const found = matcher.exec(pathname);
  if (!found) return null;
  const matched = found[0];
  let base = matched.replace(/(.)\/+$/, '$1');
  const values: Record<string, string> = {};
  params.forEach((name, i) => {
    const value = found[i + 1] ?? '';
    if (name === '*') base = matched.slice(0, matched.length - value.length).replace(/(.)\/+$/, '$1');
    values[name] = value.replace(/%2F/g, '/');
  });
  return { params: values, pathname: matched, base };
}

/** The address's path decoded a segment at a time, a "/" inside a segment kept as "%2F", as React Router reads it. */
function decodePathname(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The routes that match `pathname`, from the outermost to the page, or null. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const decoded = decodePathname(pathname);
  for (const branch of branchesOf(routes)) {
    const matches: RouteMatch[] = [];
    // One object for every route of the branch, as React Router's: a layout sees the parameters of its page.
    const params: Record<string, string> = {};
    let matchedPathname = '/';
    const found = branch.routes.every(({ route, relativePath }, i) => {
      const remaining = matchedPathname === '/' ? decoded : decoded.slice(matchedPathname.length) || '/';
      const match = matchPath(
        relativePath,
        route.caseSensitive ?? false,
        i === branch.routes.length - 1,
        remaining,
      );
      if (!match) return false;
      Object.assign(params, match.params);
      matches.push({ route, params, pathname: joinPaths([matchedPathname, match.pathname]) });
      if (match.base !== '/') matchedPathname = joinPaths([matchedPathname, match.base]);
      return true;
    });
    if (found) return matches;
  }
  return null;
}

interface RouteState {
  outlet: ReactElement | null;
  params: Record<string, string>;
}

const RouteContext = createContext<RouteState>({ outlet: null, params: {} });

/** The element of the route that matches the address, each nested in the element of the route it is in. */
export function useRoutes(routes: RouteObject[]): ReactElement | null {
  const { pathname } = useLocation();
  const matches = matchRoutes(routes, pathname);
  if (!matches) return null;
  return matches.reduceRight<ReactElement | null>((outlet, match) => {
    const element = match.route.element === undefined ? outlet : match.route.element;
    return <RouteContext value={{ outlet, params: match.params }}>{element}</RouteContext>;
  }, null);
}

/** Where a layout route shows the route nested in it. */
export function Outlet() {
  return use(RouteContext).outlet;
}

export function useParams<Params extends string = string>(): Partial<Record<Params, string>> {
  return use(RouteContext).params as Partial<Record<Params, string>>;
}

/**
 * `npm run bench:api`: fills a fresh PostgreSQL database with the benchmark volume (bench/dataset.ts), starts
 * the built app on it and drives each scenario with autocannon (50 connections), each beside the no-op route
 * of the same server in the same run. Afterwards it checks money and stock with SQL, shows the query plans of
 * every scenario, profiles the server on any scenario that missed its budget, and times the generator on
 * PGlite too. Results go to the api, plans and data sections of RESULTS.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { minorToMajor } from '@fundry/shared';
import { createDatabase } from '../apps/api/src/db/database';
import { LIVE_PLEDGES } from '../apps/api/src/db/literals';
import { createServerDatabase } from '../apps/api/src/test/server-database';
import { buildWebApp, startBuiltApp, type RunningApp } from './app-process';
import { countCpu, type CpuUse } from './cpu';
import {
  BENCH_PASSWORD,
  benchEmail,
  dataSection,
  diskUse,
  generateAndVerify,
  generateOnPglite,
  HEAVY_BACKER,
  HOT_PROJECT_TITLE,
  PLATFORM_FEE_PERCENT,
  SCALE,
  verifyConsistency,
  VOLUME,
} from './dataset';
import { copyOfKept, type GenerationRecord, keptGeneration, REUSE } from './kept';
import { explainScenarios, type PlannedRequest } from './plans';
import { profileScenario } from './profile';
import { pick, searchPath } from './requests';
import { type Budget, budgetCell, machineLine, seconds, table, writeSection } from './results';

/**
 * autocannon keeps each response's body as a string (`req.body += data` in its lib/pipelinedRequestsQueue.js) for
 * options no scenario here uses (`expectBody`, `verifyBody`, a request's `onResponse`). Decoding a page's 12 kB of
 * Brotli as UTF-8 took most of the client's one thread: 50 connections on cached project pages got 5,000 pages a
 * second with the server 70 % idle, 20,000 without it. The page rows measured the client; no body is kept now.
 */
(
  createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody(data: Buffer): void };
  }
).prototype.addBody = () => undefined;

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const PROFILE_S = 5;
/** Distinct users who pledge in the pledge scenario, each signed in first. */
const PLEDGERS = 300;
/** Pending donations made on the hot project, then paid all at once. */
const HOT_PAYMENTS = 3000;
/** Units of the hot project's limited add-on: half the pledges above ask for one, so a third of those are refused. */
const HOT_PIN_STOCK = 1000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
/** `BENCH_ONLY=pages`: the no-op route and the page scenarios alone (no writes, plans or profiles). */
const PAGES_ONLY = process.env.BENCH_ONLY === 'pages';
/** `BENCH_ONLY=pledges`: the no-op route and the pledge scenarios alone, printed; RESULTS.md is left as it is. */
const PLEDGES_ONLY = process.env.BENCH_ONLY === 'pledges';
/** Projects whose page is visited for the first time in the first-visit scenario, then kept for the hot one. */
const FIRST_VISITS = 300;
/**
 * Pages rendered before the first visits are measured again, on a server whose code the JIT has compiled: a fresh
 * server's first pages cost more than its later ones, and the two call for different cures.
 */
const COMPILED_AFTER = 1_500;
/** First visits run at most as many at once as the server renders (pages.routes.ts): each one is a render. */
const RENDERS_AT_ONCE = 2;
/** Requests of the API scenario run beside a burst of page renders. */
const BESIDE_CONNECTIONS = 10;
/** What a browser sends for a page. */
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, br' };

interface Measured {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors and timeouts, plus responses with a status the scenario does not expect. */
  errors: number;
  statuses: Map<number, number>;
  durationS: number;
  /** CPU the app and PostgreSQL used during the run (when the app's process was given). */
  cpu?: CpuUse;
  /** Bytes of the responses, on average (as sent: compressed when the request took it). */
  meanBytes: number;
}

interface Scenario {
  name: string;
  /** The request(s), as the table shows them. */
  shows: string;
  requests: autocannon.Request[];
  expected: number[];
  /** A fixed number of requests instead of a duration (each payment can be made once). */
  amount?: number;
  warmup?: boolean;
  budget?: (measured: Measured, noop: Measured) => Budget;
  /** The requests of one round of the scenario, for their query plans. */
  planned?: PlannedRequest[];
  /** Scenarios of one group share a profile: only the first of them that misses is profiled. */
  group?: string;
  /** Connections at once, when not the usual 50. */
  connections?: number;
  /** What runs before it (and its warm-up), unmeasured. */
  before?: () => Promise<unknown>;
}

/** One typo at a random place: a letter dropped, doubled, replaced, or swapped with the next. */
function withTypo(word: string) {
  const at = Math.floor(Math.random() * (word.length - 1));
  const kind = Math.floor(Math.random() * 4);
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at + 1) + word.slice(at);
  if (kind === 2) return `${word.slice(0, at)}x${word.slice(at + 1)}`;
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}
/** The columns every table of results starts with (resultRow's cells), and their alignment. */
const RESULT_HEADERS = [
  'scenario',
  'req/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'errors',
  'ratio',
  'CPU ms a request',
];
const RESULT_ALIGNS = ['l', 'r', 'r', 'r', 'r', 'l', 'r', 'r'] as const;
const round = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

function percentile(sorted: number[], q: number) {
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * One autocannon run; latencies are taken from every response, so any percentile can be read. Given the app's
 * process, it also counts the CPU the app and PostgreSQL spend meanwhile.
 */
function fire(url: string, scenario: Scenario, durationS: number, appPid?: number): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const cpu = appPid ? countCpu(appPid) : undefined;
    const statuses = new Map<number, number>();
    let bytes = 0;
    const instance = autocannon(
      {
        url,
        connections: scenario.connections ?? CONNECTIONS,
        requests: scenario.requests,
        ...(scenario.amount ? { amount: scenario.amount } : { duration: durationS }),
        timeout: 30,
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        latencies.sort((a, b) => a - b);
        const unexpected = [...statuses].reduce(
          (sum, [status, count]) => sum + (scenario.expected.includes(status) ? 0 : count),
          0,
        );
        resolve({
          rps: latencies.length / result.duration,
          p50: percentile(latencies, 0.5),
          p95: percentile(latencies, 0.95),
          p99: percentile(latencies, 0.99),
          errors: result.errors + unexpected,
          statuses,
          durationS: result.duration,
          cpu: cpu?.stop(),
          meanBytes: latencies.length > 0 ? bytes / latencies.length : 0,
        });
      },
    );
    instance.on('response', (_client, status, responseBytes, responseTime) => {
      latencies.push(responseTime);
      bytes += responseBytes;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
}

/** The app's and PostgreSQL's CPU per request answered, as "app / PostgreSQL". */
function cpuPerRequest({ cpu, rps, durationS }: Measured) {
  const answered = rps * durationS;
  if (!cpu || answered === 0) return '—';
  return `${(cpu.appMs / answered).toFixed(2)} / ${(cpu.postgresMs / answered).toFixed(2)}`;
}

/** A GET whose path is drawn anew for every request. */
const rotating = (nextPath: () => string, headers: Record<string, string> = {}): autocannon.Request[] => [
  { method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath(), headers }) },
];

const listBudget =
  (limitMs: number) =>
  (m: Measured): Budget => ({ met: m.p99 < limitMs, text: `p99 < ${limitMs} ms, got ${round(m.p99)} ms` });

async function signIn(url: string, email: string) {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`Sign-in of ${email} failed: ${response.status}`);
  return body.access_token;
}

/** Runs `task` over `items` with at most `concurrency` at a time. */
async function inParallel<T, R>(items: T[], concurrency: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!);
      }
    }),
  );
  return results;
}

/** The Markdown `make` returns, or under `heading` why it could not be made. */
async function orFailure(heading: string, make: () => Promise<string>) {
  try {
    return await make();
  } catch (error) {
    console.error(`${heading.replace(/^#+ /, '')} failed:`, error);
    return `${heading}\n\n_Could not be made: ${(error as Error).message.split('\n')[0]}_`;
  }
}

// `BENCH_REUSE=1` (kept.ts): the data generated once and kept, each run on a copy of it.
const kept = REUSE ? await keptGeneration(adminUrl) : undefined;
const server = REUSE ? await copyOfKept(adminUrl) : await createServerDatabase(adminUrl, 'fundry_bench');
// The pages are served by the app's own web build and render bundle, built from the current sources.
const webBuildDir = mkdtempSync(path.join(tmpdir(), 'fundry-bench-pages-'));
const webDistDir = buildWebApp(webBuildDir);
const database = await createDatabase({ kind: 'postgres', url: server.url }, 4);
const dataDir = mkdtempSync(path.join(tmpdir(), 'fundry-bench-api-'));
const jwtSecret = randomBytes(48).toString('base64url');
const appEnv = {
  DATABASE_URL: server.url,
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: 'false',
  JWT_SECRET: jwtSecret,
  PLATFORM_FEE_PERCENT: String(PLATFORM_FEE_PERCENT),
  WEB_DIST_DIR: webDistDir,
  // `BENCH_PAGE_CACHE=off` measures every page rendered, as before decision 018.
  ...(process.env.BENCH_PAGE_CACHE === 'off' ? { PAGE_CACHE_MAX_MB: '0' } : {}),
  // `BENCH_RENDER_WORKERS=0` renders pages on the main thread, as before decision 027; unset, the app's default.
  ...(process.env.BENCH_RENDER_WORKERS ? { RENDER_WORKERS: process.env.BENCH_RENDER_WORKERS } : {}),
};
const runs: GenerationRecord[] = [];
let app: RunningApp | undefined;
/**
 * The API process's resident memory, sampled every 500 ms while it runs (MB), and as each scenario ends: where it
 * grows is what a heap snapshot would then look at.
 */
const memory = {
  peakRssMb: 0,
  hwmMb: 0,
  samples: 0,
  startRssMb: 0,
  afterScenario: [] as { name: string; rssMb: number }[],
};
/** Where the resident memory grew: after the start, and the three scenarios it grew most in. */
function memoryGrowth() {
  let before = memory.startRssMb;
  const steps = memory.afterScenario.map(({ name, rssMb }) => {
    const step = { name, grewMb: rssMb - before, rssMb };
    before = rssMb;
    return step;
  });
  const largest = steps.sort((a, b) => b.grewMb - a.grewMb).slice(0, 3);
  const started = `Resident once started (the typeahead's index and the trending ranking made): ${memory.startRssMb.toFixed(0)} MB`;
  if (largest.length === 0) return `${started}.`;
  return `${started}; it grew most in ${largest.map((step) => `${step.name} (+${step.grewMb.toFixed(0)} MB, to ${step.rssMb.toFixed(0)})`).join(', ')}.`;
}

/** A process's resident set and its high-water mark, from /proc (MB). */
function residentMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}
let disk: string | undefined;
try {
  runs.push(kept ?? (await generateAndVerify(database)));
  disk = await diskUse(database.db);
  if (kept && 'copyMs' in server) {
    disk += ` The run's copy of the kept data (\`create database … template … strategy file_copy\`) took ${seconds(server.copyMs)}.`;
  }
  if (!PLEDGES_ONLY) await writeSection('data', dataSection(runs, machineLine(), disk));
  const { db } = database;
  const postgresVersion = (
    await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)
  ).rows[0]?.v;

  // What the scenarios draw from, read once from the generated data.
  const publicIds = (
    await sql<{ id: number }>`
      select id from projects where status in ('ACTIVE', 'SUCCESSFUL', 'FAILED') order by random() limit 5000`.execute(
      db,
    )
  ).rows.map((row) => row.id);
  // The page scenarios' projects: public, and none of those the API scenarios visit, so each page's first visit
  // renders it with its data read from the database.
  const pageProjectIds = (
    await sql<{ id: number }>`
      select id from projects where status in ('ACTIVE', 'SUCCESSFUL', 'FAILED') and id <> all(${publicIds}::int[])
      order by random() limit ${2 * FIRST_VISITS + COMPILED_AFTER + 3000}`.execute(db)
  ).rows.map((row) => row.id);
  const categoryIds = (await db.selectFrom('categories').select('id').orderBy('id').execute()).map(
    (c) => c.id,
  );
  const hot = await db
    .selectFrom('projects')
    .select(['id', 'current_cents', 'backers_count'])
    .where('title', '=', HOT_PROJECT_TITLE)
    .executeTakeFirstOrThrow();
  const hotUnlimitedReward = await db
    .selectFrom('rewards')
    .select(['id', 'minimum_cents'])
    .where('project_id', '=', hot.id)
    .where('quantity_available', 'is', null)
    .executeTakeFirstOrThrow();
  // Running campaigns, each with an unlimited reward and a limited one with its last few units, so that
  // concurrent pledges race for them and most sell out during the run.
  // Campaigns with a conversation (the generator gives one in 20 a short one) and the hot project's public updates.
  const talkedIds = (
    await sql<{ id: number }>`
      select distinct project_id as id from comments where project_id <> ${hot.id} limit 2000`.execute(db)
  ).rows.map((row) => row.id);
  const hotUpdateIds = (
    await db
      .selectFrom('project_updates')
      .select('id')
      .where('project_id', '=', hot.id)
      .where('visibility', '=', 'public')
      .execute()
  ).map((row) => row.id);
  const typeaheadTitles = (
    await sql<{ title: string }>`
      select title from projects where status in ('ACTIVE', 'SUCCESSFUL', 'FAILED') order by random() limit 5000`.execute(
      db,
    )
  ).rows.map((row) => row.title);
  const pledgeTargets = (
    await sql<{
      project_id: number;
      currency: string;
      unlimited_id: number;
      unlimited_min: number;
      scarce_id: number;
      scarce_min: number;
      remaining: number;
    }>`
      select * from (
        select distinct on (p.id) p.id as project_id, p.currency, u.id as unlimited_id, u.minimum_cents as unlimited_min,
               s.id as scarce_id, s.minimum_cents as scarce_min,
               s.quantity_available - s.quantity_claimed - s.quantity_reserved as remaining
        from projects p
        join rewards u on u.project_id = p.id and u.quantity_available is null
        join rewards s on s.project_id = p.id and s.quantity_available is not null
        where p.status = 'ACTIVE' and p.start_date <= current_date and p.end_date > current_date
          and p.id <> ${hot.id}
          and s.quantity_available - s.quantity_claimed - s.quantity_reserved >= 1
        order by p.id, remaining) t
      order by remaining, project_id limit 60`.execute(db)
  ).rows;
  if (pledgeTargets.length === 0) throw new Error('No running campaign has a limited reward with stock left');
  const scarceStock = pledgeTargets.reduce((sum, target) => sum + target.remaining, 0);
  const creatorsEnd = VOLUME.creators + 2;
  const pledgerNames = Array.from({ length: PLEDGERS }, (_, i) => `bench_user_${creatorsEnd + 1 + i}`);

  app = await startBuiltApp(appEnv, path.join(dataDir, 'server.log'));
  const { url } = app;
  // The server works out the typeahead's index and the trending ranking as it starts; these wait for them, so that
  // the scenarios measure a server that has started, not its start.
  await Promise.all(
    ['/api/v1/projects/search?q=lan', '/api/v1/projects/discovery'].map(async (address) => {
      const response = await fetch(`${url}${address}`);
      if (!response.ok) throw new Error(`${address} answered ${response.status} after the start`);
      await response.arrayBuffer();
    }),
  );
  const appPid = app.pid;
  memory.startRssMb = residentMb(appPid).rss;
  const memoryTimer = setInterval(() => {
    try {
      const { rss, hwm } = residentMb(appPid);
      memory.peakRssMb = Math.max(memory.peakRssMb, rss);
      memory.hwmMb = Math.max(memory.hwmMb, hwm);
      memory.samples++;
    } catch {
      // The process has ended.
    }
  }, 500);
  memoryTimer.unref();
  console.log(`Built app on ${url}, PostgreSQL ${postgresVersion}`);

  const signInStarted = performance.now();
  const heavyToken = await signIn(url, benchEmail(HEAVY_BACKER));
  const inboxOwner = await db
    .selectFrom('projects as p')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .select('u.username')
    .where('p.id', '=', hot.id)
    .executeTakeFirstOrThrow();
  const inboxToken = await signIn(url, benchEmail(inboxOwner.username));
  const pledgerTokens = await inParallel(pledgerNames, 4, (name) => signIn(url, benchEmail(name)));
  const signInMs = performance.now() - signInStarted;
  console.log(`Signed in ${PLEDGERS + 1} users in ${seconds(signInMs)}`);

  // What people type: the start of a real title, 1 to 3 words with the last one cut short, and in one text of
  // four a typo (a letter dropped, doubled, replaced or two swapped) — tens of thousands of distinct texts.
  const typeaheadText = () => {
    const titleWords = pick(typeaheadTitles).split(/\s+/);
    const typed = titleWords.slice(0, 1 + Math.floor(Math.random() * Math.min(3, titleWords.length)));
    const last = typed.length - 1;
    typed[last] = typed[last]!.slice(0, 2 + Math.floor(Math.random() * (typed[last]!.length - 1)));
    const typoAt = typed.findIndex((word) => word.length >= 4);
    if (Math.random() < 0.25 && typoAt >= 0) typed[typoAt] = withTypo(typed[typoAt]!);
    return Math.random() < 0.7 ? typed.join(' ').toLowerCase() : typed.join(' ');
  };
  const backedStatuses = ['', 'ACTIVE', 'SUCCESSFUL', 'FAILED'];
  const heavyBackedPages = Math.ceil(VOLUME.heavyBackerProjects / 20);
  const inboxPages = Math.ceil(VOLUME.inboxThreads / 20);
  const longThread = await db
    .selectFrom('messages')
    .select((eb) => ['thread_id as id', eb.fn.countAll<number>().as('count')])
    .groupBy('thread_id')
    .orderBy('count', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const longThreadPages = Math.ceil(Number(longThread.count) / 50);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  // The campaigns are in the dataset's five currencies: each pledge in its campaign's, from minor units (2,500 is
  // 25 dollars, 25 euros or 2,500 yen).
  const pledgeRequest = (target: (typeof pledgeTargets)[number]) => {
    const choice = Math.floor(Math.random() * 3);
    const { currency } = target;
    if (choice === 0) return { amount: minorToMajor(2500, currency), currency };
    if (choice === 1)
      return {
        amount: minorToMajor(target.unlimited_min + 500, currency),
        currency,
        reward_id: target.unlimited_id,
      };
    // The limited rewards ship: to the US for 500 minor units (the generator's rules), which the amount covers.
    return {
      amount: minorToMajor(target.scarce_min + 500, currency),
      currency,
      reward_id: target.scarce_id,
      shipping_address: {
        name: 'Bench Backer',
        line1: '1 Load Street',
        city: 'Springfield',
        postal_code: '10001',
        country: 'US',
      },
    };
  };

  const noop: Scenario = {
    name: 'no-op',
    shows: '`GET /healthz`',
    requests: [{ method: 'GET', path: '/healthz' }],
    expected: [200],
  };
  type PageContext = { id?: number };
  /** A project page's data: the project, its rewards, its public stats, for the project `nextId` picks. */
  const pageRequests = (nextId: () => number): autocannon.Request[] => [
    {
      method: 'GET',
      setupRequest: (request, context: PageContext) => {
        context.id = nextId();
        return { ...request, path: `/api/v1/projects/${context.id}` };
      },
    },
    {
      method: 'GET',
      setupRequest: (request, context: PageContext) => ({
        ...request,
        path: `/api/v1/rewards/projects/${context.id}/rewards`,
      }),
    },
    {
      method: 'GET',
      setupRequest: (request, context: PageContext) => ({
        ...request,
        path: `/api/v1/backers/projects/${context.id}/public-stats`,
      }),
    },
  ];
  let firstVisits = 0;
  const scenarios: Scenario[] = [
    noop,
    {
      name: 'project page data, first visit of each page',
      shows:
        'the same three requests, once for each of the 5,000 projects in turn, right after the start: every answer read from the database and kept',
      requests: pageRequests(() => publicIds[firstVisits++ % publicIds.length]!),
      amount: 3 * publicIds.length,
      warmup: false,
      expected: [200],
    },
    {
      name: 'project page data',
      shows: '`GET projects/{id}`, `rewards/projects/{id}/rewards`, `backers/projects/{id}/public-stats`',
      requests: pageRequests(() => pick(publicIds)),
      expected: [200],
      budget: (m, base) => {
        const ratio = m.rps / base.rps;
        return {
          met: ratio >= 0.25 && m.p99 < 50,
          text: `≥ ¼ of no-op and p99 < 50 ms, got ×${ratio.toFixed(2)} and ${round(m.p99)} ms`,
        };
      },
      planned: [
        { label: 'project page data: the project', path: `/api/v1/projects/${hot.id}` },
        { label: 'project page data: its rewards', path: `/api/v1/rewards/projects/${hot.id}/rewards` },
        { label: 'project page data: its stats', path: `/api/v1/backers/projects/${hot.id}/public-stats` },
      ],
    },
    {
      name: 'public list, default',
      shows: '`GET projects/`',
      requests: [{ method: 'GET', path: '/api/v1/projects/' }],
      expected: [200],
      budget: listBudget(100),
      planned: [{ label: 'public list, default', path: '/api/v1/projects/' }],
    },
    {
      name: 'Explore, default (running, newest)',
      shows: '`GET projects/?status=active&sort=newest&page=1..50`',
      requests: rotating(
        () => `/api/v1/projects/?status=active&sort=newest&page=${1 + Math.floor(Math.random() * 50)}`,
      ),
      expected: [200],
      budget: listBudget(100),
      planned: [{ label: 'Explore, default', path: '/api/v1/projects/?status=active&sort=newest&page=7' }],
    },
    {
      name: 'Explore, most funded (in the base currency)',
      shows:
        '`GET projects/?sort=funded&page=1..50`, one request in two with `goal_min={250..1,200}` (dollars)',
      requests: rotating(() => {
        const page = `sort=funded&page=${1 + Math.floor(Math.random() * 50)}`;
        return Math.random() < 0.5
          ? `/api/v1/projects/?${page}`
          : `/api/v1/projects/?${page}&goal_min=${pick([250, 500, 1000, 1200])}`;
      }),
      expected: [200],
      budget: listBudget(100),
      planned: [
        { label: 'Explore, most funded', path: '/api/v1/projects/?sort=funded&page=7' },
        {
          label: 'Explore, most funded, goal ≥ $500',
          path: '/api/v1/projects/?sort=funded&goal_min=500&page=7',
        },
      ],
    },
    ...[undefined, 'newest', 'popular', 'ending', 'funded'].map((sort): Scenario => ({
      name: `search + 2 categories + progress, ${sort ?? 'relevance'}`,
      shows: `\`GET projects/?search={2 words}&category={a}&category={b}&progress={bucket}${sort ? `&sort=${sort}` : ''}\``,
      requests: rotating(() => searchPath(categoryIds, sort)),
      expected: [200],
      budget: listBudget(100),
      group: 'search',
      planned: [
        {
          label: `search, ${sort ?? 'relevance'}`,
          path: `/api/v1/projects/?search=solar+lantern&category=${categoryIds[0]}&category=${categoryIds[1]}&progress=25to75${sort ? `&sort=${sort}` : ''}`,
        },
      ],
    })),
    {
      name: 'typeahead',
      shows: '`GET projects/search?q={the start of a title: 1–3 words, the last cut short, ¼ with a typo}`',
      requests: rotating(() => `/api/v1/projects/search?q=${encodeURIComponent(typeaheadText())}`),
      expected: [200],
      budget: (m) => ({ met: m.p95 < 10, text: `p95 < 10 ms, got ${round(m.p95)} ms` }),
      planned: [{ label: 'typeahead', path: '/api/v1/projects/search?q=harb' }],
    },
    {
      name: 'discovery',
      shows: '`GET projects/discovery`',
      requests: [{ method: 'GET', path: '/api/v1/projects/discovery' }],
      expected: [200],
      budget: listBudget(100),
      planned: [{ label: 'discovery', path: '/api/v1/projects/discovery' }],
    },
    {
      name: 'comments of the hot project (200 threads with replies)',
      shows: '`GET projects/{hot}/comments?page=1..20`',
      requests: rotating(
        () => `/api/v1/projects/${hot.id}/comments?page=${1 + Math.floor(Math.random() * 20)}`,
      ),
      expected: [200],
      budget: listBudget(100),
      group: 'community',
      planned: [{ label: 'comments of the hot project', path: `/api/v1/projects/${hot.id}/comments?page=7` }],
    },
    {
      name: 'comments of a campaign, of an update of the hot project',
      shows: '`GET projects/{id}/comments`, `GET projects/{hot}/updates/{id}/comments`',
      requests: rotating(() =>
        Math.random() < 0.5
          ? `/api/v1/projects/${pick(talkedIds)}/comments`
          : `/api/v1/projects/${hot.id}/updates/${pick(hotUpdateIds)}/comments`,
      ),
      expected: [200],
      budget: listBudget(100),
      group: 'community',
      planned: [
        { label: 'comments of a campaign', path: `/api/v1/projects/${talkedIds[0]}/comments` },
        {
          label: 'comments of an update',
          path: `/api/v1/projects/${hot.id}/updates/${hotUpdateIds[0]}/comments`,
        },
      ],
    },
    {
      name: 'updates of the hot project (50)',
      shows: '`GET projects/{hot}/updates?page=1..5`',
      requests: rotating(
        () => `/api/v1/projects/${hot.id}/updates?page=${1 + Math.floor(Math.random() * 5)}`,
      ),
      expected: [200],
      budget: listBudget(100),
      group: 'community',
      planned: [{ label: 'updates of the hot project', path: `/api/v1/projects/${hot.id}/updates?page=3` }],
    },
    {
      name: `a creator's inbox (${VOLUME.inboxThreads.toLocaleString('en-US')} threads)`,
      shows: "`GET messages?page={1..}` signed in as the hot project's creator, newest activity first",
      requests: rotating(
        () => `/api/v1/messages?page=${1 + Math.floor(Math.random() * inboxPages)}`,
        auth(inboxToken),
      ),
      expected: [200],
      budget: listBudget(100),
      group: 'messages',
      planned: [{ label: 'inbox', path: '/api/v1/messages?page=40', headers: auth(inboxToken) }],
    },
    {
      name: `a thread of ${VOLUME.longThreadMessages} messages`,
      shows: '`GET messages/{id}?page={1..10}` by its creator (reading marks it read)',
      requests: rotating(
        () => `/api/v1/messages/${longThread.id}?page=${1 + Math.floor(Math.random() * longThreadPages)}`,
        auth(inboxToken),
      ),
      expected: [200],
      budget: listBudget(100),
      group: 'messages',
      planned: [
        { label: 'long thread', path: `/api/v1/messages/${longThread.id}?page=5`, headers: auth(inboxToken) },
      ],
    },
    {
      name: `backed projects of the heavy backer (${VOLUME.heavyBackerProjects.toLocaleString('en-US')})`,
      shows: '`GET backers/me/backed-projects?page={1..}&per_page=20&status={…}` signed in',
      requests: rotating(() => {
        const status = pick(backedStatuses);
        const page = 1 + Math.floor(Math.random() * (status ? heavyBackedPages / 3 : heavyBackedPages));
        return `/api/v1/backers/me/backed-projects?page=${page}&per_page=20${status ? `&status=${status}` : ''}`;
      }, auth(heavyToken)),
      expected: [200],
      budget: listBudget(100),
      planned: [
        {
          label: 'backed projects',
          path: '/api/v1/backers/me/backed-projects?page=40&per_page=20',
          headers: auth(heavyToken),
        },
      ],
    },
  ];

  const pledge: Scenario = {
    name: `pledge creation (${PLEDGERS} users, ${pledgeTargets.length} campaigns)`,
    shows: '`POST backers/projects/{id}/back`: ⅓ no reward, ⅓ unlimited reward, ⅓ a reward nearly sold out',
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const target = pick(pledgeTargets);
          return {
            ...request,
            path: `/api/v1/backers/projects/${target.project_id}/back`,
            headers: { 'content-type': 'application/json', ...auth(pick(pledgerTokens)) },
            body: JSON.stringify(pledgeRequest(target)),
          };
        },
      },
    ],
    // 409: the reward sold out, the refusal the stock rule demands.
    expected: [201, 409],
    warmup: false,
    planned: [
      {
        label: 'pledge',
        method: 'POST',
        path: `/api/v1/backers/projects/${pledgeTargets[0]?.project_id}/back`,
        headers: auth(pledgerTokens[0]!),
        body: {
          amount: minorToMajor(2500, pledgeTargets[0]!.currency),
          currency: pledgeTargets[0]!.currency,
        },
      },
    ],
  };

  const results: { scenario: Scenario; measured: Measured; budget?: Budget }[] = [];
  let noopMeasured: Measured | undefined;
  const report = (scenario: Scenario, measured: Measured, budget?: Budget) => {
    const ratio = noopMeasured ? measured.rps / noopMeasured.rps : 1;
    console.log(
      `${scenario.name}: ${measured.rps.toFixed(0)} req/s, p50 ${round(measured.p50)} ms, p95 ${round(measured.p95)} ms, ` +
        `p99 ${round(measured.p99)} ms, errors ${measured.errors}, ×${ratio.toFixed(2)} of no-op, ` +
        `CPU ${cpuPerRequest(measured)} ms a request (app / PostgreSQL)` +
        (budget ? ` — ${budget.met ? 'met' : 'MISSED'}: ${budget.text}` : ''),
    );
    results.push({ scenario, measured, budget });
    if (app) memory.afterScenario.push({ name: scenario.name, rssMb: residentMb(app.pid).rss });
  };
  /** A result as a row of the tables: the API's leave out the bytes column. */
  const BYTES_COLUMN = 8;
  const resultRow = ({ scenario, measured, budget }: (typeof results)[number]) => [
    `**${scenario.name}**<br>${scenario.shows}`,
    measured.rps.toFixed(0),
    round(measured.p50),
    round(measured.p95),
    round(measured.p99),
    `${measured.errors}${measured.statuses.size > 0 ? ` (${[...measured.statuses].map(([s, n]) => `${s}: ${n}`).join(', ')})` : ''}`,
    `×${(measured.rps / noopMeasured!.rps).toFixed(2)}`,
    cpuPerRequest(measured),
    `${(measured.meanBytes / 1000).toFixed(1)} kB`,
    budgetCell(budget),
  ];
  const run = async (scenario: Scenario) => {
    await scenario.before?.();
    if (scenario.warmup !== false) await fire(url, scenario, WARMUP_S);
    const measured = await fire(url, scenario, DURATION_S, app?.pid);
    noopMeasured ??= measured;
    report(scenario, measured, scenario.budget?.(measured, noopMeasured));
    return measured;
  };

  for (const scenario of PAGES_ONLY || PLEDGES_ONLY ? [noop] : scenarios) await run(scenario);

  // Pages as a browser asks for them (DESIGN.md §13, issue 36 and decision 018).
  const firstVisitIds = pageProjectIds.slice(0, FIRST_VISITS);
  /** The project whose link was just posted: nobody has opened its page yet when the burst starts. */
  const sharedLinkId = pageProjectIds[FIRST_VISITS]!;
  const compiledVisitIds = pageProjectIds.slice(FIRST_VISITS + 1, 2 * FIRST_VISITS + 1);
  const compilingIds = pageProjectIds.slice(2 * FIRST_VISITS + 1, 2 * FIRST_VISITS + 1 + COMPILED_AFTER);
  const burstIds = pageProjectIds.slice(2 * FIRST_VISITS + 1 + COMPILED_AFTER, -20);
  let nextFirstVisit = 0;
  let nextCompiledVisit = 0;
  let nextCompilingPage = 0;
  let nextBurstPage = 0;
  // The render bundle's code warmed up on pages no scenario visits, as a server that has served a few pages is. Each
  // page read to its end: its head comes before its render, and a warm-up still rendering would take the first
  // visits' places.
  for (const id of pageProjectIds.slice(-20)) {
    await (await fetch(`${url}/projects/${id}`, { headers: PAGE_HEADERS })).arrayBuffer();
  }
  const pageBudget = (m: Measured, base: Measured): Budget => {
    const ratio = m.rps / base.rps;
    return {
      met: ratio >= 0.25 && m.p99 < 50,
      text: `≥ ¼ of no-op and p99 < 50 ms, got ×${ratio.toFixed(2)} and ${round(m.p99)} ms`,
    };
  };
  const pageScenarios: Scenario[] = [
    {
      name: 'project page as HTML, first visit of each page, on a new server',
      shows: `\`GET /projects/{id}\` as a browser asks (\`Accept: text/html\`, \`Accept-Encoding: gzip, br\`), once for each of ${FIRST_VISITS} projects no scenario visited, ${RENDERS_AT_ONCE} at once (the renders a server runs at once): each one rendered, on a server that had rendered 20 pages: its first pages, the JIT's compiling included (decision 018)`,
      requests: rotating(
        () => `/projects/${firstVisitIds[nextFirstVisit++ % firstVisitIds.length]}`,
        PAGE_HEADERS,
      ),
      amount: FIRST_VISITS,
      connections: RENDERS_AT_ONCE,
      warmup: false,
      expected: [200],
    },
    {
      name: `project page as HTML, first visit of each page, after ${COMPILED_AFTER.toLocaleString('en-US')} others`,
      shows: `as the row above, ${FIRST_VISITS} other projects, once the server has rendered ${COMPILED_AFTER.toLocaleString('en-US')} more pages nobody visited (unmeasured): what a render costs once the JIT has compiled the code`,
      before: () =>
        fire(
          url,
          {
            name: 'pages rendered first',
            shows: '',
            requests: rotating(
              () => `/projects/${compilingIds[nextCompilingPage++ % COMPILED_AFTER]}`,
              PAGE_HEADERS,
            ),
            amount: COMPILED_AFTER,
            connections: RENDERS_AT_ONCE,
            expected: [200],
          },
          0,
        ),
      requests: rotating(
        () => `/projects/${compiledVisitIds[nextCompiledVisit++ % compiledVisitIds.length]}`,
        PAGE_HEADERS,
      ),
      amount: FIRST_VISITS,
      connections: RENDERS_AT_ONCE,
      warmup: false,
      expected: [200],
      budget: (m) => {
        const answered = m.rps * m.durationS;
        const cpuMs = m.cpu && answered > 0 ? m.cpu.appMs / answered : Number.NaN;
        return { met: cpuMs <= 15, text: `≤ 15 ms of the app's CPU a page, got ${cpuMs.toFixed(1)} ms` };
      },
    },
    {
      name: 'project page as HTML',
      shows: `\`GET /projects/{id}\` as a browser asks, the ${FIRST_VISITS} pages of the row above (a shared link's burst)`,
      requests: rotating(() => `/projects/${pick(firstVisitIds)}`, PAGE_HEADERS),
      expected: [200],
      budget: pageBudget,
    },
    {
      name: 'home as HTML',
      shows: '`GET /` as a browser asks',
      requests: [{ method: 'GET', path: '/', headers: PAGE_HEADERS }],
      expected: [200],
      budget: pageBudget,
    },
    {
      name: 'Explore as HTML',
      shows: '`GET /projects/explore` as a browser asks',
      requests: [{ method: 'GET', path: '/projects/explore', headers: PAGE_HEADERS }],
      expected: [200],
      budget: pageBudget,
    },
    {
      name: 'a category page as HTML',
      shows: '`GET /category/{id}` as a browser asks, any category',
      requests: rotating(() => `/category/${pick(categoryIds)}`, PAGE_HEADERS),
      expected: [200],
    },
  ];
  for (const scenario of PLEDGES_ONLY ? [] : pageScenarios) await run(scenario);

  // The API beside a burst of pages on the same instance: the pages must not stall the rest. First the issue's
  // case, a link just posted (one page nobody has opened yet, 50 visitors at once), then a harder one: a page
  // nobody has visited at every request (each rendered, or sent as the shell past the renders at once).
  const beside = (burstName: string): Scenario => ({
    name: `project data beside ${burstName} (${BESIDE_CONNECTIONS} connections)`,
    shows: '`GET projects/{id}` of the API scenarios’ projects, at the same time as the row above',
    requests: rotating(() => `/api/v1/projects/${pick(publicIds)}`),
    connections: BESIDE_CONNECTIONS,
    expected: [200],
    budget: (m) => ({ met: m.p99 < 100, text: `p99 < 100 ms, got ${round(m.p99)} ms` }),
  });
  const bursts: Scenario[] = [
    {
      name: 'a shared link: one project page, nobody had opened it',
      shows: `\`GET /projects/{id}\` as a browser asks, one project no scenario visited, from its first request`,
      requests: [{ method: 'GET', path: `/projects/${sharedLinkId}`, headers: PAGE_HEADERS }],
      expected: [200],
    },
    {
      name: 'project pages nobody visited yet (a burst of renders)',
      shows: `\`GET /projects/{id}\` as a browser asks, a project no scenario visited at every request`,
      requests: rotating(() => `/projects/${burstIds[nextBurstPage++ % burstIds.length]}`, PAGE_HEADERS),
      expected: [200],
    },
  ];
  const besides: Scenario[] = [];
  for (const burst of PLEDGES_ONLY ? [] : bursts) {
    const api = beside(burst.name.split(' (')[0]!.split(':')[0]!);
    besides.push(api);
    await fire(url, api, WARMUP_S);
    const [burstMeasured, apiMeasured] = await Promise.all([
      fire(url, burst, DURATION_S, app?.pid),
      fire(url, api, DURATION_S),
    ]);
    report(burst, burstMeasured);
    report(api, apiMeasured, api.budget?.(apiMeasured, noopMeasured!));
  }
  const pageSet = new Set<Scenario>([noop, ...pageScenarios, ...bursts, ...besides]);
  const pageRows = results.filter((result) => pageSet.has(result.scenario)).map(resultRow);
  if (!PLEDGES_ONLY)
    await writeSection(
      'pages',
      [
        '## Pages under load',
        '',
        machineLine(),
        '',
        `The same built app and data as the API section, with the web build and its render bundle made from the same ` +
          `sources, and the page cache ${process.env.BENCH_PAGE_CACHE === 'off' ? '**off** (`PAGE_CACHE_MAX_MB=0`: every page rendered)' : 'on (decision 018)'}, pages rendered ${process.env.BENCH_RENDER_WORKERS === '0' ? '**on the main thread** (`RENDER_WORKERS=0`)' : `in ${process.env.BENCH_RENDER_WORKERS ?? 'the default number of'} worker threads (decision 027)`}. ` +
          `autocannon as above (${CONNECTIONS} connections unless the row says otherwise); every request asks as a browser does ` +
          '(`Accept: text/html`, `Accept-Encoding: gzip, br`). "bytes" is the mean response as sent. Each burst ran at ' +
          'the same time as the API row after it; the burst’s CPU includes the API’s.',
        '',
        table([...RESULT_HEADERS, 'bytes', 'budget'], [...RESULT_ALIGNS, 'r', 'l'], pageRows),
      ].join('\n'),
    );
  if (!PAGES_ONLY) {
    const pendingBefore = Number(
      (await sql<{ n: string }>`select count(*) as n from donations where status = 'PENDING'`.execute(db))
        .rows[0]?.n,
    );
    const pledgeMeasured = await fire(url, pledge, DURATION_S, app?.pid);
    const created = pledgeMeasured.statuses.get(201) ?? 0;
    const soldOut = pledgeMeasured.statuses.get(409) ?? 0;
    const pledgesPerSecond = created / pledgeMeasured.durationS;
    const pendingAfter = Number(
      (await sql<{ n: string }>`select count(*) as n from donations where status = 'PENDING'`.execute(db))
        .rows[0]?.n,
    );
    const oversold = Number(
      (
        await sql<{ n: string }>`
        select count(*) as n from rewards r
        join (select reward_id, count(*) as taken from donations
              where reward_id is not null and status in ('PENDING', ${sql.join(LIVE_PLEDGES)})
              group by reward_id) d
          on d.reward_id = r.id
        where r.quantity_available is not null and d.taken > r.quantity_available`.execute(db)
      ).rows[0]?.n,
    );
    const scarceLeft = Number(
      (
        await sql<{ n: string }>`
        select coalesce(sum(quantity_available - quantity_claimed - quantity_reserved), 0) as n from rewards
        where id = any(${pledgeTargets.map((t) => t.scarce_id)}::int[])`.execute(db)
      ).rows[0]?.n,
    );
    report(pledge, pledgeMeasured, {
      met: pledgesPerSecond >= 200 && oversold === 0,
      text: `≥ 200 pledges/s and 0 oversold, got ${pledgesPerSecond.toFixed(0)}/s and ${oversold} oversold`,
    });
    const pledgeNotes = [
      `${created.toLocaleString('en-US')} pledges created (${pledgesPerSecond.toFixed(0)}/s), ${soldOut.toLocaleString('en-US')} refused as sold out (409); ` +
        `${(pendingAfter - pendingBefore).toLocaleString('en-US')} new pending donations in the database (the 201s, plus ` +
        'pledges still in flight when the run stopped: at most one per connection).',
      `Nearly-sold-out rewards: ${scarceStock} units left before, ${scarceLeft} after; rewards whose open checkouts + live pledges ` +
        `donations exceed their stock: **${oversold}**.`,
    ];

    // The hot project: open checkouts first (not measured), then every card saved at once. A backer has one live
    // pledge per project (DESIGN.md §10), so the checkouts come from people new to the platform.
    const payerNames = Array.from({ length: HOT_PAYMENTS }, (_, i) => `bench_payer_${i + 1}`);
    await sql`
    with payers as (
      insert into users (username, email, full_name, password_hash, email_verified_at)
      select name, name || '@bench.test', 'Payer ' || ordinality,
             (select password_hash from users where username = ${HEAVY_BACKER}), now()
      from unnest(${payerNames}::text[]) with ordinality as name
      returning id)
    insert into user_roles (user_id, role_id)
    select payers.id, roles.id from payers, roles where roles.name = 'User'`.execute(db);
    const payerTokens = await inParallel(payerNames, 8, (name) => signIn(url, benchEmail(name)));
    // Two add-ons on the hot project, as a game's creator sells them (DESIGN.md §16): a pin with its last units,
    // which the pledges race for, and a mug with no limit. Every pledge takes the mug, half of them the pin too.
    const [pin, mug] = await db
      .insertInto('add_ons')
      .values([
        {
          project_id: hot.id,
          title: 'Bench enamel pin',
          price_cents: 800,
          quantity_available: HOT_PIN_STOCK,
        },
        { project_id: hot.id, title: 'Bench mug', price_cents: 1200, quantity_available: null },
      ])
      .returning(['id', 'price_cents'])
      .execute();
    let nextPayer = 0;
    const hotPledge: Scenario = {
      name: `pledges with add-ons, hot project (${HOT_PAYMENTS.toLocaleString('en-US')} new backers)`,
      shows:
        '`POST backers/projects/{id}/back` on one campaign, each by a new backer: a mug (1 or 2) with every pledge, ' +
        `a pin with its last ${HOT_PIN_STOCK.toLocaleString('en-US')} units with half of them, a reward with half`,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const i = Math.min(nextPayer++, HOT_PAYMENTS - 1);
            const withReward = i % 2 === 0;
            const lines = [
              { add_on_id: mug!.id, quantity: 1 + (i % 3 === 0 ? 1 : 0) },
              ...(i % 4 < 2 ? [{ add_on_id: pin!.id, quantity: 1 }] : []),
            ];
            const addOnsCents = lines.reduce(
              (sum, line) => sum + line.quantity * (line.add_on_id === pin!.id ? pin! : mug!).price_cents,
              0,
            );
            return {
              ...request,
              path: `/api/v1/backers/projects/${hot.id}/back`,
              headers: { 'content-type': 'application/json', ...auth(payerTokens[i]!) },
              body: JSON.stringify({
                amount: ((withReward ? hotUnlimitedReward.minimum_cents : 1999) + addOnsCents) / 100,
                currency: 'USD',
                ...(withReward ? { reward_id: hotUnlimitedReward.id } : {}),
                add_ons: lines,
              }),
            };
          },
        },
      ],
      // 409: the pin sold out, the refusal the stock rule demands.
      expected: [201, 409],
      amount: HOT_PAYMENTS,
    };
    const hotMeasured = await fire(url, hotPledge, DURATION_S, app?.pid);
    const hotCreated = hotMeasured.statuses.get(201) ?? 0;
    const hotPledgesPerSecond = hotCreated / hotMeasured.durationS;
    // Every unit held by an open checkout or a live pledge is counted on its add-on, and never more than its stock.
    const addOnStock = await sql<{ title: string; stock: number | null; counted: number; held: number }>`
      select a.title, a.quantity_available as stock, a.quantity_claimed + a.quantity_reserved as counted,
             coalesce(sum(l.quantity) filter (where d.status in ('PENDING', ${sql.join(LIVE_PLEDGES)})), 0)::int as held
      from add_ons a
      left join donation_add_ons l on l.add_on_id = a.id
      left join donations d on d.id = l.donation_id
      where a.id in (${pin!.id}, ${mug!.id})
      group by a.id order by a.id`.execute(db);
    const addOnsOversold = addOnStock.rows.filter(
      (row) => row.counted !== row.held || (row.stock !== null && row.held > row.stock),
    ).length;
    report(hotPledge, hotMeasured, {
      met: hotPledgesPerSecond >= 200 && addOnsOversold === 0,
      text: `≥ 200 pledges/s and 0 oversold, got ${hotPledgesPerSecond.toFixed(0)}/s and ${addOnsOversold} oversold`,
    });
    const sessions = (
      await sql<{ checkout_session_id: string }>`
        select d.checkout_session_id from donations d join users u on u.id = d.donor_id
        where d.project_id = ${hot.id} and d.status = 'PENDING' and u.username = any(${payerNames}::text[])
        order by d.id`.execute(db)
    ).rows.map((row) => row.checkout_session_id);
    let nextSession = 0;
    const payments: Scenario = {
      name: `sandbox card saved, hot project (${sessions.length.toLocaleString('en-US')} checkouts)`,
      shows: '`POST /sandbox/checkout/{session}/card` with a test card, each checkout once',
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            path: `/sandbox/checkout/${sessions[Math.min(nextSession++, sessions.length - 1)]}/card`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'card_number=4242+4242+4242+4242',
          }),
        },
      ],
      // The page answers a saved card with a redirect to the success page.
      expected: [303],
      amount: sessions.length,
    };
    const paymentMeasured = await fire(url, payments, DURATION_S, app?.pid);
    const paid = await sql<{ n: string; cents: string }>`
    select count(*) as n, coalesce(sum(amount_cents), 0) as cents from donations
    where checkout_session_id = any(${sessions}::text[]) and status = 'PLEDGED'`.execute(db);
    const paidCount = Number(paid.rows[0]?.n);
    const hotAfter = await db
      .selectFrom('projects')
      .select(['current_cents', 'backers_count'])
      .where('id', '=', hot.id)
      .executeTakeFirstOrThrow();
    const raisedBy = hotAfter.current_cents - hot.current_cents;
    report(payments, paymentMeasured, {
      met: paidCount === sessions.length && raisedBy === Number(paid.rows[0]?.cents),
      text: `every card saved once and its pledge counted, got ${paidCount}/${sessions.length} and +$${(raisedBy / 100).toFixed(2)}`,
    });
    const paymentNotes = [
      `Pledges with add-ons on the hot project: ${hotCreated.toLocaleString('en-US')} created by as many new backers ` +
        `(${hotPledgesPerSecond.toFixed(0)}/s on one campaign), ${(hotMeasured.statuses.get(409) ?? 0).toLocaleString('en-US')} ` +
        'refused as the pin sold out (409). The add-ons, units held by open checkouts and live pledges against what each ' +
        `counts: ${addOnStock.rows.map((row) => `${row.title} ${row.held} held, ${row.counted} counted, stock ${row.stock ?? 'unlimited'}`).join('; ')}.`,
      `${paidCount.toLocaleString('en-US')} of them PLEDGED afterwards (card saved, charged if the campaign succeeds); the hot project's amount moved by exactly their ` +
        `sum ($${(raisedBy / 100).toFixed(2)}), backers ${hot.backers_count.toLocaleString('en-US')} → ${hotAfter.backers_count.toLocaleString('en-US')}.`,
    ];

    await app.stop();
    app = undefined;
    clearInterval(memoryTimer);

    const rows = results
      .filter((result) => result.scenario === noop || !pageSet.has(result.scenario))
      .map((result) => resultRow(result).filter((_cell, index) => index !== BYTES_COLUMN));
    const apiSection = (problems: string[], when: string, profiles: string[]) =>
      [
        '## API under load',
        '',
        machineLine([`PostgreSQL ${postgresVersion} (server, same machine)`]),
        '',
        `The built app (\`apps/api/dist/server.js\`, NODE_ENV=production, RATE_LIMITS=off, LOG_LEVEL=warn) on a fresh ` +
          `PostgreSQL database holding the data of the next section. autocannon, ${CONNECTIONS} connections, ` +
          `${DURATION_S} s per scenario after a ${WARMUP_S} s warm-up (none for writes); latencies from every response. ` +
          '"errors" counts connection errors plus responses with a status the scenario does not expect; the statuses ' +
          'received follow in brackets. Ratio = requests/s over the no-op route’s in the same run. CPU ms a request = the ' +
          'CPU time the app’s process and every PostgreSQL process used during the run, over the responses (from /proc): ' +
          'unlike requests/s and latencies it hardly moves with the host’s speed, so it is what compares runs. List scenarios vary ' +
          'their query (words, categories, bucket, page) at every request; project pages cycle through 5,000 public projects, each visited once first (the pages of a running site are in memory; the first visits are measured on their own row).',
        '',
        table([...RESULT_HEADERS, 'budget'], [...RESULT_ALIGNS, 'l'], rows),
        '',
        `- Sign-in of ${PLEDGERS + 1} users before the scenarios: ${seconds(signInMs)} (argon2id verification, 4 at a time).`,
        `- Memory of the API process (one process, its render threads included) from its start to the end of the ` +
          `pledge scenarios, from /proc/{pid}/status every 500 ms (${memory.samples.toLocaleString('en-US')} samples): ` +
          `peak RSS **${memory.peakRssMb.toFixed(0)} MB** (VmHWM ${memory.hwmMb.toFixed(0)} MB); goal ≤ 512 MB ` +
          `${Math.max(memory.peakRssMb, memory.hwmMb) <= 512 ? '✅ met' : '❌ missed'}. ${memoryGrowth()}`,
        ...pledgeNotes.map((note) => `- ${note}`),
        ...paymentNotes.map((note) => `- ${note}`),
        `- Checked ${when}, with the server stopped: ${problems.length === 0 ? 'every invariant of the data section holds (counters = sums, ledger agrees, nothing oversold).' : `**invariants broken**: ${problems.join('; ')}`}`,
        ...(profiles.length > 0
          ? ['', '### CPU profiles of the scenarios that missed', '', ...profiles]
          : []),
      ].join('\n');
    const afterRun = await verifyConsistency(db);
    if (PLEDGES_ONLY) {
      console.log(apiSection(afterRun, 'after the run', []));
      if (afterRun.length > 0) process.exitCode = 1;
    } else {
      await writeSection('api', apiSection(afterRun, 'after the run', []));

      // Where time goes: the plans of each scenario's queries, and a CPU profile of every scenario that missed.
      // Neither may cost the figures above: a failure is reported in place of its result.
      const plannedRequests = [...scenarios, pledge].flatMap((s) =>
        (s.planned ?? []).map((request) => ({
          ...request,
          missed: results.some((r) => r.scenario === s && r.budget?.met === false),
        })),
      );
      await writeSection(
        'plans',
        await orFailure('## Query plans', () =>
          explainScenarios(
            { ...appEnv, NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMITS: 'off' },
            plannedRequests,
          ),
        ),
      );
      const profiles: string[] = [];
      const profiledGroups = new Set<string>();
      for (const { scenario, budget } of results) {
        // A payment can be made only once, so that scenario cannot be run a second time.
        if (budget?.met !== false || scenario.amount) continue;
        if (scenario.group && profiledGroups.has(scenario.group)) continue;
        if (scenario.group) profiledGroups.add(scenario.group);
        console.log(`Profiling the server under "${scenario.name}"…`);
        profiles.push(
          await orFailure(`#### ${scenario.name}`, () =>
            profileScenario(appEnv, scenario.name, async (profiledUrl) => {
              await fire(profiledUrl, scenario, PROFILE_S);
            }),
          ),
        );
      }
      const afterProfiles = await verifyConsistency(db);
      console.log(
        afterProfiles.length === 0
          ? 'After the run every invariant holds.'
          : `After the run: ${afterProfiles.join('; ')}`,
      );
      await writeSection('api', apiSection(afterProfiles, 'after the run and the profiles', profiles));
      if (afterRun.length > 0 || afterProfiles.length > 0) process.exitCode = 1;
    }
  }
} finally {
  await app?.stop();
  await database.close();
  await server.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webBuildDir, { recursive: true, force: true });
}

if (!PLEDGES_ONLY) {
  // PGlite at ten times the data would take longer than the rest of the run: it is timed at the usual scale only.
  if (process.env.BENCH_PGLITE !== 'off' && !PAGES_ONLY && SCALE <= 1) runs.push(await generateOnPglite());
  await writeSection('data', dataSection(runs, machineLine(), disk));
  console.log('Written to bench/RESULTS.md (api, plans, data).');
}

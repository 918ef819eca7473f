import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_HIDE_AFTER_REPORTS,
  DEFAULT_LOCALE,
  type Locale,
  OFFERABLE_CURRENCIES,
  type OfferableCurrency,
  SHIPPED_LOCALES,
} from '@fundry/shared';

const flag = z
  .enum(['true', 'false', 'on', 'off', '1', '0'])
  .transform((value) => value === 'true' || value === 'on' || value === '1');

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());
const optionalText = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().min(1).optional(),
);

/** DESIGN.md §9: every variable the process reads, parsed once. Nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_READ_URLS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  MAX_REPLICA_LAG_MS: z.coerce.number().int().min(1).default(5_000),
  SEED_DEMO_DATA: flag.optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Fundry <no-reply@fundry.local>'),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalUrl,
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  REDIS_URL: optionalUrl,
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(5),
  RATE_LIMITS: flag.default(true),
  HIDE_AFTER_REPORTS: z.coerce.number().int().min(1).default(DEFAULT_HIDE_AFTER_REPORTS),
  MAX_DECLINED_PAYMENTS: z.coerce.number().int().min(1).default(5),
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(1).default(256),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  PROJECT_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  PAGE_CACHE_MAX_MB: z.coerce.number().min(0).default(64),
  REFERRAL_FLUSH_MS: z.coerce.number().int().min(100).default(5_000),
  PLEDGE_OVER_TIME_MIN: z.coerce.number().positive().default(125),
  INSTALMENT_INTERVAL_DAYS: z.coerce.number().int().min(1).max(366).default(30),
  RENDER_WORKERS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(64).optional(),
  ),
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65_535).optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  WEB_DIST_DIR: optionalText,
  LOCALES: z.preprocess(
    (value) => (value === '' || value === undefined ? SHIPPED_LOCALES.join(',') : value),
    z
      .string()
      .transform((value) => [...new Set(value.split(',').map((locale) => locale.trim()))].filter(Boolean))
      .pipe(z.array(z.enum(SHIPPED_LOCALES)).min(1)),
  ),
  DEFAULT_LOCALE: optionalText.pipe(z.enum(SHIPPED_LOCALES).optional()),
  CURRENCIES: optionalText,
  BASE_CURRENCY: optionalText,
  // A file: address serves a rates file kept on disk (the demo's), with no network.
  FX_RATES_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: /^(https?|file)$/ }).optional(),
  ),
  FX_RATES_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  uploadsDir: string;
  database:
    | { kind: 'pglite'; dataDir: string | undefined }
    | {
        kind: 'postgres';
        url: string;
        /**
         * Streaming replicas for the public reads that may lag (decision 037), left out while they lag more than
         * `maxLagMs` or do not answer; none: every read on `url`.
         */
        replicas?: { urls: string[]; maxLagMs: number };
      };
  seedDemoData: boolean | undefined;
  jwtSecret: string;
  mail: { smtpUrl: string | undefined; from: string };
  payments:
    | { provider: 'sandbox' }
    | {
        provider: 'stripe';
        secretKey: string;
        webhookSecret: string | undefined;
        apiBase: string | undefined;
      };
  oidc: { issuer: string; clientId: string | undefined; clientSecret: string | undefined };
  redisUrl: string | undefined;
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      }
    | undefined;
  platformFeePercent: number;
  rateLimits: boolean;
  /** Distinct people whose reports hide a comment while it is reviewed (DESIGN.md §18). */
  hideAfterReports: number;
  /** Declined payments per account and per IP address in an hour before checkouts answer 429 (card testing). */
  maxDeclinedPayments: number;
  /** Requests served at once; past this the process answers 503 with Retry-After instead of queueing. */
  maxInFlightRequests: number;
  /** Event-loop lag past which the process answers 503 with Retry-After; 0 never sheds on lag. */
  maxEventLoopDelayMs: number;
  /**
   * How long a project page's public data may stay in an instance's memory without news from PostgreSQL; 0 never
   * keeps it. Only on the PostgreSQL server, whose notifications say what changed.
   */
  projectCacheTtlMs: number;
  /**
   * Compressed bytes of rendered pages an instance keeps (decision 018), as long as `projectCacheTtlMs` at most and
   * only where the project data is kept too; 0 renders every page.
   */
  pageCacheMaxBytes: number;
  /** How often an instance writes the project visits it counted, as one batch (DESIGN.md §19, decision 035). */
  referralFlushMs: number;
  /**
   * Pledge over time (DESIGN.md §20): the smallest pledge that may be paid in instalments, in major units of the base
   * currency (compared through the project's `base_rate`), and the days between two instalments.
   */
  pledgeOverTime: { minimum: number; intervalDays: number };
  /**
   * Worker threads the server-rendered pages render in (decision 027), so the API is answered meanwhile; 0 renders
   * them on the main thread. By default `defaultRenderWorkers` of the host's cores.
   */
  renderWorkers: number;
  /** Prometheus metrics on their own port; off when METRICS_PORT is not set. */
  metrics: { port: number; host: string } | undefined;
  logLevel: string;
  /** JSON lines for a collector, or readable lines for a person at a terminal (the default there). */
  logFormat: 'json' | 'pretty';
  corsOrigins: string[];
  webDistDir: string;
  /** The languages offered (DESIGN.md §14) and the one a visitor who asks for none of them gets. */
  locales: Locale[];
  defaultLocale: Locale;
  /** The currencies projects may be in (DESIGN.md §15), the first being a new project's default. */
  currencies: OfferableCurrency[];
  /** The currency platform-wide figures are counted in, through each project's `base_rate`. */
  baseCurrency: OfferableCurrency;
  /** Where the daily reference rates come from (the ECB's XML format); none: no rates, no approximations. */
  fxRates: { url: string | undefined; timeoutMs: number };
}

export class ConfigError extends Error {}

/** Parses the environment once. `DATA_DIR=:memory:` keeps the embedded database in memory (tests). */
/**
 * Render threads for a host's cores (decision 027): one core is left to the main thread (the API, the pages' reads,
 * the kept pages), and no more than two render. On two cores a second render thread costs more than it gives: it
 * compiles the same code again and takes the main thread's core (a first render measured 2 to 4 ms dearer).
 */
export function defaultRenderWorkers(cores: number): number {
  return Math.max(1, Math.min(2, cores - 1));
}

/**
 * `terminal`: whether the log goes to a person's terminal. Unless LOG_FORMAT says, the log is readable lines there
 * (but in tests), and JSON lines wherever else it goes, whatever NODE_ENV is: a collector never gets the readable
 * ones by accident. `npm run dev`, whose output goes through `concurrently`, asks for them.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  terminal = process.stdout.isTTY === true,
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? defaultAppUrl(e.HOST, e.PORT)).replace(/\/$/, '');
  const inMemory = e.DATA_DIR === ':memory:';
  const dataDir = inMemory ? e.DATA_DIR : path.resolve(e.DATA_DIR);
  const provider = e.PAYMENTS_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
  if (provider === 'stripe' && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  }
  // A public site that forgot its Stripe key must not quietly take pledges that move no money. A public site is
  // one whose APP_URL was set so; the default drawn from HOST and PORT is where the process listens, not a site.
  if (!e.PAYMENTS_PROVIDER && provider === 'sandbox' && e.APP_URL && !isLocalAddress(e.APP_URL)) {
    throw new ConfigError(
      `APP_URL ${e.APP_URL} is not a local address, and no payment provider is configured: set ` +
        'STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET) to take real payments, or PAYMENTS_PROVIDER=sandbox ' +
        'to run the test-mode sandbox there on purpose',
    );
  }
  const defaultLocale =
    e.DEFAULT_LOCALE ?? (e.LOCALES.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : e.LOCALES[0]!);
  if (!e.LOCALES.includes(defaultLocale)) {
    throw new ConfigError(`DEFAULT_LOCALE ${defaultLocale} is not one of LOCALES (${e.LOCALES.join(', ')})`);
  }
  if (e.DATABASE_READ_URLS.length > 0 && !e.DATABASE_URL) {
    throw new ConfigError('DATABASE_READ_URLS names replicas of a PostgreSQL server: set DATABASE_URL to it');
  }
  const currencies = offeredCurrencies(e.CURRENCIES);
  const wantedBase = e.BASE_CURRENCY?.trim().toUpperCase() ?? currencies[0];
  const baseCurrency = currencies.find((code) => code === wantedBase);
  if (!baseCurrency) {
    throw new ConfigError(`BASE_CURRENCY ${wantedBase} is not one of CURRENCIES (${currencies.join(', ')})`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir,
    uploadsDir: inMemory
      ? path.join(tmpdir(), `fundry-uploads-${process.pid}`)
      : path.join(dataDir, 'uploads'),
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          ...(e.DATABASE_READ_URLS.length > 0
            ? { replicas: { urls: e.DATABASE_READ_URLS, maxLagMs: e.MAX_REPLICA_LAG_MS } }
            : {}),
        }
      : { kind: 'pglite', dataDir: inMemory ? undefined : path.join(dataDir, 'pglite') },
    seedDemoData: e.SEED_DEMO_DATA,
    jwtSecret: e.JWT_SECRET ?? generatedSecret(inMemory ? undefined : dataDir, 'jwt-secret'),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    payments:
      provider === 'stripe'
        ? {
            provider,
            secretKey: e.STRIPE_SECRET_KEY ?? '',
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : { provider },
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    redisUrl: e.REDIS_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    rateLimits: e.RATE_LIMITS,
    hideAfterReports: e.HIDE_AFTER_REPORTS,
    maxDeclinedPayments: e.MAX_DECLINED_PAYMENTS,
    maxInFlightRequests: e.MAX_IN_FLIGHT_REQUESTS,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    projectCacheTtlMs: e.PROJECT_CACHE_TTL_MS,
    pageCacheMaxBytes: Math.round(e.PAGE_CACHE_MAX_MB * 1024 * 1024),
    referralFlushMs: e.REFERRAL_FLUSH_MS,
    pledgeOverTime: { minimum: e.PLEDGE_OVER_TIME_MIN, intervalDays: e.INSTALMENT_INTERVAL_DAYS },
    renderWorkers: e.RENDER_WORKERS ?? defaultRenderWorkers(availableParallelism()),
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal && e.NODE_ENV !== 'test' ? 'pretty' : 'json'),
    corsOrigins: e.CORS_ORIGINS,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(e.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
    locales: e.LOCALES,
    defaultLocale,
    currencies,
    baseCurrency,
    fxRates: { url: e.FX_RATES_URL, timeoutMs: e.FX_RATES_TIMEOUT_MS },
  };
}

/** `CURRENCIES` as ISO 4217 codes, in the operator's order; a code Stripe cannot take stops the start. */
function offeredCurrencies(setting = 'USD'): OfferableCurrency[] {
  const codes = [...new Set(setting.split(',').map((code) => code.trim().toUpperCase()))].filter(Boolean);
  const offerable: readonly string[] = OFFERABLE_CURRENCIES;
  const unknown = codes.filter((code) => !offerable.includes(code));
  if (codes.length === 0 || unknown.length > 0) {
    throw new ConfigError(
      `CURRENCIES ${unknown.join(', ') || '(empty)'}: not a currency that can be offered; choose among ` +
        OFFERABLE_CURRENCIES.join(', '),
    );
  }
  return codes as OfferableCurrency[];
}

/**
 * Without APP_URL, the address the process listens on: `localhost` when it listens on every interface, else the
 * host it names (an IPv6 address in brackets).
 */
function defaultAppUrl(host: string, port: number): string {
  const everyInterface = ['', '0.0.0.0', '::', '[::]'].includes(host.trim());
  const name = everyInterface
    ? 'localhost'
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host;
  return `http://${name}:${port}`;
}

/** Loopback names only: a test-mode default is safe where nobody else can reach the site. */
function isLocalAddress(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** A secret made once and kept in DATA_DIR, so tokens survive restarts without any setup. */
function generatedSecret(dataDir: string | undefined, name: string): string {
  if (!dataDir) return randomBytes(48).toString('base64url');
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { crossRate } from '@fundry/shared';
import { createProjectRow, createUser } from '../../db/seed/factories';
import { DEMO_RATES_XML } from '../../db/seed/rates';
import { signedInUser } from '../../test/auth-helpers';
import { createTestApp, type TestContext } from '../../test/app';
import { databaseKinds } from '../../test/databases';
import { scheduledJobs } from '../../services';
import { freePort } from '../../test/free-port';
import { createProject } from '../../test/projects';
import { FeedError, parseEcbXml, readEcbFeed } from './ecb-feed';
import { replaceDailyRates } from './fx-rates.repository';
import { FxRatesUnavailable, NEWEST_RATES_TTL_MS } from './fx-rates.service';

const SAMPLE = DEMO_RATES_XML;
/** The next working day's file: the same shape, another date, other rates. */
const NEXT_DAY = SAMPLE.replace("time='2026-11-26'", "time='2026-11-27'").replace(
  "rate='1.0412'",
  "rate='1.0398'",
);

/** What the local feed answers next: the ECB's file, something broken, or nothing in time. */
type FeedAnswer = { body: string; status?: number } | 'hang';

/** A local server in the ECB's place, answering each request as `answer` says at that moment. */
async function startFeed(answerOf: () => FeedAnswer): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    const answer = answerOf();
    if (answer === 'hang') return; // The time-out, not the server, ends this one.
    response.writeHead(answer.status ?? 200, { 'content-type': 'text/xml' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-daily.xml`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A complete project made through the form, in `currency` (the form does not ask yet), awaiting review. */
async function pendingProject(ctx: TestContext, currency: string): Promise<number> {
  const creator = await signedInUser(ctx);
  const { id } = await createProject(ctx, creator.headers);
  await ctx.database.db
    .updateTable('projects')
    .set({ currency, status: 'PENDING' })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('the ECB daily format', () => {
  it("reads the day and each currency's rate as published, as decimal text", () => {
    const day = parseEcbXml(SAMPLE);
    expect(day.date).toBe('2026-11-26');
    expect(day.base).toBe('EUR');
    expect(day.rates).toMatchObject({ USD: '1.0412', JPY: '162.5', BRL: '6.1', GBP: '0.83045' });
    expect(Object.keys(day.rates)).toHaveLength(29);
  });

  it('refuses what is not a day of positive rates with ISO codes', () => {
    const broken = {
      'not XML': '<gesmes:Envelope><Cube><Cube time="2026-11-26">',
      'another document': '<?xml version="1.0"?><html><body>Maintenance</body></html>',
      'no date': SAMPLE.replace("time='2026-11-26'", "time='yesterday'"),
      'a date that does not exist': SAMPLE.replace("time='2026-11-26'", "time='2026-02-30'"),
      'a negative rate': SAMPLE.replace("rate='1.0412'", "rate='-1.0412'"),
      'a zero rate': SAMPLE.replace("rate='1.0412'", "rate='0.0000'"),
      'a rate that is no number': SAMPLE.replace("rate='1.0412'", "rate='1,0412'"),
      'a code that is no ISO code': SAMPLE.replace("currency='USD'", "currency='US Dollar'"),
      'a code twice': SAMPLE.replace("currency='JPY'", "currency='USD'"),
      'no rates': SAMPLE.replace(/<Cube currency=[^>]*\/>/g, ''),
    };
    for (const [what, xml] of Object.entries(broken)) {
      expect(() => parseEcbXml(xml), what).toThrow(FeedError);
    }
  });
});

describe('a rates file on disk', () => {
  it('is read from a file: address, with no network', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'fundry-rates-')), 'eurofxref-daily.xml');
    writeFileSync(file, SAMPLE);
    expect((await readEcbFeed(pathToFileURL(file).href, 100)).date).toBe('2026-11-26');
    await expect(readEcbFeed(pathToFileURL(`${file}.missing`).href, 100)).rejects.toThrow(/cannot read/);
  });
});

describe.each(databaseKinds)('reference rates (%s)', (kind) => {
  let ctx: TestContext;
  let feed: Awaited<ReturnType<typeof startFeed>>;
  let answer: FeedAnswer = { body: SAMPLE };

  beforeAll(async () => {
    feed = await startFeed(() => answer);
    ctx = await createTestApp(kind, {
      FX_RATES_URL: feed.url,
      FX_RATES_TIMEOUT_MS: '500',
      CURRENCIES: 'USD,EUR,BRL,JPY',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await feed.close();
  });
  beforeEach(() => {
    vi.restoreAllMocks();
  });

  const storedRows = () =>
    ctx.database.db
      .selectFrom('fx_rates')
      .select(['rate_date', 'base', 'currency', 'rate'])
      .orderBy('rate_date')
      .orderBy('currency')
      .execute();

  it('answers 404 in the caller’s language before any rates were fetched', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/fx-rates', headers: { 'accept-language': 'de' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NOT_FOUND',
      message: 'Es wurden noch keine Wechselkurse abgerufen',
    });
  });

  it("stores the feed's day and answers it to anyone, signed in or not", async () => {
    answer = { body: SAMPLE };
    const run = await ctx.app.services.fxRates.fetchDaily();
    expect(run).toEqual({ outcome: 'stored', date: '2026-11-26', currencies: 29, projectsGivenBaseRate: 0 });

    const rows = await storedRows();
    expect(rows).toHaveLength(29);
    expect(rows).toContainEqual({ rate_date: '2026-11-26', base: 'EUR', currency: 'USD', rate: '1.0412' });

    const anonymous = await ctx.app.inject('/api/v1/fx-rates');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=3600');
    const { data } = anonymous.json<{
      data: { date: string; base: string; rates: Record<string, number> };
    }>();
    expect(data.date).toBe('2026-11-26');
    expect(data.base).toBe('EUR');
    expect(data.rates).toMatchObject({ USD: 1.0412, JPY: 162.5, BRL: 6.1 });
    expect(Object.keys(data.rates)).toHaveLength(29);

    const { headers } = await signedInUser(ctx);
    const signedIn = await ctx.app.inject({ url: '/api/v1/fx-rates/', headers });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(anonymous.json());
  });

  it('runs every day, after the ECB publishes', () => {
    expect(scheduledJobs(ctx.app.services)).toContainEqual(
      expect.objectContaining({ name: 'fx-rates', cron: '0 17 * * *' }),
    );
  });

  it('changes nothing when it runs twice on the same file', async () => {
    answer = { body: SAMPLE };
    const before = await storedRows();
    await ctx.app.services.fxRates.fetchDaily();
    await ctx.app.services.fxRates.fetchDaily();
    expect(await storedRows()).toEqual(before);
  });

  it.each<[string, FeedAnswer, RegExp]>([
    ['malformed', { body: '<gesmes:Envelope><Cube><Cube time="2026-11-27">' }, /not well-formed XML/],
    ['in another shape', { body: '<html><body>Maintenance</body></html>' }, /no day of rates/],
    ['failing', { status: 503, body: 'Service Unavailable' }, /answered 503/],
    ['too slow', 'hang', /did not answer within 500 ms/],
  ])('keeps the last good rates when the feed is %s, and says why in the log', async (_what, broken, why) => {
    const before = await storedRows();
    answer = broken;
    const logged = vi.spyOn(ctx.app.log, 'error');
    await expect(ctx.app.services.fxRates.fetchDaily()).rejects.toThrow(FxRatesUnavailable);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(why));
    expect(logged.mock.calls[0]?.[0]).toMatch(/the last good ones stay/);
    expect(await storedRows()).toEqual(before);
    expect((await ctx.app.inject('/api/v1/fx-rates')).json().data.date).toBe('2026-11-26');
  });

  it('keeps the last good rates when the feed is down', async () => {
    const before = await storedRows();
    const closedPort = await freePort();
    const down = await createTestApp(kind, {
      FX_RATES_URL: `http://127.0.0.1:${closedPort}/eurofxref-daily.xml`,
    });
    try {
      const logged = vi.spyOn(down.app.log, 'error');
      await expect(down.app.services.fxRates.fetchDaily()).rejects.toThrow(FxRatesUnavailable);
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/cannot reach .*ECONNREFUSED/));
      expect((await down.app.inject('/api/v1/fx-rates')).statusCode).toBe(404);
    } finally {
      await down.close();
    }
    expect(await storedRows()).toEqual(before);
  });

  it("keeps each day's rates and answers the newest", async () => {
    answer = { body: NEXT_DAY };
    await ctx.app.services.fxRates.fetchDaily();
    const rows = await storedRows();
    expect(rows).toHaveLength(58);
    expect(rows.filter((row) => row.currency === 'USD').map((row) => [row.rate_date, row.rate])).toEqual([
      ['2026-11-26', '1.0412'],
      ['2026-11-27', '1.0398'],
    ]);
    const { data } = (await ctx.app.inject('/api/v1/fx-rates')).json();
    expect(data).toMatchObject({ date: '2026-11-27', rates: { USD: 1.0398 } });
  });

  it('fixes the base rate of launched projects that have none, and only theirs', async () => {
    answer = { body: NEXT_DAY };
    const db = ctx.database.db;
    const creatorId = (await createUser(db)).id;
    const launched = { creatorId, activatedAt: new Date() };
    const real = await createProjectRow(db, { ...launched, currency: 'BRL' });
    const euro = await createProjectRow(db, { ...launched, currency: 'EUR', status: 'SUCCESSFUL' });
    const dollar = await createProjectRow(db, { ...launched, status: 'FAILED', baseRate: null });
    const yen = await createProjectRow(db, { ...launched, currency: 'JPY' });
    await db.updateTable('projects').set({ base_rate: '0.0066' }).where('id', '=', yen).execute();
    const draft = await createProjectRow(db, { creatorId, currency: 'BRL', status: 'DRAFT' });

    const run = await ctx.app.services.fxRates.fetchDaily();
    expect(run).toMatchObject({ outcome: 'stored', projectsGivenBaseRate: 3 });

    const baseRates = await db
      .selectFrom('projects')
      .select(['id', 'currency', 'base_rate'])
      .where('id', 'in', [real, euro, dollar, yen, draft])
      .execute();
    const byId = new Map(baseRates.map((row) => [row.id, row]));
    // 1 EUR = 6.1 BRL = 1.0398 USD, so 1 BRL = 1.0398 / 6.1 USD.
    expect(Number(byId.get(real)?.base_rate)).toBe(Number(crossRate('6.1', '1.0398')));
    expect(Number(byId.get(euro)?.base_rate)).toBe(1.0398);
    expect(Number(byId.get(dollar)?.base_rate)).toBe(1);
    expect(byId.get(dollar)?.currency).toBe('USD');
    expect(byId.get(yen)?.base_rate).toBe('0.0066'); // fixed at its launch, never moved
    expect(byId.get(draft)?.base_rate).toBeNull(); // not launched: no rate yet
  });

  it('fixes the base rate when a project launches, from the newest rates', async () => {
    const db = ctx.database.db;
    const admin = await signedInUser(ctx, { admin: true });
    const project = await pendingProject(ctx, 'EUR');
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/projects/${project}/activate`,
      headers: admin.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const row = await db
      .selectFrom('projects')
      .select(['status', 'base_rate'])
      .where('id', '=', project)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ACTIVE');
    expect(Number(row.base_rate)).toBe(1.0398);
  });

  it('launches a project with no rate stored yet, its base rate left unknown unless in the base currency', async () => {
    const empty = await createTestApp(kind, { CURRENCIES: 'USD,EUR' });
    try {
      const db = empty.database.db;
      const admin = await signedInUser(empty, { admin: true });
      const launch = async (currency: string) => {
        const project = await pendingProject(empty, currency);
        const response = await empty.app.inject({
          method: 'POST',
          url: `/api/v1/admin/projects/${project}/activate`,
          headers: admin.headers,
          payload: {},
        });
        expect(response.statusCode).toBe(200);
        return project;
      };
      const baseRates = async () =>
        db.selectFrom('projects').select(['status', 'currency', 'base_rate']).orderBy('id').execute();
      await launch('USD');
      await launch('EUR');
      expect(await baseRates()).toEqual([
        { status: 'ACTIVE', currency: 'USD', base_rate: '1' },
        { status: 'ACTIVE', currency: 'EUR', base_rate: null },
      ]);

      // With no feed configured, the job fetches nothing and says so; a project in the base currency that
      // launched before currencies, with no rate, gets its rate of 1.
      await createProjectRow(db, {
        creatorId: admin.user.id,
        activatedAt: new Date(),
        baseRate: null,
      });
      const said = vi.spyOn(empty.app.log, 'info');
      expect(await empty.app.services.fxRates.fetchDaily()).toEqual({ outcome: 'not-configured' });
      expect(said).toHaveBeenCalledWith(expect.stringMatching(/FX_RATES_URL is not set/));
      expect((await baseRates()).map((row) => row.base_rate)).toEqual(['1', null, '1']);
      expect((await empty.app.inject('/api/v1/fx-rates')).statusCode).toBe(404);
    } finally {
      await empty.close();
    }
  });
});

describe.each(databaseKinds)('the newest rates an instance keeps (%s)', (kind) => {
  it("answers a day another process stored within a minute, and its own job's day at once", async () => {
    let now = new Date('2026-11-27T16:00:00Z');
    let answer: FeedAnswer = { body: SAMPLE };
    const feed = await startFeed(() => answer);
    const ctx = await createTestApp(kind, { FX_RATES_URL: feed.url }, undefined, { clock: () => now });
    const answered = async () => (await ctx.app.inject('/api/v1/fx-rates')).json().data.date as string;
    try {
      await ctx.app.services.fxRates.fetchDaily();
      expect(await answered()).toBe('2026-11-26');

      // The jobs process, another instance, stores the next day: this one answers the day it read for a minute.
      await replaceDailyRates(ctx.database.db, parseEcbXml(NEXT_DAY));
      expect(await answered()).toBe('2026-11-26');
      now = new Date(now.getTime() + NEWEST_RATES_TTL_MS);
      await vi.waitFor(async () => expect(await answered()).toBe('2026-11-27'));

      // Its own job's day is answered by the next request.
      answer = { body: NEXT_DAY.replaceAll("time='2026-11-27'", "time='2026-11-30'") };
      await ctx.app.services.fxRates.fetchDaily();
      expect(await answered()).toBe('2026-11-30');
    } finally {
      await ctx.close();
      await feed.close();
    }
  });
});

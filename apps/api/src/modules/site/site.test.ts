import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MODE_MESSAGE } from '@fundry/shared';
import { createProjectRow, createUser } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { databaseKinds } from '../../test/databases';
import { SiteService } from './site.service';

describe('test mode', () => {
  let sandbox: TestContext;
  let stripe: TestContext;
  beforeAll(async () => {
    sandbox = await createTestApp('pglite');
    stripe = await createTestApp('pglite', { STRIPE_SECRET_KEY: 'sk_test_fundry' });
  });
  afterAll(async () => {
    await sandbox.close();
    await stripe.close();
  });

  it('is announced to the web client while the sandbox takes the pledges', async () => {
    const response = await sandbox.app.inject('/api/v1/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        test_mode: true,
        locales: ['en', 'es', 'pt-BR', 'de', 'ar'],
        default_locale: 'en',
        currencies: ['USD'],
        base_currency: 'USD',
      },
    });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('is off with Stripe', async () => {
    const response = await stripe.app.inject('/api/v1/config/');
    expect(response.json()).toMatchObject({ data: { test_mode: false } });
  });

  it('names the languages the operator offers and the default', async () => {
    const offered = await createTestApp('pglite', { LOCALES: 'de, en', DEFAULT_LOCALE: 'de' });
    try {
      const response = await offered.app.inject('/api/v1/config');
      expect(response.json().data).toMatchObject({ locales: ['de', 'en'], default_locale: 'de' });
    } finally {
      await offered.close();
    }
  });

  it('names the currencies the operator offers and the base one', async () => {
    const offered = await createTestApp('pglite', { CURRENCIES: 'EUR,BRL,JPY', BASE_CURRENCY: 'BRL' });
    try {
      const response = await offered.app.inject('/api/v1/config');
      expect(response.json().data).toMatchObject({ currencies: ['EUR', 'BRL', 'JPY'], base_currency: 'BRL' });
    } finally {
      await offered.close();
    }
  });

  it("is written on the sandbox's checkout and bank onboarding pages", async () => {
    for (const url of ['/sandbox/checkout/cs_unknown', '/sandbox/connect/acct_unknown']) {
      const page = await sandbox.app.inject(url);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(sandbox.app.translators.for('en').t(TEST_MODE_MESSAGE));
    }
  });
});

describe.each(databaseKinds)("the About page's figures (%s)", (kind) => {
  let ctx: TestContext;
  let now = new Date('2026-03-01T12:00:00Z').getTime();
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, undefined, { clock: () => new Date(now) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('come from the counters on the project rows, and only public campaigns count', async () => {
    const db = ctx.database.db;
    const creatorId = (await createUser(db)).id;
    await createProjectRow(db, { creatorId, status: 'SUCCESSFUL', raised: 1200.5, backers: 30 });
    await createProjectRow(db, { creatorId, status: 'SUCCESSFUL', raised: 800, backers: 12 });
    await createProjectRow(db, { creatorId, status: 'ACTIVE', raised: 99.25, backers: 3 });
    // Not counted: money and pledges of campaigns that failed or are not public.
    await createProjectRow(db, { creatorId, status: 'FAILED', raised: 500, backers: 9 });
    await createProjectRow(db, { creatorId, status: 'DRAFT', raised: 0, backers: 0 });
    await createProjectRow(db, { creatorId, status: 'REJECTED', raised: 70, backers: 2 });

    const response = await ctx.app.inject('/api/v1/stats');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json()).toEqual({
      data: {
        projects_funded: 2,
        live_projects: 1,
        amount_raised: 2099.75,
        currency: 'USD',
        approximate: false,
        pledges: 45,
      },
    });
  });

  it('are kept a minute, then counted again', async () => {
    const db = ctx.database.db;
    const creatorId = (await createUser(db)).id;
    await createProjectRow(db, { creatorId, status: 'SUCCESSFUL', raised: 100, backers: 5 });

    const cached = await ctx.app.inject('/api/v1/stats/');
    expect(cached.json<{ data: { projects_funded: number } }>().data.projects_funded).toBe(2);

    now += 61_000;
    const fresh = await ctx.app.inject('/api/v1/stats');
    expect(fresh.json()).toEqual({
      data: {
        projects_funded: 3,
        live_projects: 1,
        amount_raised: 2199.75,
        currency: 'USD',
        approximate: false,
        pledges: 50,
      },
    });
  });
});

describe.each(databaseKinds)("the About page's figures across currencies (%s)", (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { CURRENCIES: 'USD,EUR,JPY,BRL' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('add each currency through its base rate and say the sum is approximate', async () => {
    const db = ctx.database.db;
    const creatorId = (await createUser(db)).id;
    await createProjectRow(db, { creatorId, status: 'ACTIVE', raised: 100, backers: 1 });
    // ¥150,000 at 0.0066 is $990: the yen's minor unit is the yen itself, not a hundredth of it.
    await createProjectRow(db, {
      creatorId,
      currency: 'JPY',
      baseRate: '0.0066',
      raised: 150_000,
      backers: 2,
    });
    // €200.50 at 1.0398 is $208.4799, which the total rounds once, at its end.
    await createProjectRow(db, {
      creatorId,
      currency: 'EUR',
      baseRate: '1.0398',
      status: 'SUCCESSFUL',
      raised: 200.5,
      backers: 3,
    });

    const mixed = await ctx.app.inject('/api/v1/stats');
    expect(mixed.json()).toEqual({
      data: {
        projects_funded: 1,
        live_projects: 2,
        amount_raised: 1298.48,
        currency: 'USD',
        approximate: true,
        pledges: 6,
      },
    });
  });

  it('leave out a campaign whose rate is not known yet, and say the sum is approximate', async () => {
    const db = ctx.database.db;
    await db.deleteFrom('projects').execute();
    const creatorId = (await createUser(db)).id;
    await createProjectRow(db, { creatorId, raised: 40 });
    await createProjectRow(db, { creatorId, currency: 'BRL', raised: 500 });
    const stats = await new SiteService(db, 'USD').stats();
    expect(stats).toMatchObject({ amount_raised: 40, currency: 'USD', approximate: true });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '@fundry/shared';
import { createTestApp, type TestContext } from '../../test/app';
import { ledgerAgrees } from '../../test/backing';
import { seedDemoData } from '.';
import { DEMO_PASSWORD } from './users';

describe('demo seed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    expect(await seedDemoData(ctx.database.db, ctx.app.services.storage)).toBe(true);
  });
  afterAll(() => ctx.close());

  it('has projects in every status, each with a cover image that is served', async () => {
    const rows = await ctx.database.db
      .selectFrom('projects')
      .select(['status', 'image_url', 'image_card_url'])
      .execute();
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(PROJECT_STATUSES));
    for (const row of rows) {
      expect((await ctx.app.inject(row.image_card_url!)).statusCode).toBe(200);
    }
    const publicList = await ctx.app.inject('/api/v1/projects/?per_page=100');
    expect(publicList.json().data.total).toBe(
      rows.filter((r) => ['ACTIVE', 'SUCCESSFUL', 'FAILED'].includes(r.status)).length,
    );
  });

  it('has backed projects whose counters agree with the ledger and the donations', async () => {
    const projects = await ctx.database.db
      .selectFrom('projects')
      .select(['id', 'current_cents', 'backers_count'])
      .execute();
    expect(projects.some((p) => p.current_cents > 0)).toBe(true);
    for (const project of projects) {
      const agree = await ledgerAgrees(ctx, project.id);
      expect(agree.counters).toEqual(agree.donations);
      expect(agree.ledgerGross).toBe(agree.counters.cents);
    }
    const rewards = await ctx.app.inject('/api/v1/rewards/projects/1/rewards');
    expect(rewards.json().data.length).toBeGreaterThan(0);
  });

  it('has an admin and creators who can sign in with the documented password', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'admin@fundry.dev', password: DEMO_PASSWORD },
    });
    expect(login.json().data.user.roles).toEqual(['Admin', 'User']);
  });
});

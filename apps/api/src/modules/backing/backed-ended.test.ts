import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { firstCategoryId } from '../../test/projects';

type User = Awaited<ReturnType<typeof signedInUser>>;
interface OwnBacked {
  data: { id: number; status: string; pledge: { status: string; amount: number; currency: string } | null }[];
  meta: { total: number };
}

/**
 * DESIGN.md §18: a backer keeps a campaign ended early in their own Backed Projects (tab All), with what became of
 * their pledge: released (nothing charged) or refunded. Nobody else's view of the backer shows it.
 */
describe.each(databaseKinds)('backed campaigns that ended early on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let admin: User;
  let backer: User;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx);
    admin = await signedInUser(ctx, { admin: true });
    backer = await signedInUser(ctx);
  });
  afterAll(() => ctx.close());

  async function campaign(fundingModel: 'all_or_nothing' | 'flexible', amount: number) {
    const id = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      categoryId: await firstCategoryId(ctx),
      title: `Tide clock ${fundingModel} ${Math.random()}`,
      goal: 500,
      start: -1,
      end: 10,
      fundingModel,
    });
    const donation = await backProject(ctx, backer.headers, id, { amount });
    return { id, donation };
  }
  const ownBacked = async (status?: string) => {
    const response = await ctx.app.inject({
      url: `/api/v1/backers/me/backed-projects${status ? `?status=${status}` : ''}`,
      headers: backer.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json<OwnBacked>();
  };
  const donationStatus = async (id: number) =>
    (
      await ctx.database.db
        .selectFrom('donations')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('lists a cancelled campaign with the released pledge and a suspended one with the refunded pledge', async () => {
    const canceled = await campaign('all_or_nothing', 40);
    const suspended = await campaign('flexible', 25);
    expect(await donationStatus(suspended.donation)).toBe('SUCCEEDED');

    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${canceled.id}/cancel`,
      headers: creator.headers,
      payload: { message: 'The factory closed.' },
    });
    expect(cancel.statusCode).toBe(200);
    const suspend = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/projects/${suspended.id}/suspend`,
      headers: admin.headers,
      payload: { reason: 'fraud', message: 'The photos were copied.' },
    });
    expect(suspend.statusCode).toBe(200);
    // The collected pledge is refunded by the campaign-refunds job, which the suspend starts.
    await vi.waitFor(async () => expect(await donationStatus(suspended.donation)).toBe('REFUNDED'), {
      timeout: 15_000,
      interval: 100,
    });

    const all = await ownBacked();
    const byId = new Map(all.data.map((project) => [project.id, project]));
    expect(byId.get(canceled.id)).toMatchObject({
      status: 'CANCELED',
      pledge: { status: 'RELEASED', amount: 40, currency: 'USD' },
    });
    expect(byId.get(suspended.id)).toMatchObject({
      status: 'SUSPENDED',
      pledge: { status: 'REFUNDED', amount: 25, currency: 'USD' },
    });
    expect(all.meta.total).toBe(2);

    // Not among the running campaigns, nor on anyone else's view of the backer.
    expect((await ownBacked('ACTIVE')).data).toEqual([]);
    const theirs = await ctx.app.inject(`/api/v1/backers/users/${backer.user.id}/backed-projects`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<OwnBacked>().data).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REWARD_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { databaseKinds } from '../../test/databases';
import { inDays } from '../../test/projects';
import { findReward } from './rewards.repository';
import { inEnglish } from '../../test/i18n';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(databaseKinds)('reward shipping on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let projectId: number;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx);
    projectId = await createProjectRow(ctx.database.db, { creatorId: creator.user.id });
  });
  afterAll(() => ctx.close());

  const send = (
    method: 'POST' | 'PUT',
    body: Record<string, unknown>,
    headers: Record<string, string> = creator.headers,
    rewardId?: number,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1/rewards/projects/${projectId}/rewards${rewardId ? `/${rewardId}` : ''}`,
      headers,
      payload: {
        title: 'SunCell',
        description: 'One lantern',
        minimum_amount: 59,
        estimated_delivery_date: inDays(90),
        ...body,
      },
    });

  const rewardCount = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('rewards')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores shipping prices to the cent and shows them back', async () => {
    const created = await send('POST', {
      shipping_type: 'international',
      shipping_rules: [
        { country: 'US', cost: 12.34 },
        { country: 'CA', cost: 0.1 },
        { country: '*', cost: 25 },
      ],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.shipping_rules).toEqual([
      { country: 'US', cost: 12.34, currency: 'USD' },
      { country: 'CA', cost: 0.1, currency: 'USD' },
      { country: '*', cost: 25, currency: 'USD' },
    ]);
    const row = await ctx.database.db
      .selectFrom('rewards')
      .select('shipping_rules')
      .where('id', '=', created.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.shipping_rules).toEqual([
      { country: 'US', cost_cents: 1234 },
      { country: 'CA', cost_cents: 10 },
      { country: '*', cost_cents: 2500 },
    ]);
    const edited = await send(
      'PUT',
      { shipping_type: 'domestic', shipping_rules: [{ country: 'GB', cost: 3.5 }] },
      creator.headers,
      created.json().data.id,
    );
    expect(edited.json().data).toMatchObject({
      shipping_type: 'domestic',
      shipping_rules: [{ country: 'GB', cost: 3.5 }],
    });
    const digital = await send(
      'PUT',
      { shipping_type: 'none', shipping_rules: [{ country: 'GB', cost: 3.5 }] },
      creator.headers,
      created.json().data.id,
    );
    expect(digital.json().data).toMatchObject({
      shipping_type: 'none',
      shipping_rules: [],
      is_digital: true,
    });
    const listed = await ctx.app.inject(`/api/v1/rewards/projects/${projectId}/rewards`);
    expect(listed.json().data[0].shipping_rules).toEqual([]);
  });

  it('refuses shipping rules a person could not mean, with the field and the reason', async () => {
    const international = (...rules: Record<string, unknown>[]) => ({
      shipping_type: 'international',
      shipping_rules: rules,
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [international(), 'shipping_rules', inEnglish(REWARD_MESSAGES.shippingRulesRequired)],
      [{ shipping_type: 'domestic' }, 'shipping_rules', inEnglish(REWARD_MESSAGES.shippingRulesRequired)],
      [
        {
          shipping_type: 'domestic',
          shipping_rules: [
            { country: 'US', cost: 5 },
            { country: 'CA', cost: 5 },
          ],
        },
        'shipping_rules',
        inEnglish(REWARD_MESSAGES.domesticOneCountry),
      ],
      [
        { shipping_type: 'domestic', shipping_rules: [{ country: '*', cost: 5 }] },
        'shipping_rules',
        inEnglish(REWARD_MESSAGES.domesticOneCountry),
      ],
      [
        international({ country: 'US', cost: 5 }, { country: 'US', cost: 6 }),
        'shipping_rules',
        inEnglish(REWARD_MESSAGES.shippingRuleTwice),
      ],
      [
        international({ country: 'US', cost: 5 }, { country: 'CA', cost: -1 }),
        'shipping_rules.1.cost',
        inEnglish(REWARD_MESSAGES.shippingCostNegative),
      ],
      [
        international({ country: 'US' }),
        'shipping_rules.0.cost',
        inEnglish(REWARD_MESSAGES.shippingCostRequired),
      ],
      [
        international({ country: 'XX', cost: 1 }),
        'shipping_rules.0.country',
        inEnglish(REWARD_MESSAGES.country),
      ],
      [
        international({ country: 'us', cost: 1 }),
        'shipping_rules.0.country',
        inEnglish(REWARD_MESSAGES.country),
      ],
      [
        international({ country: 'US', cost: 1.001 }),
        'shipping_rules.0.cost',
        inEnglish(REWARD_MESSAGES.decimals),
      ],
    ];
    const before = await rewardCount();
    for (const [body, field, message] of cases) {
      const response = await send('POST', body);
      expect([JSON.stringify(body), response.statusCode, response.json().details?.[field]]).toEqual([
        JSON.stringify(body),
        400,
        [message],
      ]);
      expect(response.json().message).toContain(message);
    }
    expect(await rewardCount()).toBe(before);
  });

  it('edits the rules to the cent, drops them for a reward that does not ship, and findReward has them', async () => {
    const created = await send('POST', {
      shipping_type: 'none',
      shipping_rules: [{ country: 'US', cost: 4 }],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data).toMatchObject({ shipping_type: 'none', shipping_rules: [] });
    const rules = [
      { country: 'GB', cost: 12.34 },
      { country: 'DE', cost: 0 },
      { country: '*', cost: 19.99 },
    ];
    const edited = await send(
      'PUT',
      { shipping_type: 'international', shipping_rules: rules },
      creator.headers,
      id,
    );
    expect(edited.statusCode).toBe(200);
    const shown = rules.map((rule) => ({ ...rule, currency: 'USD' }));
    expect(edited.json().data.shipping_rules).toEqual(shown);
    const listed = await ctx.app.inject(`/api/v1/rewards/projects/${projectId}/rewards`);
    expect(listed.json().data.find((reward: { id: number }) => reward.id === id).shipping_rules).toEqual(
      shown,
    );
    const found = await findReward(ctx.database.db, projectId, id);
    expect(found).toMatchObject({
      shipping_type: 'international',
      shipping_rules: [
        { country: 'GB', cost_cents: 1234 },
        { country: 'DE', cost_cents: 0 },
        { country: '*', cost_cents: 1999 },
      ],
    });
  });

  it('lets only the creator or an admin write rewards', async () => {
    const stranger = await signedInUser(ctx);
    const admin = await signedInUser(ctx, { admin: true });
    const body = { shipping_type: 'domestic', shipping_rules: [{ country: 'US', cost: 5 }] };
    expect((await send('POST', body, {})).statusCode).toBe(401);
    expect((await send('POST', body, stranger.headers)).statusCode).toBe(403);
    expect((await send('POST', body, admin.headers)).statusCode).toBe(201);
    const own = await send('POST', body);
    expect(own.statusCode).toBe(201);
    const id = own.json().data.id as number;
    const edit = { shipping_type: 'domestic', shipping_rules: [{ country: 'US', cost: 7.5 }] };
    expect((await send('PUT', edit, {}, id)).statusCode).toBe(401);
    expect((await send('PUT', edit, stranger.headers, id)).statusCode).toBe(403);
    expect((await findReward(ctx.database.db, projectId, id))?.shipping_rules).toEqual([
      { country: 'US', cost_cents: 500 },
    ]);
    expect((await send('PUT', edit, admin.headers, id)).json().data.shipping_rules).toEqual([
      { country: 'US', cost: 7.5, currency: 'USD' },
    ]);
    const remove = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/rewards/projects/${projectId}/rewards/${id}`,
        headers,
      });
    expect((await remove({})).statusCode).toBe(401);
    expect((await remove(stranger.headers)).statusCode).toBe(403);
    expect((await remove(creator.headers)).statusCode).toBe(200);
  });
});

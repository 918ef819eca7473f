import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REWARD_MESSAGES } from '@fundry/shared';
import { signedInUser } from '../../test/auth-helpers';
import { payInSandbox, pledge } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inDays } from '../../test/projects';
import { inEnglish } from '../../test/i18n';
import { type Backing, openBacking } from './backing.fixtures';

describe.each(databaseKinds)('backing on %s', (kind) => {
  let { ctx, creator, backer, projectId, createReward } = {} as Backing;

  beforeAll(async () => {
    ({ ctx, creator, backer, projectId, createReward } = await openBacking(kind));
  });
  afterAll(() => ctx.close());

  describe('rewards', () => {
    it('creates rewards with the SPEC rules and derived fields, for the creator only', async () => {
      const created = await createReward({ quantity_available: 3, shipping_type: 'none' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        message: 'Reward created successfully!',
        data: {
          minimum_amount: 25,
          amount: 25,
          quantity_available: 3,
          remaining: 3,
          inventory: 3,
          is_available: true,
          is_digital: true,
          backers_count: 0,
        },
      });
      expect((await createReward({}, backer.headers)).statusCode).toBe(403);
      expect((await createReward({}, {})).statusCode).toBe(401);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ title: '' }, 'title', inEnglish(REWARD_MESSAGES.titleRequired)],
        [{ title: 'x'.repeat(101) }, 'title', inEnglish(REWARD_MESSAGES.titleLength)],
        [{ description: 'y'.repeat(501) }, 'description', inEnglish(REWARD_MESSAGES.descriptionLength)],
        [{ minimum_amount: 0.5 }, 'minimum_amount', inEnglish(REWARD_MESSAGES.minimumTooLow)],
        [{ minimum_amount: 10.999 }, 'minimum_amount', inEnglish(REWARD_MESSAGES.decimals)],
        [{ quantity_available: 0 }, 'quantity_available', inEnglish(REWARD_MESSAGES.quantityMin)],
        [
          { estimated_delivery_date: inDays(-1) },
          'estimated_delivery_date',
          inEnglish(REWARD_MESSAGES.deliveryPast),
        ],
        [
          { shipping_type: 'moon' },
          'shipping_type',
          'Invalid option: expected one of "none"|"domestic"|"international"',
        ],
      ];
      for (const [body, field, message] of cases) {
        const response = await createReward(body);
        expect([field, response.statusCode, response.json().details?.[field]]).toEqual([
          field,
          400,
          [message],
        ]);
      }
      const list = await ctx.app.inject(`/api/v1/rewards/projects/${projectId}/rewards`);
      expect(list.json().data.length).toBeGreaterThan(0);
    });

    it('updates a reward and refuses to delete one that has backers', async () => {
      const reward = (await createReward({ title: 'Sticker', minimum_amount: 5 })).json().data;
      const url = `/api/v1/rewards/projects/${projectId}/rewards/${reward.id}`;
      const updated = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: creator.headers,
        payload: {
          title: 'Sticker pack',
          description: 'Three stickers',
          minimum_amount: 6,
          quantity_available: null,
          estimated_delivery_date: inDays(30),
          shipping_type: 'domestic',
          shipping_rules: [{ country: 'US', cost: 4 }],
        },
      });
      expect(updated.json()).toMatchObject({
        message: 'Reward updated successfully!',
        data: {
          title: 'Sticker pack',
          is_digital: false,
          remaining: null,
          shipping_rules: [{ country: 'US', cost: 4 }],
        },
      });
      const fan = await signedInUser(ctx);
      const paid = await pledge(ctx, fan.headers, projectId, {
        amount: 10,
        reward_id: reward.id,
        shipping_address: {
          name: 'Fan',
          line1: '1 Main St',
          city: 'Austin',
          postal_code: '73301',
          country: 'US',
        },
      });
      await payInSandbox(ctx, paid.json().data.checkout_url);
      const refused = await ctx.app.inject({ method: 'DELETE', url, headers: creator.headers });
      expect([refused.statusCode, refused.json().message]).toEqual([
        409,
        inEnglish(REWARD_MESSAGES.hasBackers),
      ]);
      const spare = (await createReward({ title: 'Spare' })).json().data;
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/rewards/projects/${projectId}/rewards/${spare.id}`,
        headers: creator.headers,
      });
      expect(deleted.json()).toEqual({ message: 'Reward deleted successfully' });
    });
  });
});

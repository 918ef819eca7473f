import { todayUtc } from '@fundry/shared';
import { createProjectRow } from '../db/seed/factories';
import { insertReward } from '../modules/rewards/rewards.repository';
import type { TestContext } from './app';

const DAY = 24 * 3_600_000;

/** Where the survey tests' backers have their games shipped. */
export const SHIPPED_TO = {
  name: 'Bea Backer',
  line1: '1 Kettle Lane',
  line2: null,
  city: 'Portland',
  region: 'OR',
  postal_code: '97201',
  country: 'US',
};

/**
 * An all-or-nothing campaign of a board game ending in 2 days, the survey tests' starting point: the game (shipped,
 * $40 + $5 to the US), a mug (3 made, $12 + $2, with the game only) and a sticker ($3, any pledge), the add-ons
 * made by the creator through the API.
 */
export async function boardGameCampaign(
  ctx: TestContext,
  creator: { user: { id: number }; headers: Record<string, string> },
  options: { title: string; now: number; stickers?: number },
) {
  const projectId = await createProjectRow(ctx.database.db, {
    creatorId: creator.user.id,
    title: `${options.title} ${Math.random().toString(36).slice(2, 7)}`,
    goal: 50,
    start: -3,
    end: 2,
  });
  const game = await insertReward(ctx.database.db, {
    project_id: projectId,
    title: 'The game',
    description: 'Shipped',
    minimum_cents: 4000,
    quantity_available: null,
    estimated_delivery_date: todayUtc(new Date(options.now + 60 * DAY)),
    shipping_type: 'international',
    shipping_rules: JSON.stringify([{ country: 'US', cost_cents: 500 }]),
  });
  const addOn = async (body: object) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/add-ons`,
      headers: creator.headers,
      payload: body,
    });
    if (response.statusCode !== 201) throw new Error(`The add-on was refused: ${response.body}`);
    return response.json<{ data: { id: number } }>().data.id;
  };
  const mug = await addOn({
    title: 'Mug',
    price: 12,
    quantity_available: 3,
    available_with: [game.id],
    shipping_rules: [{ country: 'US', cost: 2 }],
  });
  const sticker = await addOn({
    title: 'Sticker',
    price: 3,
    ...(options.stickers ? { quantity_available: options.stickers } : {}),
  });
  return { projectId, game: game.id, mug, sticker };
}

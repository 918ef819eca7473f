import { expect } from 'vitest';
import { todayUtc } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { insertReward } from '../rewards/rewards.repository';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import type { DatabaseKind } from '../../test/databases';
import { SHIPPED_TO } from '../../test/survey';

type User = Awaited<ReturnType<typeof signedInUser>>;
export const DAY = 86_400_000;

/** Bea Backer's address in Portland, in `country`. */
export const address = (country = 'US') => ({ ...SHIPPED_TO, country });

/**
 * The app of the pledge tests (pledges-checkout, pledges-changes), its time the test's `now` (in ms), which
 * `clock` reads and moves: a creator (Cora) and an admin. `api` sends a request to the backers' API as `headers`'
 * user; `myPledge` reads someone's pledge to a project (null: none).
 */
export async function openPledges(kind: DatabaseKind, clock: { now(): number; set(ms: number): void }) {
  const ctx = await createTestApp(kind, {}, undefined, { clock: () => new Date(clock.now()) });
  const creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
  const admin = await signedInUser(ctx, { admin: true });

  const db = () => ctx.database.db;
  const api = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1/backers${url}`, headers, ...(payload ? { payload } : {}) });
  const myPledge = async (projectId: number, who: User) => {
    const response = await api('GET', `/projects/${projectId}/my-pledge`, who.headers);
    expect(response.statusCode).toBe(200);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-member-access -- read loosely, as the tests read every body
    return response.json().data;
  };
  const statusOf = async (id: number) =>
    (await db().selectFrom('donations').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const rewardRow = (id: number) =>
    db().selectFrom('rewards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** An all-or-nothing campaign running now and ending in `endsIn` days, with a shipped and a digital reward. */
  async function campaign({
    goal = 100,
    endsIn = 10,
    fundingModel = 'all_or_nothing',
  }: { goal?: number; endsIn?: number; fundingModel?: 'all_or_nothing' | 'flexible' } = {}) {
    const now = Date.now();
    clock.set(now);
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      goal,
      start: -2,
      end: endsIn,
      fundingModel,
    });
    const reward = (values: Parameters<typeof insertReward>[1]) => insertReward(db(), values);
    const shipped = await reward({
      project_id: projectId,
      title: 'Kettle',
      description: 'The kettle, shipped',
      minimum_cents: 2500,
      quantity_available: 2,
      estimated_delivery_date: todayUtc(new Date(now + 60 * DAY)),
      shipping_type: 'international',
      shipping_rules: JSON.stringify([
        { country: 'US', cost_cents: 500 },
        { country: '*', cost_cents: 2000 },
      ]),
    });
    const digital = await reward({
      project_id: projectId,
      title: 'Thank-you video',
      description: 'A video',
      minimum_cents: 1000,
      quantity_available: 1,
      estimated_delivery_date: todayUtc(new Date(now + 60 * DAY)),
      shipping_type: 'none',
    });
    return { projectId, shipped: shipped.id, digital: digital.id };
  }

  return { ctx, creator, admin, db, api, myPledge, statusOf, rewardRow, campaign };
}

export type Pledges = Awaited<ReturnType<typeof openPledges>>;

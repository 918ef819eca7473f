import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import type { DatabaseKind } from '../../test/databases';
import { boardGameCampaign, SHIPPED_TO } from '../../test/survey';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * The app of the backer survey tests (surveys-questions, surveys-add-ons), its time the test's `now` (in ms), which
 * `clock` reads and moves: a creator (Cora), an admin, a stranger (Sid) and three backers, Bea, Ben and Eva (who
 * reads Spanish). `call` sends a request to the API as `headers`' user, or as no one.
 */
export async function openSurveys(kind: DatabaseKind, clock: { now(): number; set(ms: number): void }) {
  const ctx = await createTestApp(
    kind,
    { APP_URL: 'http://fundry.test', PAYMENTS_PROVIDER: 'sandbox' },
    undefined,
    {
      clock: () => new Date(clock.now()),
    },
  );
  const creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
  const admin = await signedInUser(ctx, { admin: true });
  const stranger = await signedInUser(ctx, { full_name: 'Sid Stranger' });
  const bea = await signedInUser(ctx, { full_name: 'Bea Backer' });
  const ben = await signedInUser(ctx, { full_name: 'Ben Backer' });
  const eva = await signedInUser(ctx, { full_name: 'Eva Espinosa' });
  await ctx.database.db.updateTable('users').set({ locale: 'es' }).where('id', '=', eva.user.id).execute();

  const db = () => ctx.database.db;
  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    headers: Record<string, string> | undefined,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(headers ? { headers } : {}),
      ...(payload ? { payload } : {}),
    });

  /**
   * An all-or-nothing campaign ending in 2 days: a shipped game, a shipped mug (3 left, with the game) and a
   * sticker (any pledge); Bea backs the game with a mug, Ben backs without a reward, Eva backs the game.
   */
  async function campaign() {
    const now = Date.now();
    clock.set(now);
    const { projectId, game, mug, sticker } = await boardGameCampaign(ctx, creator, {
      title: 'Survey Saga',
      now,
    });
    const beaPledge = await backProject(ctx, bea.headers, projectId, {
      amount: 59,
      reward_id: game,
      shipping_address: SHIPPED_TO,
      add_ons: [{ add_on_id: mug, quantity: 1 }],
    });
    const benPledge = await backProject(ctx, ben.headers, projectId, { amount: 10 });
    const evaPledge = await backProject(ctx, eva.headers, projectId, {
      amount: 45,
      reward_id: game,
      shipping_address: { ...SHIPPED_TO, name: 'Eva Espinosa' },
    });
    return { projectId, game, mug, sticker, beaPledge, benPledge, evaPledge };
  }

  /** The campaign ends, succeeds and its pledges are charged. */
  async function collect() {
    clock.set(Date.now() + 4 * DAY);
    await ctx.app.services.projectLifecycle.settle();
    await ctx.app.services.collection.collect();
  }

  const questions = (c: Awaited<ReturnType<typeof campaign>>) => ({
    questions: [
      {
        kind: 'choice',
        prompt: 'Which colour?',
        options: ['Red', 'Blue'],
        required: true,
        reward_id: c.game,
      },
      { kind: 'text', prompt: 'Anything to tell us?', required: false },
      { kind: 'choice', prompt: 'Mug size?', options: ['S', 'L'], required: true, add_on_id: c.mug },
    ],
  });

  return { ctx, creator, admin, stranger, bea, ben, eva, db, call, campaign, collect, questions };
}

export type Surveys = Awaited<ReturnType<typeof openSurveys>>;

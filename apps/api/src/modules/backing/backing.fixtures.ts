import { createProjectRow } from '../../db/seed/factories';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import type { DatabaseKind } from '../../test/databases';
import { inDays } from '../../test/projects';

/**
 * The app of the backing tests (backing-rewards, backing-checkout): a creator, a backer (Bea Backer) and the
 * creator's flexible campaign "Solar kettle". `createReward` sends the reward form (an early bird, with `body`'s
 * fields over it) as `headers`' user, for the campaign or project `id`.
 */
export async function openBacking(kind: DatabaseKind) {
  const ctx = await createTestApp(kind);
  const creator = await signedInUser(ctx);
  const backer = await signedInUser(ctx, { full_name: 'Bea Backer' });
  const projectId = await createProjectRow(ctx.database.db, {
    creatorId: creator.user.id,
    title: 'Solar kettle',
    goal: 100,
    // Paid at checkout: the saved-card pledges of all-or-nothing campaigns have their own tests
    // (pledges-checkout.test.ts).
    fundingModel: 'flexible',
  });

  const createReward = async (
    body: Record<string, unknown>,
    headers: Record<string, string> = creator.headers,
    id = projectId,
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/rewards/projects/${id}/rewards`,
      headers,
      payload: {
        title: 'Early bird',
        description: 'A kettle, first batch',
        minimum_amount: 25,
        estimated_delivery_date: inDays(60),
        ...body,
      },
    });

  return { ctx, creator, backer, projectId, createReward };
}

export type Backing = Awaited<ReturnType<typeof openBacking>>;

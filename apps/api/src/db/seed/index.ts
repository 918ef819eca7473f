import type { Kysely } from 'kysely';
import { majorToMinor, richTextToPlain, type ShippingAddress, todayUtc } from '@fundry/shared';
import { insertCategories } from '../../modules/categories/categories.repository';
import { fixMissingBaseRates } from '../../modules/fx-rates/base-rates';
import { parseEcbXml } from '../../modules/fx-rates/ecb-feed';
import { replaceDailyRates } from '../../modules/fx-rates/fx-rates.repository';
import type { FileStorage } from '../../modules/media/storage';
import { storeProjectImage } from '../../modules/projects/project-media';
import { insertProject } from '../../modules/projects/projects.repository';
import { insertReward } from '../../modules/rewards/rewards.repository';
import { insertAddOn } from '../../modules/add-ons/add-ons.repository';
import { insertStretchGoal, reachStretchGoals } from '../../modules/stretch-goals/stretch-goals.repository';
import { keepRefundedBackings } from '../../modules/payments/payments.repository';
import { seedPledge } from './backing';
import { seedInstalmentPlans } from './instalments';
import { seedCommunity } from './community';
import { seedMessages } from './messages';
import { seedFollows } from './follows';
import { seedPayouts } from './payouts';
import type { DB, ShippingRuleRow } from '../schema';
import { DEMO_CATEGORIES } from './categories';
import { createUser } from './factories';
import { DEMO_PROJECTS, drawCover } from './projects';
import { DEMO_RATES_XML } from './rates';
import { DEMO_PASSWORD, DEMO_USERS } from './users';
import { seedSurveys } from './surveys';
import { seedSanctions } from './sanctions';
import { seedCollaborators } from './collaborators';
import { seedReferrals } from './referrals';

type ShippedType = 'domestic' | 'international';

/**
 * Demo shipping prices in minor units of each demo currency, with the country its backers ship to: domestic rewards
 * ship within that country, international ones anywhere.
 */
const DEMO_SHIPPING: Record<
  'USD' | 'EUR' | 'JPY',
  { home: ShippingAddress['country']; rules: Record<ShippedType, ShippingRuleRow[]> }
> = {
  USD: {
    home: 'US',
    rules: {
      domestic: [{ country: 'US', cost_cents: 500 }],
      international: [
        { country: 'US', cost_cents: 500 },
        { country: 'CA', cost_cents: 1200 },
        { country: 'GB', cost_cents: 1500 },
        { country: '*', cost_cents: 2500 },
      ],
    },
  },
  EUR: {
    home: 'DE',
    rules: {
      domestic: [{ country: 'DE', cost_cents: 450 }],
      international: [
        { country: 'DE', cost_cents: 450 },
        { country: 'FR', cost_cents: 900 },
        { country: '*', cost_cents: 2200 },
      ],
    },
  },
  JPY: {
    home: 'JP',
    rules: {
      domestic: [{ country: 'JP', cost_cents: 800 }],
      international: [
        { country: 'JP', cost_cents: 800 },
        { country: 'US', cost_cents: 2500 },
        { country: '*', cost_cents: 3200 },
      ],
    },
  },
};

const day = (offset: number) => todayUtc(new Date(Date.now() + offset * 86_400_000));

/**
 * Fills an empty database with demo data; a database that already has categories is left alone. The demo's
 * projects are in US dollars, euros and yen, each launched one with its rate to `baseCurrency` from the demo's
 * rates.
 */
export async function seedDemoData(
  db: Kysely<DB>,
  storage: FileStorage,
  baseCurrency = 'USD',
): Promise<boolean> {
  // Cover art is drawn before the transaction, so the database is never held while images encode.
  const covers = await Promise.all(
    DEMO_PROJECTS.map(async (project, index) =>
      storeProjectImage(await drawCover(project.palette, index + 1), storage),
    ),
  );
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    await insertCategories(trx, DEMO_CATEGORIES);
    const categories = new Map(
      (await trx.selectFrom('categories').select(['id', 'name']).execute()).map((c) => [c.name, c.id]),
    );
    const users = new Map<string, number>();
    const projectIds = new Map<string, { id: number; creatorId: number }>();
    for (const user of DEMO_USERS)
      users.set(user.username, (await createUser(trx, { ...user, password: DEMO_PASSWORD })).id);

    for (const [index, project] of DEMO_PROJECTS.entries()) {
      const cover = covers[index];
      const currency = project.currency ?? 'USD';
      const shipping = DEMO_SHIPPING[currency];
      const projectId = await insertProject(trx, {
        creator_id: users.get(project.creator)!,
        category_id: categories.get(project.category) ?? null,
        title: project.title,
        description: project.description,
        description_text: richTextToPlain(project.description),
        risks_and_challenges: project.risks,
        status: project.status,
        funding_model: project.fundingModel ?? 'all_or_nothing',
        featured: project.featured ?? false,
        currency,
        goal_cents: majorToMinor(project.goal, currency),
        start_date: day(project.start),
        end_date: day(project.end),
        image_url: cover?.imageUrl ?? null,
        image_card_url: cover?.cardUrl ?? null,
        video_url: project.video ?? null,
        activated_at: ['ACTIVE', 'SUCCESSFUL', 'FAILED', 'CANCELED', 'SUSPENDED'].includes(project.status)
          ? new Date()
          : null,
        ended_at: project.ended ? new Date(Date.now() - 2 * 86_400_000) : null,
        end_message: project.ended && !('reason' in project.ended) ? project.ended.message : null,
        suspension_reason: project.ended && 'reason' in project.ended ? project.ended.reason : null,
        suspension_message: project.ended && 'reason' in project.ended ? project.ended.message : null,
        revocation_reason: project.revocationReason ?? null,
        revocation_date: project.revocationReason ? new Date() : null,
        submitted_at: project.status === 'DRAFT' ? null : new Date(Date.now() - (index + 1) * 3_600_000),
      });
      projectIds.set(project.title, { id: projectId, creatorId: users.get(project.creator)! });
      for (const [title, minimum, quantity, deliveryDays, shippingType, latePrice] of project.rewards ?? []) {
        await insertReward(trx, {
          project_id: projectId,
          title,
          description: `${title} for backers of “${project.title}”.`,
          minimum_cents: majorToMinor(minimum, currency),
          late_price_cents: latePrice === undefined ? null : majorToMinor(latePrice, currency),
          quantity_available: quantity,
          estimated_delivery_date: day(deliveryDays),
          shipping_type: shippingType,
          shipping_rules: JSON.stringify(shippingType === 'none' ? [] : shipping.rules[shippingType]),
        });
      }
      for (const [title, price, quantity, withRewards, ships] of project.addOns ?? []) {
        const rewards = await trx
          .selectFrom('rewards')
          .select('id')
          .where('project_id', '=', projectId)
          .where('title', 'in', withRewards.length > 0 ? withRewards : [''])
          .execute();
        await insertAddOn(trx, {
          project_id: projectId,
          title,
          description: `${title}, beside any reward of “${project.title}”.`,
          price_cents: majorToMinor(price, currency),
          quantity_available: quantity,
          available_with: rewards.map((reward) => reward.id),
          shipping_rules: JSON.stringify(ships ? shipping.rules.international : []),
        });
      }
      const fundingModel = project.fundingModel ?? 'all_or_nothing';
      for (const [username, amount, rewardTitle, state, fulfilment] of project.backing ?? []) {
        const donor = DEMO_USERS.find((user) => user.username === username)!;
        const reward = rewardTitle
          ? await trx
              .selectFrom('rewards')
              .select('id')
              .where('project_id', '=', projectId)
              .where('title', '=', rewardTitle)
              .executeTakeFirstOrThrow()
          : null;
        await seedPledge(trx, {
          projectId,
          donorId: users.get(username)!,
          cents: majorToMinor(amount, currency),
          rewardId: reward?.id ?? null,
          fundingModel,
          status:
            state ??
            (fundingModel === 'all_or_nothing' && project.status === 'ACTIVE' ? 'PLEDGED' : 'SUCCEEDED'),
          address: {
            name: donor.full_name,
            city: donor.location.split(',')[0] ?? 'Springfield',
            country: shipping.home,
          },
          fulfilment,
        });
      }
      for (const [title, amount, description] of project.stretchGoals ?? []) {
        await insertStretchGoal(trx, {
          project_id: projectId,
          amount_cents: majorToMinor(amount, currency),
          title,
          description,
        });
      }
      await reachStretchGoals(trx, projectId);
      // Its backers keep a campaign ended early in their Backed Projects, with what was refunded to them.
      if (project.ended) await keepRefundedBackings(trx, projectId);
      if (project.latePledges) {
        await trx
          .updateTable('projects')
          .set({
            late_pledges_open: true,
            late_pledges_until: project.latePledges.until === null ? null : day(project.latePledges.until),
          })
          .where('id', '=', projectId)
          .execute();
        for (const [username, amount, rewardTitle] of project.latePledges.backing) {
          const reward = rewardTitle
            ? await trx
                .selectFrom('rewards')
                .select('id')
                .where('project_id', '=', projectId)
                .where('title', '=', rewardTitle)
                .executeTakeFirstOrThrow()
            : null;
          await seedPledge(trx, {
            projectId,
            donorId: users.get(username)!,
            cents: majorToMinor(amount, currency),
            rewardId: reward?.id ?? null,
            fundingModel,
            status: 'SUCCEEDED',
            late: true,
          });
        }
      }
    }
    await seedSurveys(trx);
    await seedCommunity(trx, projectIds, users);
    await seedMessages(trx, projectIds, users);
    await seedFollows(trx, projectIds, users);
    await seedPayouts(trx, projectIds);
    await seedSanctions(trx, users);
    await seedCollaborators(trx, projectIds, users);
    await seedReferrals(trx, projectIds);
    await seedInstalmentPlans(trx, projectIds, users);
    const rates = parseEcbXml(DEMO_RATES_XML);
    await replaceDailyRates(trx, rates);
    await fixMissingBaseRates(trx, rates, baseCurrency);
    return true;
  });
}

import type { Kysely } from 'kysely';
import {
  LATE_PLEDGE_MESSAGES,
  minorToMajor,
  REWARD_MESSAGES,
  type Reward,
  type RewardRequest,
  type ShippingRule,
  todayUtc,
} from '@fundry/shared';
import type { DB, RewardsTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { AppError, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { latePledgesRefusal } from '../late-pledges/late-pledges.rules';
import { minorUnitsIn } from '../payments/amounts';
import type { ProjectPageCache } from '../projects/page-cache';
import type { ProjectAccess } from '../projects/project-access';
import {
  deleteUnbackedReward,
  findReward,
  insertReward,
  listRewards,
  updateReward,
} from './rewards.repository';

/** A reward as the API shows it; its amounts are in `currency`, its project's. */
export function toReward(row: Selectable<RewardsTable>, currency: string): Reward {
  const remaining =
    row.quantity_available === null
      ? null
      : Math.max(0, row.quantity_available - row.quantity_claimed - row.quantity_reserved);
  const minimum = minorToMajor(row.minimum_cents, currency);
  return {
    id: row.id,
    currency,
    project_id: row.project_id,
    title: row.title,
    description: row.description,
    minimum_amount: minimum,
    late_price: row.late_price_cents === null ? null : minorToMajor(row.late_price_cents, currency),
    quantity_available: row.quantity_available,
    quantity_claimed: row.quantity_claimed,
    estimated_delivery_date: row.estimated_delivery_date,
    shipping_type: row.shipping_type,
    shipping_rules: row.shipping_rules.map((rule) => ({
      country: rule.country as ShippingRule['country'],
      cost: minorToMajor(rule.cost_cents, currency),
      currency,
    })),
    backers_count: row.backers_count,
    remaining,
    is_available: remaining === null || remaining > 0,
    amount: minimum,
    inventory: row.quantity_available,
    original_inventory: row.quantity_available,
    is_digital: row.shipping_type === 'none',
    created_at: row.created_at.toISOString(),
  };
}

/** The rules as stored: integer minor units of the project's currency, in JSON text (RewardsTable.shipping_rules). */
function shippingRulesRow(input: RewardRequest, currency: string) {
  return JSON.stringify(
    input.shipping_rules.map((rule, index) => ({
      country: rule.country,
      cost_cents: minorUnitsIn(rule.cost, currency, `shipping_rules.${index}.cost`),
    })),
  );
}

/** A late price (DESIGN.md §16) in the project's currency, with a price's decimals and limits; null: none. */
export const latePriceIn = (price: number | null | undefined, currency: string, field: string) =>
  price === null || price === undefined
    ? null
    : minorUnitsIn(price, currency, field, {
        min: LATE_PLEDGE_MESSAGES.priceTooLow,
        max: LATE_PLEDGE_MESSAGES.priceTooHigh,
      });

/**
 * After its campaign a project's offer is fixed, but for late pledges (DESIGN.md §16) its creator may still set the
 * late prices: an edit is allowed when the campaign may take late pledges and it changes nothing but `late_price`.
 */
export function onlyLatePriceChanges(
  project: { status: string; funding_model: string },
  existing: object,
  columns: object,
) {
  if (latePledgesRefusal(project) !== null) return false;
  return Object.entries(columns).every(([key, value]) => {
    if (key === 'late_price_cents') return true;
    const before = (existing as Record<string, unknown>)[key];
    // Rules are written as JSON text and read back as arrays: compared as arrays.
    const normalise = (v: unknown): unknown =>
      typeof v === 'string' && v.startsWith('[') ? (JSON.parse(v) as unknown) : v;
    return JSON.stringify(normalise(value)) === JSON.stringify(normalise(before));
  });
}

/** A reward's minimum in the project's currency: its decimals and its pledge limits. */
const minimumIn = (input: RewardRequest, currency: string) =>
  minorUnitsIn(input.minimum_amount, currency, 'minimum_amount', {
    min: REWARD_MESSAGES.minimumTooLow,
    max: REWARD_MESSAGES.minimumTooHigh,
  });

/**
 * Before a project's first pledge its creator may change its currency: each reward keeps the figures its creator
 * typed (a 25 USD reward becomes 25 EUR; 2,500 cents become 25 yen), as the goal does. A figure the new currency
 * cannot hold (12.50 in yen) or out of its limits is a 400 on `currency`, and nothing changes.
 */
export async function rewardsInCurrency(trx: Kysely<DB>, projectId: number, from: string, to: string) {
  for (const row of await listRewards(trx, projectId)) {
    const minimum = minorUnitsIn(minorToMajor(row.minimum_cents, from), to, 'currency', {
      min: REWARD_MESSAGES.minimumTooLow,
      max: REWARD_MESSAGES.minimumTooHigh,
    });
    const rules = row.shipping_rules.map((rule) => ({
      country: rule.country,
      cost_cents: minorUnitsIn(minorToMajor(rule.cost_cents, from), to, 'currency'),
    }));
    await updateReward(trx, row.id, { minimum_cents: minimum, shipping_rules: JSON.stringify(rules) });
  }
}

/** A reward request may name its currency (a reward read and sent back does); it must be the project's. */
function checkCurrency(input: RewardRequest, currency: string) {
  const named = [input.currency, ...input.shipping_rules.map((rule) => rule.currency)];
  if (named.some((code) => code !== undefined && code !== currency)) {
    throw new AppError(
      'VALIDATION_ERROR',
      REWARD_MESSAGES.currency,
      { currency: [REWARD_MESSAGES.currency] },
      undefined,
      { PLEDGE_CURRENCY: currency },
    );
  }
}

const EDITABLE_STATUSES = new Set(['DRAFT', 'PENDING', 'ACTIVE']);

export class RewardService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly pageCache: ProjectPageCache,
  ) {}

  async list(projectId: number, caller: AccessClaims | null): Promise<Reward[]> {
    const { currency } = await this.access.visible(projectId, caller, 'page');
    return (await this.pageCache.part(projectId, 'rewards', () => listRewards(this.db, projectId))).map(
      (row) => toReward(row, currency),
    );
  }

  async create(projectId: number, caller: AccessClaims, input: RewardRequest): Promise<Reward> {
    const { currency } = await this.assertManager(projectId, caller);
    checkCurrency(input, currency);
    this.checkDelivery(input.estimated_delivery_date);
    const row = await insertReward(this.db, {
      project_id: projectId,
      title: input.title,
      description: input.description,
      minimum_cents: minimumIn(input, currency),
      late_price_cents: latePriceIn(input.late_price, currency, 'late_price'),
      quantity_available: input.quantity_available ?? null,
      estimated_delivery_date: input.estimated_delivery_date,
      shipping_type: input.shipping_type,
      shipping_rules: shippingRulesRow(input, currency),
    });
    return toReward(row, currency);
  }

  async update(
    projectId: number,
    rewardId: number,
    caller: AccessClaims,
    input: RewardRequest,
  ): Promise<Reward> {
    const project = await this.assertManager(projectId, caller, true);
    const { currency } = project;
    checkCurrency(input, currency);
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('rewards')
        .selectAll()
        .where('id', '=', rewardId)
        .where('project_id', '=', projectId)
        .forUpdate()
        .executeTakeFirst();
      if (!existing) throw notFound('reward');
      const quantity = input.quantity_available ?? null;
      const columns = {
        title: input.title,
        description: input.description,
        minimum_cents: minimumIn(input, currency),
        late_price_cents: latePriceIn(input.late_price, currency, 'late_price'),
        quantity_available: quantity,
        estimated_delivery_date: input.estimated_delivery_date,
        shipping_type: input.shipping_type,
        shipping_rules: shippingRulesRow(input, currency),
      };
      if (!EDITABLE_STATUSES.has(project.status) && !onlyLatePriceChanges(project, existing, columns))
        throw new AppError('CONFLICT', 'api.rewards.locked');
      if (input.estimated_delivery_date !== existing.estimated_delivery_date)
        this.checkDelivery(input.estimated_delivery_date);
      if (quantity !== null && quantity < existing.quantity_claimed + existing.quantity_reserved) {
        throw new AppError('VALIDATION_ERROR', REWARD_MESSAGES.belowClaimed, {
          quantity_available: [REWARD_MESSAGES.belowClaimed],
        });
      }
      const row = await updateReward(trx, rewardId, columns);
      return toReward(row, currency);
    });
  }

  async remove(projectId: number, rewardId: number, caller: AccessClaims): Promise<void> {
    await this.assertManager(projectId, caller);
    if (!(await findReward(this.db, projectId, rewardId))) throw notFound('reward');
    if (!(await deleteUnbackedReward(this.db, rewardId)))
      throw new AppError('CONFLICT', REWARD_MESSAGES.hasBackers);
  }

  /** SPEC §6: rewards are managed with create_reward by the project's creator, or an admin. */
  private async assertManager(projectId: number, caller: AccessClaims, latePriceEdit = false) {
    const project = await this.access.authorize(projectId, caller, 'offer', 'api.rewards.onlyCreator');
    // An edit after the campaign is checked against the reward itself: only its late price may change.
    const ended = latePriceEdit && latePledgesRefusal(project) === null;
    if (!EDITABLE_STATUSES.has(project.status) && !ended)
      throw new AppError('CONFLICT', 'api.rewards.locked');
    return project;
  }

  private checkDelivery(date: string) {
    if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
      throw new AppError('VALIDATION_ERROR', REWARD_MESSAGES.deliveryRequired, {
        estimated_delivery_date: [REWARD_MESSAGES.deliveryRequired],
      });
    }
    if (date < todayUtc()) {
      throw new AppError('VALIDATION_ERROR', REWARD_MESSAGES.deliveryPast, {
        estimated_delivery_date: [REWARD_MESSAGES.deliveryPast],
      });
    }
  }
}

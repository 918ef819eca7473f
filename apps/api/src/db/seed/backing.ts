import type { Kysely } from 'kysely';
import {
  LIVE_PLEDGE_STATUSES,
  MS_PER_DAY,
  percentOfMinor,
  type ShippingAddress,
  shippingRuleFor,
} from '@fundry/shared';
import { processingFeeCents } from '../../modules/payments/provider';
import { insertLedgerEntry, moveProjectCounters } from '../../modules/payments/payments.repository';
import { moveLateCounters } from '../../modules/late-pledges/late-pledges.repository';
import type { DB, DonationStatus } from '../schema';
import type { DemoFulfilment } from './projects';

const PLATFORM_FEE_PERCENT = 5;

export interface DemoPledge {
  projectId: number;
  donorId: number;
  cents: number;
  rewardId: number | null;
  fundingModel: 'all_or_nothing' | 'flexible';
  status: Extract<
    DonationStatus,
    'PLEDGED' | 'SUCCEEDED' | 'PAYMENT_FAILED' | 'DROPPED' | 'CANCELED' | 'RELEASED' | 'REFUNDED' | 'EXPIRED'
  >;
  /** Where a shipped reward goes. */
  address?: { name: string; city: string; country: ShippingAddress['country'] };
  /** A collected reward sent by the creator, or received by the backer. */
  fulfilment?: DemoFulfilment;
  /** A late pledge (DESIGN.md §16): counted in the late counters, never in the funded total. */
  late?: boolean;
}

/**
 * A pledge for the demo, in any state of DESIGN.md §10, with the rows the real flow leaves: a saved card for
 * all-or-nothing pledges, the reward claim and counters while it is live, a ledger row only for money collected.
 */
export async function seedPledge(db: Kysely<DB>, pledge: DemoPledge) {
  const at = new Date(Date.now() - (1 + Math.floor(Math.random() * 5)) * MS_PER_DAY);
  const live = (LIVE_PLEDGE_STATUSES as readonly string[]).includes(pledge.status);
  // A pledge is in its project's currency (DESIGN.md §15).
  const { currency } = await db
    .selectFrom('projects')
    .select('currency')
    .where('id', '=', pledge.projectId)
    .executeTakeFirstOrThrow();
  const reward = pledge.rewardId
    ? await db.selectFrom('rewards').selectAll().where('id', '=', pledge.rewardId).executeTakeFirstOrThrow()
    : null;
  let shippingCents = 0;
  let shippingAddress: ShippingAddress | null = null;
  if (reward && reward.shipping_type !== 'none' && pledge.address) {
    const rule =
      shippingRuleFor(reward.shipping_rules, pledge.address.country) ?? reward.shipping_rules[0] ?? null;
    const country =
      rule && rule.country !== '*' ? (rule.country as ShippingAddress['country']) : pledge.address.country;
    shippingCents = rule?.cost_cents ?? 0;
    shippingAddress = {
      name: pledge.address.name,
      line1: '12 Demo Street',
      line2: null,
      city: pledge.address.city,
      region: null,
      postal_code: '10001',
      country,
    };
  }
  const cents = Math.max(pledge.cents, (reward?.minimum_cents ?? 0) + shippingCents);
  const charged = pledge.status === 'SUCCEEDED' || pledge.status === 'REFUNDED';
  const refunded = pledge.status === 'REFUNDED';
  // An expired checkout never saved a card: the backer left the provider's page.
  const cardSaved = pledge.fundingModel === 'all_or_nothing' && pledge.status !== 'EXPIRED';
  const reference = `${pledge.projectId}_${pledge.donorId}_${at.getTime()}`;
  const declined = pledge.status === 'PAYMENT_FAILED' || pledge.status === 'DROPPED';
  const donation = await db
    .insertInto('donations')
    .values({
      project_id: pledge.projectId,
      reward_id: reward?.id ?? null,
      donor_id: pledge.donorId,
      amount_cents: cents,
      currency,
      status: pledge.status,
      funding_model: pledge.fundingModel,
      late: pledge.late ?? false,
      provider: 'sandbox',
      checkout_session_id: `cs_seed_${reference}`,
      payment_reference: charged ? `pi_seed_${reference}` : null,
      refund_reference: refunded ? `re_seed_${reference}` : null,
      payment_method: cardSaved ? `pm_sandbox_${declined ? '0341' : '4242'}_seed${pledge.donorId}` : null,
      payment_customer: cardSaved ? `cus_sandbox_${pledge.donorId}` : null,
      expires_at: at,
      pledged_at: pledge.status === 'EXPIRED' ? null : at,
      succeeded_at: charged ? at : null,
      refunded_at: refunded ? new Date(at.getTime() + MS_PER_DAY / 2) : null,
      canceled_at: pledge.status === 'CANCELED' ? at : null,
      shipping_cents: shippingCents,
      shipping_address: shippingAddress,
      collection_attempts: declined ? 1 : charged && pledge.fundingModel === 'all_or_nothing' ? 1 : 0,
      payment_failed_at: declined
        ? new Date(Date.now() - (pledge.status === 'DROPPED' ? 8 : 2) * MS_PER_DAY)
        : null,
      next_collection_at: pledge.status === 'PAYMENT_FAILED' ? new Date(Date.now() + MS_PER_DAY) : null,
      // A bank's reason, so the demo shows a declined pledge as a backer would read one.
      payment_error_code: declined ? 'insufficient_funds' : null,
      fulfilment_status: pledge.fulfilment?.status ?? null,
      tracking_url: pledge.fulfilment?.status === 'sent' ? (pledge.fulfilment.trackingUrl ?? null) : null,
      sent_at: pledge.fulfilment ? new Date(Date.now() - 3 * MS_PER_DAY) : null,
      received_at: pledge.fulfilment?.status === 'received' ? new Date(Date.now() - MS_PER_DAY) : null,
    })
    .returning(['id', 'currency'])
    .executeTakeFirstOrThrow();
  if (charged) {
    // As the payment service records a charge, and a refund as its negation.
    const processing = processingFeeCents(cents, donation.currency);
    const entry = {
      project_id: pledge.projectId,
      donation_id: donation.id,
      currency: donation.currency,
      gross_cents: cents,
      processing_fee_cents: processing,
      platform_fee_cents: Math.min(cents - processing, percentOfMinor(cents, PLATFORM_FEE_PERCENT)),
    };
    await insertLedgerEntry(db, { ...entry, kind: 'donation' });
    if (refunded) {
      await insertLedgerEntry(db, {
        ...entry,
        kind: 'refund',
        gross_cents: -entry.gross_cents,
        processing_fee_cents: -entry.processing_fee_cents,
        platform_fee_cents: -entry.platform_fee_cents,
      });
    }
  }
  if (!live) return;
  const firstTime = !(await db
    .selectFrom('donations')
    .select('id')
    .where('project_id', '=', pledge.projectId)
    .where('donor_id', '=', pledge.donorId)
    .where('status', 'in', LIVE_PLEDGE_STATUSES)
    .where('id', '<>', donation.id)
    .executeTakeFirst());
  await (pledge.late ? moveLateCounters : moveProjectCounters)(
    db,
    pledge.projectId,
    cents,
    firstTime ? 1 : 0,
  );
  if (reward) {
    await db
      .updateTable('rewards')
      .set((eb) => ({
        quantity_claimed: eb('quantity_claimed', '+', 1),
        backers_count: eb('backers_count', '+', 1),
      }))
      .where('id', '=', reward.id)
      .execute();
  }
}

/** A donation charged at checkout under the model before saved cards (kept SUCCEEDED by migration 0010). */
export async function seedPaidPledge(
  db: Kysely<DB>,
  projectId: number,
  donorId: number,
  cents: number,
  fundingModel: 'all_or_nothing' | 'flexible' = 'flexible',
) {
  await seedPledge(db, { projectId, donorId, cents, rewardId: null, fundingModel, status: 'SUCCEEDED' });
}

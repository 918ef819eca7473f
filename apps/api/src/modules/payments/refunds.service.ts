import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { MailService } from '../mail/mail.service';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import { moveAddOnStock } from '../add-ons/add-ons.repository';
import { moveLateCounters } from '../late-pledges/late-pledges.repository';
import { platformMetrics } from '../metrics/metrics';
import { unclaimMany } from '../rewards/rewards.repository';
import { countApplied } from './payment-metrics';
import {
  collectedForRefund,
  type DonationRow,
  donationLedgerEntries,
  donorsWithoutLivePledge,
  findDonation,
  insertLedgerEntries,
  lockDonation,
  lockProjectForMoney,
  markRefunded,
  moveProjectCounters,
  surveyChargesOf,
} from './payments.repository';
import { endPlanAtPaid, paidInstalments } from '../instalments/instalments.repository';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from './provider';

/**
 * Money given back: through the provider first, then recorded in one transaction with its ledger row, so a
 * refund Fundry asked for and the provider's event of it are recorded once, whichever comes first.
 */
export class RefundService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly provider: PaymentProvider,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  /**
   * Refunds a succeeded donation in full through the provider, then records it (once, whoever gets there). A pledge
   * whose backer bought add-ons in the survey was paid by several payments (DESIGN.md §17): each is refunded for its
   * own amount against its own reference — the first for the pledge less its survey charges, keyed
   * `refund-donation-{id}`, each charge keyed `refund-survey-charge-{id}` — since a provider refuses to refund more
   * than a payment. Every amount and key is the same on a retry. A survey charge still pending (its result not
   * known yet) is a 409: the `survey-charges` job settles it within minutes, then the refund can go.
   */
  async refund(donationId: number): Promise<boolean> {
    // A running plan of instalments (DESIGN.md §20) ends at what was paid, which is then refunded.
    await this.endPlan(donationId);
    const donation = await findDonation(this.db, donationId);
    if (!donation || donation.status !== 'SUCCEEDED') return false;
    const charges = await surveyChargesOf(this.db, donation.id);
    if (charges.some((c) => c.status === 'pending')) {
      throw new AppError('CONFLICT', 'api.payments.surveyChargePending');
    }
    const firstPayment = donation.amount_cents - charges.reduce((sum, c) => sum + Number(c.amount_cents), 0);
    let refundId: string | null = null;
    if (donation.pay_over_time) {
      // Each instalment paid is a payment of its own: refunded for its amount, keyed by the instalment.
      for (const instalment of await paidInstalments(this.db, donation.id)) {
        ({ refundId } = await this.provider.refund({
          paymentReference: instalment.payment_reference ?? `instalment-${instalment.id}`,
          amountCents: Number(instalment.amount_cents),
          currency: donation.currency,
          idempotencyKey: `refund-instalment-${instalment.id}`,
        }));
      }
    } else if (firstPayment > 0) {
      ({ refundId } = await this.provider.refund({
        paymentReference: donation.payment_reference ?? donation.checkout_session_id ?? String(donation.id),
        amountCents: firstPayment,
        currency: donation.currency,
        idempotencyKey: `refund-donation-${donation.id}`,
      }));
    }
    const chargeRefunds = new Map<number, string>();
    for (const charge of charges) {
      const { refundId: chargeRefund } = await this.provider.refund({
        paymentReference: charge.payment_reference ?? `survey-charge-${charge.id}`,
        amountCents: Number(charge.amount_cents),
        currency: charge.currency,
        idempotencyKey: `refund-survey-charge-${charge.id}`,
      });
      chargeRefunds.set(charge.id, chargeRefund);
    }
    const applied = await this.db.transaction().execute(async (trx) => {
      const locked = await lockDonation(trx, { id: donationId });
      if (!locked) return false;
      // A survey charge settled since the refunds above: not refunded at the provider yet. Refusing leaves the
      // pledge SUCCEEDED; the next call refunds it too (the keys above answer what they already did).
      const now = await surveyChargesOf(trx, donationId);
      if (locked.status === 'SUCCEEDED' && now.some((c) => !chargeRefunds.has(c.id))) {
        throw new AppError('CONFLICT', 'api.payments.surveyChargePending');
      }
      if (!(await this.applyRefund(trx, locked, refundId))) return false;
      for (const [id, reference] of chargeRefunds) {
        await trx
          .updateTable('survey_charges')
          .set({ refund_reference: reference })
          .where('id', '=', id)
          .execute();
      }
      return true;
    });
    if (applied) await countApplied(this.db, 'refunded', { id: donationId, status: 'SUCCEEDED' });
    this.mail.kick();
    return applied;
  }

  /**
   * Refunds many collected pledges of one project in full (a campaign ended early, DESIGN.md §18): the provider's
   * refunds side by side, keyed as `refund` keys them, then recorded in one transaction, so the project row is locked
   * once per batch rather than once per pledge. A pledge paid by several payments (survey add-ons) goes through
   * `refund`, payment by payment. Answers how many were recorded, and the pledges the provider refused.
   */
  async refundMany(projectId: number, donationIds: readonly number[], width = 16) {
    const donations = await collectedForRefund(this.db, donationIds);
    const refused: number[] = [];
    let refunded = 0;
    // Paid by several payments: survey add-ons, or instalments (DESIGN.md §20).
    const single = donations.filter((donation) => donation.survey_charges > 0 || donation.pay_over_time);
    for (const donation of single) {
      try {
        if (await this.refund(donation.id)) refunded += 1;
      } catch (error) {
        // A survey charge still settling answers 409: it is refunded on a later run, once settled.
        if (!(error instanceof AppError && error.status === 409)) refused.push(donation.id);
      }
    }
    const plain = donations.filter((donation) => donation.survey_charges === 0 && !donation.pay_over_time);
    const done: { donationId: number; reference: string }[] = [];
    await inParallel(plain, width, async (donation) => {
      try {
        const { refundId } = await this.provider.refund({
          paymentReference: donation.payment_reference ?? donation.checkout_session_id ?? String(donation.id),
          amountCents: donation.amount_cents,
          currency: donation.currency,
          idempotencyKey: `refund-donation-${donation.id}`,
        });
        done.push({ donationId: donation.id, reference: refundId });
      } catch {
        refused.push(donation.id);
      }
    });
    const applied = await this.db.transaction().execute((trx) => this.applyRefunds(trx, projectId, done));
    platformMetrics.refunds.inc(applied);
    if (applied > 0) platformMetrics.pledgeTransitions.inc({ from: 'SUCCEEDED', to: 'REFUNDED' }, applied);
    this.mail.kick();
    return { refunded: refunded + applied, refused };
  }

  /**
   * Ends a running plan at what was paid (its pledge then SUCCEEDED for that), so the refund gives that back; the
   * campaign-refunds job does so for the plans of a campaign ended early. False when no plan was running.
   */
  async endPlan(donationId: number) {
    return this.db.transaction().execute(async (trx) => {
      const donation = await lockDonation(trx, { id: donationId });
      return donation ? (await endPlanAtPaid(trx, donation, this.clock(), null)) !== null : false;
    });
  }

  /** Reverses a succeeded donation (see `applyRefunds`); false when it was not SUCCEEDED any more. */
  async applyRefund(trx: Kysely<DB>, donation: DonationRow, refundReference: string | null) {
    return (
      (await this.applyRefunds(trx, donation.project_id, [
        { donationId: donation.id, reference: refundReference },
      ])) > 0
    );
  }

  /**
   * Reverses succeeded donations of one project: their counters, their reward claims, their add-ons' stock (those
   * bought in the survey joined their lines) and their ledger rows — one refund row a pledge, whose fees are those of
   * every payment it was made of, so each pledge's rows net to zero — and tells each backer. Donations no longer
   * SUCCEEDED are left as they are. Answers how many were reversed.
   */
  async applyRefunds(
    trx: Kysely<DB>,
    projectId: number,
    refunds: readonly { donationId: number; reference: string | null }[],
  ) {
    if (refunds.length === 0) return 0;
    const reversed = await markRefunded(trx, projectId, refunds, this.clock());
    if (reversed.length === 0) return 0;
    const project = await lockProjectForMoney(trx, projectId);
    // A backer who has no live pledge left leaves the counter of the kind of their last pledge refunded here.
    const leaving = await donorsWithoutLivePledge(trx, projectId, [
      ...new Set(reversed.map((d) => d.donor_id)),
    ]);
    const lastOf = new Map(reversed.map((donation) => [donation.donor_id, donation]));
    for (const late of [false, true]) {
      const own = reversed.filter((donation) => donation.late === late);
      if (own.length === 0) continue;
      const backers = [...leaving].filter((donor) => lastOf.get(donor)!.late === late).length;
      await (late ? moveLateCounters : moveProjectCounters)(
        trx,
        projectId,
        -own.reduce((sum, donation) => sum + donation.amount_cents, 0),
        -backers,
      );
    }
    await unclaimMany(
      trx,
      reversed.flatMap((donation) => (donation.reward_id === null ? [] : [donation.reward_id])),
    );
    for (const donation of reversed)
      if (donation.has_add_ons) await moveAddOnStock(trx, donation.id, 'unclaim');
    const fees = await donationLedgerEntries(
      trx,
      reversed.map((donation) => donation.id),
    );
    await insertLedgerEntries(
      trx,
      reversed.map((donation) => ({
        project_id: projectId,
        donation_id: donation.id,
        currency: donation.currency,
        kind: 'refund' as const,
        gross_cents: -donation.amount_cents,
        processing_fee_cents: -(fees.get(donation.id)?.processing_fee_cents ?? 0),
        platform_fee_cents: -(fees.get(donation.id)?.platform_fee_cents ?? 0),
      })),
    );
    await insertNotifications(
      trx,
      reversed.map((donation) => ({
        userId: donation.donor_id,
        type: 'REFUND',
        message: notificationMessages.refunded(project.title, {
          cents: donation.amount_cents,
          currency: donation.currency,
        }),
        projectId,
      })),
    );
    return reversed.length;
  }
}

/** Runs `run` over `items` with at most `width` at once. */
async function inParallel<T>(items: readonly T[], width: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

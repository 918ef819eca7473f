import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { MailService } from '../mail/mail.service';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import { moveAddOnStock } from '../add-ons/add-ons.repository';
import { moveLateCounters } from '../late-pledges/late-pledges.repository';
import { unclaim } from '../rewards/rewards.repository';
import { countApplied } from './payment-metrics';
import {
  type DonationRow,
  donationLedgerEntry,
  findDonation,
  hasLivePledge,
  insertLedgerEntry,
  lockDonation,
  lockProjectForMoney,
  moveProjectCounters,
  surveyChargesOf,
  transitionDonation,
} from './payments.repository';
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
    const donation = await findDonation(this.db, donationId);
    if (!donation || donation.status !== 'SUCCEEDED') return false;
    const charges = await surveyChargesOf(this.db, donation.id);
    if (charges.some((c) => c.status === 'pending')) {
      throw new AppError('CONFLICT', 'api.payments.surveyChargePending');
    }
    const firstPayment = donation.amount_cents - charges.reduce((sum, c) => sum + Number(c.amount_cents), 0);
    let refundId: string | null = null;
    if (firstPayment > 0) {
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
   * Reverses a succeeded donation: its counters, its reward claim, its add-ons' stock (those bought in the survey
   * joined its lines) and its ledger rows — one refund row for the whole pledge, whose fees are those of every
   * payment it was made of, so the pledge's rows net to zero.
   */
  async applyRefund(trx: Kysely<DB>, donation: DonationRow, refundReference: string | null) {
    const refunded = await transitionDonation(trx, donation.id, 'SUCCEEDED', {
      status: 'REFUNDED',
      refunded_at: this.clock(),
      refund_reference: refundReference,
    });
    if (!refunded) return false;
    const project = await lockProjectForMoney(trx, donation.project_id);
    const stillBacker = await hasLivePledge(trx, donation.donor_id, project.id);
    // A late pledge's refund lowers the late counters, in the same transaction as its state.
    await (donation.late ? moveLateCounters : moveProjectCounters)(
      trx,
      project.id,
      -donation.amount_cents,
      stillBacker ? 0 : -1,
    );
    if (donation.reward_id !== null) await unclaim(trx, donation.reward_id);
    if (donation.has_add_ons) await moveAddOnStock(trx, donation.id, 'unclaim');
    const original = await donationLedgerEntry(trx, donation.id);
    await insertLedgerEntry(trx, {
      project_id: project.id,
      donation_id: donation.id,
      currency: donation.currency,
      kind: 'refund',
      gross_cents: -donation.amount_cents,
      processing_fee_cents: -(original?.processing_fee_cents ?? 0),
      platform_fee_cents: -(original?.platform_fee_cents ?? 0),
    });
    await insertNotifications(trx, [
      {
        userId: donation.donor_id,
        type: 'REFUND',
        message: notificationMessages.refunded(project.title, {
          cents: donation.amount_cents,
          currency: donation.currency,
        }),
        projectId: project.id,
      },
    ]);
    return true;
  }
}

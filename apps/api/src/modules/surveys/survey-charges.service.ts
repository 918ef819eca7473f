import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { percentOfMinor } from '@fundry/shared';
import type { DB } from '../../db/schema';
import type { KeyedMessage } from '../../i18n';
import { moveLateCounters } from '../late-pledges/late-pledges.repository';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import { lockDonation, moveProjectCounters } from '../payments/payments.repository';
import type { Clock } from '../../lib/clock';
import type { PaymentService } from '../payments/payments.service';
import { processingFeeCents } from '../payments/provider';
import { addPledgeLines, claimStaleCharges, unclaimAddOnStock } from './surveys.repository';
import { surveyPath } from './surveys.rules';

/** A pending survey charge whose last attempt is this old lost its caller (a crash, no answer): the job resumes it. */
export const SURVEY_CHARGE_LEASE_MS = 2 * 60_000;
const BATCH = 500;

type ChargeOutcome = 'succeeded' | 'declined' | 'pending';
/** How a survey charge settled; a declined one with the provider's code (shared declineMessage), when it gave one. */
interface ChargeSettled {
  outcome: ChargeOutcome;
  declineCode: string | null;
}

/**
 * Add-ons bought in a survey (DESIGN.md §17), charged off-session with the pledge's saved card: at once when the
 * backer submits, and again by the job when that attempt got no answer.
 */
export class SurveyChargeService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly payments: PaymentService,
    private readonly platformFeePercent: number,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The `survey-charges` job (decision 026): survey charges left pending — the provider did not answer, or the
   * process died between the pending row's commit and its settlement — are charged again once their last attempt
   * is older than the lease, with the same key, so the provider answers what it did the first time and nobody is
   * charged twice. Claimed with `for update skip locked` and a moved `attempted_at`, so several instances share
   * the work; the settlement is a guarded transition, so a charge settles once whoever gets there. Each backer is
   * notified of the outcome.
   */
  async resumeCharges(): Promise<Record<ChargeOutcome, number>> {
    const report: Record<ChargeOutcome, number> = { succeeded: 0, declined: 0, pending: 0 };
    for (;;) {
      const now = this.clock();
      const claimed = await claimStaleCharges(
        this.db,
        now,
        new Date(now.getTime() - SURVEY_CHARGE_LEASE_MS),
        BATCH,
      );
      for (const claim of claimed) {
        const donation = { ...claim, id: claim.donation_id };
        const backer = { donorId: claim.donor_id, projectTitle: claim.project_title };
        report[(await this.charge(claim.id, donation, Number(claim.amount_cents), backer)).outcome] += 1;
      }
      if (claimed.length < BATCH) break;
    }
    if (report.succeeded + report.declined + report.pending > 0) {
      this.log.info(report, 'survey charges resumed');
    }
    return report;
  }

  /**
   * Charges the add-ons bought off-session, keyed by the charge: a retry never charges twice. Success: the lines
   * join the pledge, its amount and the project's total grow, the ledger gets the charge's row. Declined: the stock
   * claimed is given back and nothing is added. No answer from the provider (network, timeout, 5xx): the charge
   * may have been made, so it stays pending with its stock held, and the job tries it again with the same key.
   * Settling is a guarded transition (only a still pending row settles), so racing callers settle it once; the
   * outcome returned is the row's, whoever settled it. `notify`: the backer (and the project) told of the outcome in a
   * notification in the settling transaction, when they are not on the page any more (a resumed charge).
   */
  async charge(
    chargeId: number,
    donation: {
      id: number;
      project_id: number;
      currency: string;
      payment_customer: string | null;
      payment_method: string | null;
    },
    amount: number,
    notify: { donorId: number; projectTitle: string } | null = null,
  ): Promise<ChargeSettled> {
    let result: Awaited<ReturnType<PaymentService['provider']['charge']>>;
    try {
      result = await this.payments.provider.charge({
        donationId: donation.id,
        attempt: 0,
        customerId: donation.payment_customer,
        paymentMethod: donation.payment_method ?? '',
        amountCents: amount,
        currency: donation.currency,
        description: `Fundry survey add-ons ${donation.id}`,
        idempotencyKey: `survey-charge-${chargeId}`,
      });
    } catch (error) {
      this.log.error(
        { err: error, chargeId },
        'survey add-on charge left pending: the provider did not answer',
      );
      return { outcome: 'pending', declineCode: null };
    }
    return this.db.transaction().execute(async (trx): Promise<ChargeSettled> => {
      const charge = await trx
        .selectFrom('survey_charges')
        .selectAll()
        .where('id', '=', chargeId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      // Settled already, by another caller with the same result (the same key).
      if (charge.status !== 'pending') {
        return { outcome: charge.status, declineCode: charge.payment_error_code };
      }
      const notice = async (message: (title: string) => KeyedMessage) => {
        if (!notify) return;
        await insertNotifications(trx, [
          {
            userId: notify.donorId,
            type: 'SURVEY',
            message: message(notify.projectTitle),
            projectId: donation.project_id,
            link: surveyPath(donation.id),
          },
        ]);
      };
      const money = { cents: amount, currency: donation.currency };
      if (result.outcome === 'declined') {
        await unclaimAddOnStock(trx, charge.lines);
        await trx
          .updateTable('survey_charges')
          .set({ status: 'declined', payment_error_code: result.code })
          .where('id', '=', chargeId)
          .execute();
        await notice((title) => notificationMessages.surveyAddOnsDeclined(title, money, result.code));
        return { outcome: 'declined', declineCode: result.code };
      }
      const pledge = await lockDonation(trx, { id: donation.id });
      await addPledgeLines(trx, donation.id, charge.lines);
      await trx
        .updateTable('donations')
        .set((eb) => ({
          amount_cents: eb('amount_cents', '+', amount),
          shipping_cents: eb('shipping_cents', '+', Number(charge.shipping_cents)),
          has_add_ons: true,
          updated_at: this.clock(),
        }))
        .where('id', '=', donation.id)
        .execute();
      // A late pledge (DESIGN.md §16) is counted apart, its add-ons with it.
      await (pledge?.late ? moveLateCounters : moveProjectCounters)(trx, donation.project_id, amount, 0);
      const processing = processingFeeCents(amount, donation.currency);
      await trx
        .insertInto('ledger_entries')
        .values({
          project_id: donation.project_id,
          donation_id: donation.id,
          survey_charge_id: chargeId,
          currency: donation.currency,
          kind: 'donation',
          gross_cents: amount,
          processing_fee_cents: processing,
          platform_fee_cents: Math.min(amount - processing, percentOfMinor(amount, this.platformFeePercent)),
          net_cents:
            amount -
            processing -
            Math.min(amount - processing, percentOfMinor(amount, this.platformFeePercent)),
        })
        .execute();
      await trx
        .updateTable('survey_charges')
        .set({ status: 'succeeded', payment_reference: result.paymentReference })
        .where('id', '=', chargeId)
        .execute();
      await notice((title) => notificationMessages.surveyAddOnsCharged(title, money));
      return { outcome: 'succeeded', declineCode: null };
    });
  }
}

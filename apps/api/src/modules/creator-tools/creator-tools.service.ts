import type { Kysely } from 'kysely';
import {
  BACKER_STATUS_KEYS,
  type BackerRow,
  type BackersQuery,
  type DailyStats,
  exponent,
  minorToMajor,
  MS_PER_DAY,
  type PledgedAddOn,
  todayUtc,
  toCsv,
  TOOLS_MESSAGES,
  type Translator,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { pledgedAddOnsOf } from '../add-ons/add-ons.repository';
import { recordAudit } from '../admin/audit.repository';
import type { AccessClaims } from '../auth/tokens';
import type { MailService } from '../mail/mail.service';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import { donationLedgerEntry, findDonation, lockDonation } from '../payments/payments.repository';
import type { RefundService } from '../payments/refunds.service';
import { projectFunds } from '../payouts/payouts.repository';
import type { PreferenceService } from '../preferences/preferences.service';
import { may, type ProjectAccess } from '../projects/project-access';
import { findProject } from '../projects/projects.repository';
import {
  allBackers,
  type BackerFilters,
  type BackerRecord,
  listBackers,
  markSent,
  pledgesPerDay,
  pledgesPerReward,
  sentRewardRecipients,
} from './creator-tools.repository';
import { toolMails } from './creator-tools.mail';
import { type InstalmentRow, instalmentsOf, isRunningPlan } from '../instalments/instalments.repository';
import { toInstalments } from '../instalments/instalment-plans';
import { answersOf, listQuestions } from '../surveys/surveys.repository';

/** Where a backer follows their rewards and confirms receiving them. */
const BACKED_PROJECTS_LINK = '/backed-projects';
/** The longest curve drawn day by day (a campaign lasts at most 90 days). */
const MAX_CURVE_DAYS = 400;

/** A backer of a project whose currency is `currency`. */
function toBackerRow(
  row: BackerRecord,
  currency: string,
  addOns: PledgedAddOn[],
  instalments: readonly InstalmentRow[],
): BackerRow {
  const collected = row.status === 'SUCCEEDED';
  const plan = row.pay_over_time ? toInstalments(instalments, currency) : null;
  return {
    donation_id: row.id,
    currency,
    backer: { id: row.donor_id, name: row.full_name || row.username, email: row.email },
    amount: minorToMajor(Number(row.amount_cents), currency),
    reward: row.reward_id === null ? null : { id: row.reward_id, title: row.reward_title ?? '' },
    add_ons: addOns,
    // A plan that ended unpaid reads DEFAULTED, partly paid (decision 036).
    status: row.defaulted_at ? 'DEFAULTED' : row.status,
    funding_model: row.funding_model,
    late: row.late,
    pledged_at: row.pledged_at?.toISOString() ?? null,
    shipping_address: row.shipping_address
      ? {
          name: row.shipping_address.name,
          line1: row.shipping_address.line1,
          line2: row.shipping_address.line2 ?? null,
          city: row.shipping_address.city,
          region: row.shipping_address.region ?? null,
          postal_code: row.shipping_address.postal_code,
          country: row.shipping_address.country,
        }
      : null,
    fulfilment_status: row.fulfilment_status,
    tracking_url: row.tracking_url,
    can_refund: collected || isRunningPlan(row),
    can_mark_sent: collected && row.reward_id !== null && row.fulfilment_status === null,
    survey:
      row.survey_donation_id === null ? null : row.survey_answered_at !== null ? 'answered' : 'unanswered',
    plan: plan && {
      paid: minorToMajor(
        instalments
          .filter((line) => line.status === 'paid')
          .reduce((sum, line) => sum + Number(line.amount_cents), 0),
        currency,
      ),
      instalments: plan,
    },
  };
}

/** The columns of the backers' CSV, as catalog keys: a creator reads them in their language. */
const CSV_COLUMNS = [
  'pledgeId',
  'backer',
  'email',
  'amount',
  'currency',
  'reward',
  'addOns',
  'status',
  'late',
  'planPaid',
  'pledgedAt',
  'rewardSent',
  'rewardReceived',
  'trackingUrl',
  'shipTo',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
] as const;

/** Backers, CSV, fulfilment, refunds and the funding curve, for a project's creator and admins (DESIGN.md §12). */
export class CreatorToolsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly refunds: RefundService,
    private readonly mail: MailService,
    private readonly preferences: PreferenceService,
    private readonly appUrl: string,
    private readonly clock: () => Date,
  ) {}

  /**
   * The project, when the caller may do `act` to it (its creator or an admin; the backer list, its CSV and marking
   * sent also `fulfilment`): 404 if they may not see it, 403 if only that.
   */
  private ownProject(projectId: number, caller: AccessClaims, act: 'run' | 'see_backers' = 'run') {
    return this.access.authorize(projectId, caller, act, 'api.tools.onlyCreatorOrAdmin');
  }

  /** A pledge of a project the caller may do `act` to (or any, for an admin); its backer gets 403, others 404. */
  private async ownDonation(donationId: number, caller: AccessClaims, act: 'run' | 'see_backers') {
    const donation = await findDonation(this.db, donationId);
    if (!donation) throw notFound('pledge');
    const project = await findProject(this.db, donation.project_id);
    if (!project) throw notFound('pledge');
    if (may(caller, project, act, await this.access.team(caller, project))) return { donation, project };
    if (donation.donor_id === caller.userId) {
      throw forbidden('api.tools.onlyCreatorOrAdmin');
    }
    throw notFound('pledge');
  }

  /** The plans of the pledges paid over time among `rows`, by pledge. */
  private async plansOf(rows: readonly BackerRecord[]) {
    const lines = await instalmentsOf(
      this.db,
      rows.filter((row) => row.pay_over_time).map((row) => row.id),
    );
    const byPledge = new Map<number, InstalmentRow[]>();
    for (const line of lines)
      byPledge.set(line.donation_id, [...(byPledge.get(line.donation_id) ?? []), line]);
    return byPledge;
  }

  async backers(projectId: number, caller: AccessClaims, query: BackersQuery) {
    const { currency } = await this.ownProject(projectId, caller, 'see_backers');
    const filters: BackerFilters = {
      status: query.status,
      rewardId: query.reward_id,
      addOnId: query.add_on_id,
      fulfilment: query.fulfilment,
      survey: query.survey,
    };
    const { rows, total } = await listBackers(this.db, projectId, filters, query.page, query.per_page);
    const addOns = await pledgedAddOnsOf(
      this.db,
      rows.map((row) => row.id),
      () => currency,
    );
    const plans = await this.plansOf(rows);
    return {
      data: rows.map((row) => toBackerRow(row, currency, addOns.get(row.id) ?? [], plans.get(row.id) ?? [])),
      meta: {
        total,
        pages: Math.max(1, Math.ceil(total / query.per_page)),
        page: query.page,
        per_page: query.per_page,
      },
    };
  }

  /** The backers as an RFC 4180 document (UTF-8 with BOM, formulas neutralised). */
  async backersCsv(projectId: number, caller: AccessClaims, filters: BackerFilters, translator: Translator) {
    const project = await this.ownProject(projectId, caller, 'see_backers');
    const { currency } = project;
    const records = await allBackers(this.db, projectId, filters);
    const addOns = await pledgedAddOnsOf(
      this.db,
      records.map((row) => row.id),
      () => currency,
    );
    const plans = await this.plansOf(records);
    const rows = records.map((row) =>
      toBackerRow(row, currency, addOns.get(row.id) ?? [], plans.get(row.id) ?? []),
    );
    // One column per survey question (those removed after sending too: their answers stay), in its order.
    const questions = await listQuestions(this.db, projectId, true);
    const answers = await answersOf(
      this.db,
      records.map((row) => row.id),
    );
    const { t } = translator;
    const csv = toCsv([
      [
        ...CSV_COLUMNS.map((column) => t(`api.backersCsv.${column}`, { currency })),
        ...questions.map((q) => q.prompt),
      ],
      ...rows.map((row) => [
        row.donation_id,
        // A closed account keeps no name nor address (migrations 0043, 0044): named in the reader's language.
        row.backer.name || t('common.person.closedAccount'),
        row.backer.email,
        // A figure for spreadsheets, with every decimal of the currency (19.90, ¥1999).
        row.amount.toFixed(exponent(currency)),
        currency,
        row.reward?.title ?? '',
        row.add_ons
          .map((line) => t('api.backersCsv.addOnLine', { title: line.title, quantity: line.quantity }))
          .join('; '),
        t(BACKER_STATUS_KEYS[row.status] ?? row.status),
        t(row.late ? 'api.backersCsv.yes' : 'api.backersCsv.no'),
        // Pay over time (DESIGN.md §20): how much of the plan was paid, as a figure (empty: paid at once).
        row.plan ? row.plan.paid.toFixed(exponent(currency)) : '',
        row.pledged_at ?? '',
        t(row.fulfilment_status !== null ? 'api.backersCsv.yes' : 'api.backersCsv.no'),
        t(row.fulfilment_status === 'received' ? 'api.backersCsv.yes' : 'api.backersCsv.no'),
        row.tracking_url ?? '',
        row.shipping_address?.name ?? '',
        row.shipping_address?.line1 ?? '',
        row.shipping_address?.line2 ?? '',
        row.shipping_address?.city ?? '',
        row.shipping_address?.region ?? '',
        row.shipping_address?.postal_code ?? '',
        row.shipping_address?.country ?? '',
        ...questions.map((q) => answers.get(row.donation_id)?.[String(q.id)] ?? ''),
      ]),
    ]);
    return { csv, filename: `fundry-project-${project.id}-backers.csv` };
  }

  /**
   * Marks the rewards of collected pledges sent, with the parcel's tracking link if given, and tells each backer
   * (in-app, and by mail unless they turned project news off). A pledge already sent is left alone.
   */
  async markSent(projectId: number, caller: AccessClaims, donationIds: number[], trackingUrl?: string) {
    const project = await this.ownProject(projectId, caller, 'see_backers');
    const ids = [...new Set(donationIds)];
    const changed = await this.db.transaction().execute(async (trx) => {
      const rows = await markSent(trx, projectId, ids, trackingUrl ?? null, this.clock());
      if (rows.length === 0) return rows;
      const details = await sentRewardRecipients(
        trx,
        rows.map((row) => row.id),
      );
      await insertNotifications(
        trx,
        details.map((row) => ({
          userId: row.donor_id,
          type: 'REWARD_SENT',
          message: notificationMessages.rewardSent(row.title, project.title, row.tracking_url),
          projectId,
          link: BACKED_PROJECTS_LINK,
        })),
      );
      for (const row of details) {
        await this.preferences.enqueueGoverned(trx, { ...row, id: row.donor_id }, 'email_updates', (t) =>
          toolMails.rewardSent(
            t,
            row.email,
            row.full_name || row.username,
            project.title,
            row.title,
            row.tracking_url,
            `${this.appUrl}${BACKED_PROJECTS_LINK}`,
          ),
        );
      }
      return rows;
    });
    this.mail.kick();
    return changed.map((row) => row.id);
  }

  /** One pledge's reward marked sent: 409 when it cannot be (not collected, no reward). */
  async markOneSent(donationId: number, caller: AccessClaims, trackingUrl?: string) {
    const { donation } = await this.ownDonation(donationId, caller, 'see_backers');
    if (donation.fulfilment_status !== null) {
      return { fulfilment_status: donation.fulfilment_status, tracking_url: donation.tracking_url };
    }
    if (donation.reward_id === null) {
      throw new AppError('CONFLICT', 'api.tools.noReward');
    }
    if (donation.status !== 'SUCCEEDED') {
      throw new AppError('CONFLICT', 'api.tools.notCollectedReward');
    }
    await this.markSent(donation.project_id, caller, [donationId], trackingUrl);
    const now = await findDonation(this.db, donationId);
    return { fulfilment_status: now?.fulfilment_status ?? null, tracking_url: now?.tracking_url ?? null };
  }

  /**
   * Refunds a collected pledge in full through the provider. Whether it may be refunded is decided on the pledge's
   * locked row (`refundable`); RefundService.refund is keyed per pledge and its record is a guarded transition, so
   * however many requests race, one refund is recorded; the others get 409.
   */
  async refund(donationId: number, caller: AccessClaims) {
    const { donation, project } = await this.ownDonation(donationId, caller, 'run');
    await this.refundable(donation.id, project.id);
    const applied = await this.refunds.refund(donation.id);
    if (!applied) {
      const now = await findDonation(this.db, donation.id);
      if (now?.status === 'REFUNDED') throw new AppError('CONFLICT', TOOLS_MESSAGES.alreadyRefunded);
      throw new AppError('CONFLICT', 'api.tools.notCollectedRefund');
    }
    await this.db.transaction().execute(async (trx) => {
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'donation.refund',
        targetType: 'donation',
        targetId: donation.id,
        projectId: project.id,
        reason: null,
        details: {
          amount_cents: donation.amount_cents,
          by: project.creator_id === caller.userId ? 'creator' : 'admin',
        },
      });
      const donor = await trx
        .selectFrom('users')
        .select(['email', 'full_name', 'username', 'locale', 'last_locale'])
        .where('id', '=', donation.donor_id)
        .executeTakeFirst();
      if (donor) {
        await this.mail.enqueue(trx, donor, (t) =>
          toolMails.refunded(
            t,
            donor.email,
            donor.full_name || donor.username,
            project.title,
            { cents: donation.amount_cents, currency: donation.currency },
            `${this.appUrl}/donation/success?donation_id=${donation.id}`,
          ),
        );
      }
    });
    this.mail.kick();
    return {
      donation_id: donation.id,
      currency: donation.currency,
      status: 'REFUNDED' as const,
      amount: minorToMajor(donation.amount_cents, donation.currency),
    };
  }

  /**
   * Whether a pledge may be refunded, read in order on its locked row: a refund recorded since the caller first read
   * the pledge has committed by then, so a request that lost the race answers 409 already refunded, before any
   * balance. Only then the balance: while the pledge is still collected its money is in it, so the balance falls
   * short of it only when money was paid out to the creator (422).
   */
  private async refundable(donationId: number, projectId: number) {
    await this.db.transaction().execute(async (trx) => {
      const donation = await lockDonation(trx, { id: donationId });
      if (donation?.status === 'REFUNDED') throw new AppError('CONFLICT', TOOLS_MESSAGES.alreadyRefunded);
      // A running plan of instalments (DESIGN.md §20) is refunded for what was paid (its plan ended first).
      if (donation?.status !== 'SUCCEEDED' && !(donation && isRunningPlan(donation))) {
        throw new AppError(
          'CONFLICT',
          donation?.status === 'PLEDGED' ? 'api.tools.notChargedYet' : 'api.tools.notCollectedRefund',
        );
      }
      // Money already paid out to the creator cannot be given back from the project's balance.
      const funds = await projectFunds(trx, projectId);
      const entry = await donationLedgerEntry(trx, donationId);
      if (entry && funds.availableCents < entry.net_cents) {
        throw new AppError('UNPROCESSABLE', 'api.tools.alreadyPaidOut');
      }
    });
  }

  /**
   * The funding curve: live pledges per day (every day from the start to today or the end), and per reward
   * (pledges without one under a title in the translator's language).
   */
  async dailyStats(projectId: number, caller: AccessClaims, translator: Translator): Promise<DailyStats> {
    const project = await this.ownProject(projectId, caller);
    const [perDay, perReward] = await Promise.all([
      pledgesPerDay(this.db, projectId),
      pledgesPerReward(this.db, projectId),
    ]);
    const byDay = new Map(perDay.map((row) => [row.day, row]));
    const today = todayUtc(this.clock());
    const firstPledge = perDay[0]?.day;
    const lastPledge = perDay.at(-1)?.day;
    let first = project.start_date ?? firstPledge ?? today;
    if (firstPledge && firstPledge < first) first = firstPledge;
    let last = project.end_date && project.end_date < today ? project.end_date : today;
    if (lastPledge && lastPledge > last) last = lastPledge;
    if (last < first) last = first;
    const days: DailyStats['days'] = [];
    let cumulative = 0;
    for (
      let time = Date.parse(`${first}T00:00:00Z`), n = 0;
      time <= Date.parse(`${last}T00:00:00Z`) && n < MAX_CURVE_DAYS;
      time += MS_PER_DAY, n += 1
    ) {
      const day = new Date(time).toISOString().slice(0, 10);
      const row = byDay.get(day);
      cumulative += row?.cents ?? 0;
      days.push({
        date: day,
        pledges: row?.pledges ?? 0,
        amount: minorToMajor(row?.cents ?? 0, project.currency),
        cumulative_amount: minorToMajor(cumulative, project.currency),
      });
    }
    return {
      goal_amount:
        project.goal_cents === null ? null : minorToMajor(Number(project.goal_cents), project.currency),
      currency: project.currency,
      days,
      rewards: perReward
        .filter((row) => row.rewardId !== null || row.backers > 0)
        .map((row) => ({
          reward_id: row.rewardId,
          title: row.title ?? translator.t('api.tools.withoutReward'),
          backers: row.backers,
          amount: minorToMajor(row.cents, project.currency),
        })),
    };
  }
}

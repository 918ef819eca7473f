import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ADD_ON_MESSAGES,
  ADD_ON_QUANTITY_MAX,
  type BackerSurvey,
  type BackerSurveyRequest,
  declineMessage,
  minorToMajor,
  MS_PER_DAY,
  percentOfMinor,
  PLEDGE_MESSAGES,
  shippingRuleFor,
  type ShippingAddress,
  type Survey,
  SURVEY_MESSAGES,
  SURVEY_REMINDER_DAYS,
  type SurveyQuestion,
  type SurveyRequest,
} from '@fundry/shared';
import type { DB, SurveyChargeLine } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { findAddOns, listAddOns, pledgeLinesOf } from '../add-ons/add-ons.repository';
import type { AccessClaims } from '../auth/tokens';
import type { MailService } from '../mail/mail.service';
import type { KeyedMessage } from '../../i18n';
import { moveLateCounters } from '../late-pledges/late-pledges.repository';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import { lockDonation, moveProjectCounters } from '../payments/payments.repository';
import type { Clock, PaymentService } from '../payments/payments.service';
import { processingFeeCents } from '../payments/provider';
import type { ProjectAccess } from '../projects/project-access';
import { findReward } from '../rewards/rewards.repository';
import { surveyMails } from './surveys.mail';
import {
  addPledgeLines,
  claimAddOnStock,
  claimDueReminders,
  claimStaleCharges,
  findResponse,
  findSurvey,
  hasUncollected,
  type Invitee,
  inviteCollected,
  listQuestions,
  lockSurvey,
  type QuestionRow,
  responseCounts,
  unclaimAddOnStock,
} from './surveys.repository';

/** A pending survey charge whose last attempt is this old lost its caller (a crash, no answer): the job resumes it. */
export const SURVEY_CHARGE_LEASE_MS = 2 * 60_000;

type ChargeOutcome = 'succeeded' | 'declined' | 'pending';
/** How a survey charge settled; a declined one with the provider's code (shared declineMessage), when it gave one. */
interface ChargeSettled {
  outcome: ChargeOutcome;
  declineCode: string | null;
}

/** Written any time after launch (DESIGN.md §17). */
const WRITABLE_STATUSES = new Set(['ACTIVE', 'SUCCESSFUL', 'FAILED']);
const BATCH = 500;

const toQuestion = (row: QuestionRow): SurveyQuestion => ({
  id: row.id,
  reward_id: row.reward_id,
  add_on_id: row.add_on_id,
  kind: row.kind,
  prompt: row.prompt,
  options: row.options,
  required: row.required,
});

/** The backer's page of the survey of a pledge. */
export const surveyPath = (donationId: number) => `/backed-projects/${donationId}/survey`;

/**
 * The backer survey (DESIGN.md §17): written by the creator after launch, sent once the pledges are collected,
 * answered (and changed) by each collected backer until the creator locks it; add-ons bought in it are charged
 * with the pledge's saved card; those who have not answered are reminded every 2 days.
 */
export class SurveyService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly payments: PaymentService,
    private readonly mail: MailService,
    private readonly appUrl: string,
    private readonly platformFeePercent: number,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ------------------------------------------------------------------------------------------ the creator's

  async get(projectId: number, caller: AccessClaims): Promise<Survey> {
    const project = await this.manager(projectId, caller);
    return this.view(project);
  }

  /** The whole set of questions from now on: listed ids kept (and their answers), others removed. */
  async put(projectId: number, caller: AccessClaims, input: SurveyRequest): Promise<Survey> {
    const project = await this.manager(projectId, caller);
    if (!WRITABLE_STATUSES.has(project.status)) throw new AppError('CONFLICT', SURVEY_MESSAGES.notLaunched);
    const rewardIds = input.questions.flatMap((q) => (q.reward_id === null ? [] : [q.reward_id]));
    const addOnIds = input.questions.flatMap((q) => (q.add_on_id === null ? [] : [q.add_on_id]));
    const [rewards, addOns] = await Promise.all([
      rewardIds.length === 0
        ? []
        : this.db
            .selectFrom('rewards')
            .select('id')
            .where('project_id', '=', projectId)
            .where('id', 'in', rewardIds)
            .execute(),
      findAddOns(this.db, projectId, addOnIds),
    ]);
    const known = { rewards: new Set(rewards.map((r) => r.id)), addOns: new Set(addOns.map((a) => a.id)) };
    input.questions.forEach((q, index) => {
      if (
        (q.reward_id !== null && !known.rewards.has(q.reward_id)) ||
        (q.add_on_id !== null && !known.addOns.has(q.add_on_id))
      ) {
        throw new AppError('VALIDATION_ERROR', SURVEY_MESSAGES.unknownTarget, {
          [`questions.${index}`]: [SURVEY_MESSAGES.unknownTarget],
        });
      }
    });
    await this.db.transaction().execute(async (trx) => {
      const survey = await lockSurvey(trx, projectId);
      if (survey.locked_at !== null) throw new AppError('CONFLICT', SURVEY_MESSAGES.locked);
      const existing = new Map((await listQuestions(trx, projectId)).map((q) => [q.id, q]));
      const kept = new Set<number>();
      for (const [position, q] of input.questions.entries()) {
        const values = {
          position,
          kind: q.kind,
          prompt: q.prompt,
          options: JSON.stringify(q.kind === 'choice' ? q.options : []),
          required: q.required,
          reward_id: q.reward_id,
          add_on_id: q.add_on_id,
        };
        if (q.id !== undefined) {
          if (!existing.has(q.id) || kept.has(q.id)) {
            throw new AppError('VALIDATION_ERROR', SURVEY_MESSAGES.unknownQuestion, {
              [`questions.${position}.id`]: [SURVEY_MESSAGES.unknownQuestion],
            });
          }
          kept.add(q.id);
          await trx.updateTable('survey_questions').set(values).where('id', '=', q.id).execute();
        } else {
          await trx
            .insertInto('survey_questions')
            .values({ project_id: projectId, ...values })
            .execute();
        }
      }
      const gone = [...existing.keys()].filter((id) => !kept.has(id));
      if (gone.length > 0) {
        // Once sent, a removed question is hidden, not deleted: the answers it had stay in the CSV.
        if (survey.sent_at !== null) {
          await trx
            .updateTable('survey_questions')
            .set({ removed_at: this.clock() })
            .where('id', 'in', gone)
            .execute();
        } else {
          await trx.deleteFrom('survey_questions').where('id', 'in', gone).execute();
        }
      }
      await trx
        .updateTable('surveys')
        .set({ updated_at: this.clock() })
        .where('project_id', '=', projectId)
        .execute();
    });
    return this.view(project);
  }

  /** Sends the survey to every collected backer: 409 before the pledges are collected, or twice. */
  async send(projectId: number, caller: AccessClaims): Promise<Survey> {
    const project = await this.manager(projectId, caller);
    if (!(await this.collected(project))) throw new AppError('CONFLICT', SURVEY_MESSAGES.notCollected);
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const survey = await lockSurvey(trx, projectId);
      if (survey.sent_at !== null) throw new AppError('CONFLICT', SURVEY_MESSAGES.alreadySent);
      await trx
        .updateTable('surveys')
        .set({ sent_at: now, updated_at: now })
        .where('project_id', '=', projectId)
        .execute();
      await this.invite(trx, await inviteCollected(trx, now, projectId));
    });
    this.mail.kick();
    return this.view(project);
  }

  /** No more answers or changes; reminders stop. Locking again changes nothing. */
  async lock(projectId: number, caller: AccessClaims): Promise<Survey> {
    const project = await this.manager(projectId, caller);
    await this.db.transaction().execute(async (trx) => {
      const survey = await lockSurvey(trx, projectId);
      if (survey.sent_at === null) throw new AppError('CONFLICT', SURVEY_MESSAGES.notSent);
      if (survey.locked_at === null) {
        await trx
          .updateTable('surveys')
          .set({ locked_at: this.clock(), updated_at: this.clock() })
          .where('project_id', '=', projectId)
          .execute();
      }
    });
    return this.view(project);
  }

  // ------------------------------------------------------------------------------------------ the job

  /**
   * The reminder job: asks collected pledges the survey has not reached yet (late pledges), then reminds those who
   * have not answered, each at most once per 2 days, until the survey is locked. Returns how many mails it queued.
   */
  async remind(): Promise<number> {
    const now = this.clock();
    let queued = 0;
    queued += await this.db.transaction().execute(async (trx) => {
      const invited = await inviteCollected(trx, now);
      await this.invite(trx, invited);
      return invited.length;
    });
    const dueBefore = new Date(now.getTime() - SURVEY_REMINDER_DAYS * MS_PER_DAY);
    for (;;) {
      const claimed = await this.db.transaction().execute(async (trx) => {
        const due = await claimDueReminders(trx, now, dueBefore, BATCH);
        await this.mail.enqueueAll(trx, due, (t, r) =>
          surveyMails.reminder(t, r.email, r.name, r.title, this.link(r.donation_id)),
        );
        return due.length;
      });
      queued += claimed;
      if (claimed < BATCH) break;
    }
    if (queued > 0) {
      this.log.info({ queued }, 'survey invitations and reminders queued');
      this.mail.kick();
    }
    return queued;
  }

  // ------------------------------------------------------------------------------------------ the backer's

  async backerGet(donationId: number, caller: AccessClaims): Promise<BackerSurvey> {
    const { donation } = await this.asked(donationId, caller);
    return this.backerView(donation.id);
  }

  async backerPut(donationId: number, caller: AccessClaims, input: BackerSurveyRequest) {
    await this.asked(donationId, caller);
    const now = this.clock();
    const pending = await this.db.transaction().execute(async (trx) => {
      const donation = await lockDonation(trx, { id: donationId });
      if (!donation || donation.status !== 'SUCCEEDED') throw notFound('survey');
      const survey = await findSurvey(trx, donation.project_id);
      if (!survey?.sent_at) throw notFound('survey');
      if (survey.locked_at !== null) throw new AppError('CONFLICT', SURVEY_MESSAGES.locked);
      const held = await pledgeLinesOf(trx, [donationId]);
      const questions = applying(await listQuestions(trx, donation.project_id), donation.reward_id, held);
      const answers = checkAnswers(questions, input.answers);

      const reward =
        donation.reward_id === null
          ? null
          : ((await findReward(trx, donation.project_id, donation.reward_id)) ?? null);
      const wanted = await this.addOnsWanted(trx, donation, reward?.id ?? null, held, input.add_ons);
      const heldAddOns = await findAddOns(
        trx,
        donation.project_id,
        held.map((line) => line.add_on_id),
      );
      const ships =
        (reward !== null && reward.shipping_type !== 'none') ||
        heldAddOns.some((a) => a.shipping_rules.length > 0) ||
        wanted.some((a) => a.shipping_rules.length > 0);
      const address =
        input.shipping_address === undefined ? donation.shipping_address : input.shipping_address;
      if (ships && !address) {
        throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.addressRequired, {
          shipping_address: [PLEDGE_MESSAGES.addressRequired],
        });
      }
      const costTo = (rules: { country: string; cost_cents: number }[]) => {
        const rule = shippingRuleFor(rules, (address as ShippingAddress).country);
        if (!rule) {
          throw new AppError('UNPROCESSABLE', PLEDGE_MESSAGES.notShippedThere, {
            'shipping_address.country': [PLEDGE_MESSAGES.notShippedThere],
          });
        }
        return rule.cost_cents;
      };
      if (ships) {
        if (reward && reward.shipping_type !== 'none') costTo(reward.shipping_rules);
        for (const addOn of heldAddOns) if (addOn.shipping_rules.length > 0) costTo(addOn.shipping_rules);
      }
      const lines: SurveyChargeLine[] = wanted.map((addOn) => ({
        add_on_id: addOn.id,
        quantity: addOn.quantity,
        price_cents: addOn.price_cents,
        shipping_cents: addOn.shipping_rules.length > 0 ? costTo(addOn.shipping_rules) * addOn.quantity : 0,
      }));

      await trx
        .updateTable('survey_responses')
        .set({ answers: JSON.stringify(answers), answered_at: now, updated_at: now })
        .where('donation_id', '=', donationId)
        .execute();
      if (ships)
        await trx
          .updateTable('donations')
          .set({ shipping_address: address, updated_at: now })
          .where('id', '=', donationId)
          .execute();
      if (lines.length === 0) return null;
      if (!donation.payment_method) throw new AppError('UNPROCESSABLE', SURVEY_MESSAGES.noCard);
      // Stock is claimed before the charge (in add-on id order) and given back if the card is declined.
      for (const line of [...lines].sort((a, b) => a.add_on_id - b.add_on_id)) {
        if (!(await claimAddOnStock(trx, line.add_on_id, line.quantity))) {
          const title = wanted.find((a) => a.id === line.add_on_id)?.title ?? '';
          throw new AppError('CONFLICT', ADD_ON_MESSAGES.soldOut, undefined, undefined, { title });
        }
      }
      const shipping = lines.reduce((sum, l) => sum + l.shipping_cents, 0);
      const amount = lines.reduce((sum, l) => sum + l.price_cents * l.quantity, shipping);
      const charge = await trx
        .insertInto('survey_charges')
        .values({
          donation_id: donationId,
          project_id: donation.project_id,
          amount_cents: amount,
          shipping_cents: shipping,
          currency: donation.currency,
          lines: JSON.stringify(lines),
          // The attempt below starts now: the resume job leaves it alone for a lease.
          attempted_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        chargeId: charge.id,
        amount,
        donation,
      };
    });

    const settled = pending ? await this.charge(pending.chargeId, pending.donation, pending.amount) : null;
    const message: KeyedMessage =
      settled?.outcome === 'declined'
        ? {
            key: SURVEY_MESSAGES.addOnDeclined,
            values: { reason: { message: declineMessage(settled.declineCode) } },
          }
        : {
            key:
              settled?.outcome === 'succeeded'
                ? SURVEY_MESSAGES.addOnCharged
                : settled?.outcome === 'pending'
                  ? SURVEY_MESSAGES.addOnPending
                  : SURVEY_MESSAGES.saved,
          };
    return {
      data: await this.backerView(donationId),
      add_on_charge:
        pending && settled
          ? {
              status: settled.outcome,
              amount: minorToMajor(pending.amount, pending.donation.currency),
              currency: pending.donation.currency,
            }
          : null,
      message,
    };
  }

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
  private async charge(
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

  // ------------------------------------------------------------------------------------------ helpers

  /** The project's creator or an admin (SPEC §6's rule for what a project offers). */
  private manager(projectId: number, caller: AccessClaims) {
    return this.access.authorize(projectId, caller, 'offer', 'api.surveys.onlyCreator');
  }

  /**
   * Collected: every pledge charged. A flexible campaign's pledges were charged at checkout, so once it ended it is;
   * an all-or-nothing one once it succeeded and its collection left nothing PLEDGED or COLLECTING.
   */
  private async collected(project: { id: number; status: string; funding_model: string }) {
    const ended =
      project.status === 'SUCCESSFUL' ||
      (project.status === 'FAILED' && project.funding_model === 'flexible');
    return ended && !(await hasUncollected(this.db, project.id));
  }

  private async view(project: { id: number; status: string; funding_model: string }): Promise<Survey> {
    const [survey, questions, counts, collected] = await Promise.all([
      findSurvey(this.db, project.id),
      listQuestions(this.db, project.id),
      responseCounts(this.db, project.id),
      this.collected(project),
    ]);
    return {
      project_id: project.id,
      questions: questions.map(toQuestion),
      sent_at: survey?.sent_at?.toISOString() ?? null,
      locked_at: survey?.locked_at?.toISOString() ?? null,
      collected,
      ...counts,
    };
  }

  /** Notices and mails of the invitation, in bulk, each in its backer's language. */
  private async invite(trx: Kysely<DB>, invited: Invitee[]) {
    await insertNotifications(
      trx,
      invited.map((i) => ({
        userId: i.donor_id,
        type: 'SURVEY',
        message: { key: 'api.notification.surveySent', values: { title: i.title } },
        projectId: i.project_id,
        link: surveyPath(i.donation_id),
      })),
    );
    await this.mail.enqueueAll(trx, invited, (t, i) =>
      surveyMails.invitation(t, i.email, i.name, i.title, this.link(i.donation_id)),
    );
  }

  private link(donationId: number) {
    return `${this.appUrl}${surveyPath(donationId)}`;
  }

  /**
   * The caller's own collected pledge whose project's survey was sent (404 for anyone else, as every call on a
   * backer's pledge); a pledge collected after the send is asked now.
   */
  private async asked(donationId: number, caller: AccessClaims) {
    const donation = await this.db
      .selectFrom('donations')
      .selectAll()
      .where('id', '=', donationId)
      .executeTakeFirst();
    if (!donation || donation.donor_id !== caller.userId || donation.status !== 'SUCCEEDED')
      throw notFound('survey');
    const survey = await findSurvey(this.db, donation.project_id);
    if (!survey?.sent_at) throw notFound('survey');
    if (!(await findResponse(this.db, donationId))) {
      if (survey.locked_at !== null) throw notFound('survey');
      await this.db
        .insertInto('survey_responses')
        .values({ donation_id: donationId, project_id: donation.project_id, invited_at: this.clock() })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return { donation, survey };
  }

  private async addOnsWanted(
    trx: Kysely<DB>,
    donation: { project_id: number },
    rewardId: number | null,
    held: { add_on_id: number; quantity: number }[],
    requested: { add_on_id: number; quantity: number }[],
  ) {
    const rows = await findAddOns(
      trx,
      donation.project_id,
      requested.map((l) => l.add_on_id),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return requested.map(({ add_on_id, quantity }) => {
      const addOn = byId.get(add_on_id);
      if (!addOn) throw notFound('addOn');
      if (
        addOn.available_with.length > 0 &&
        (rewardId === null || !addOn.available_with.includes(rewardId))
      ) {
        throw new AppError(
          'VALIDATION_ERROR',
          ADD_ON_MESSAGES.notWithReward,
          { add_ons: [ADD_ON_MESSAGES.notWithReward] },
          undefined,
          {
            title: addOn.title,
          },
        );
      }
      const already = held.find((line) => line.add_on_id === add_on_id)?.quantity ?? 0;
      if (already + quantity > ADD_ON_QUANTITY_MAX) {
        throw new AppError('VALIDATION_ERROR', ADD_ON_MESSAGES.quantity, {
          add_ons: [ADD_ON_MESSAGES.quantity],
        });
      }
      return { ...addOn, quantity };
    });
  }

  private async backerView(donationId: number): Promise<BackerSurvey> {
    const donation = await this.db
      .selectFrom('donations as d')
      .innerJoin('projects as p', 'p.id', 'd.project_id')
      .leftJoin('rewards as r', 'r.id', 'd.reward_id')
      .select([
        'd.id',
        'd.project_id',
        'd.currency',
        'd.reward_id',
        'd.shipping_address',
        'd.payment_method',
        'p.title as project_title',
        'r.title as reward_title',
        'r.shipping_type',
      ])
      .where('d.id', '=', donationId)
      .executeTakeFirstOrThrow();
    const [survey, response, held, questions, addOns] = await Promise.all([
      findSurvey(this.db, donation.project_id),
      findResponse(this.db, donationId),
      pledgeLinesOf(this.db, [donationId]),
      listQuestions(this.db, donation.project_id),
      listAddOns(this.db, donation.project_id),
    ]);
    const locked = survey?.locked_at != null;
    const applies = applying(questions, donation.reward_id, held);
    const heldIds = new Set(held.map((line) => line.add_on_id));
    const shipsHeld = addOns.some((a) => heldIds.has(a.id) && a.shipping_rules.length > 0);
    const canBuy = !locked && donation.payment_method !== null;
    const country = donation.shipping_address?.country ?? null;
    const offered = canBuy
      ? addOns.flatMap((a) => {
          if (
            a.available_with.length > 0 &&
            (donation.reward_id === null || !a.available_with.includes(donation.reward_id))
          )
            return [];
          const remaining =
            a.quantity_available === null
              ? null
              : Math.max(0, a.quantity_available - a.quantity_claimed - a.quantity_reserved);
          const already = held.find((line) => line.add_on_id === a.id)?.quantity ?? 0;
          const max = Math.min(ADD_ON_QUANTITY_MAX - already, remaining ?? ADD_ON_QUANTITY_MAX);
          if (max <= 0) return [];
          const ships = a.shipping_rules.length > 0;
          const rule = ships && country ? shippingRuleFor(a.shipping_rules, country) : null;
          return [
            {
              id: a.id,
              title: a.title,
              description: a.description,
              price: minorToMajor(a.price_cents, donation.currency),
              currency: donation.currency,
              remaining,
              max_quantity: max,
              ships,
              shipping: ships ? (rule ? minorToMajor(rule.cost_cents, donation.currency) : null) : 0,
            },
          ];
        })
      : [];
    const answers = response?.answers ?? {};
    return {
      donation_id: donation.id,
      project_id: donation.project_id,
      project_title: donation.project_title,
      currency: donation.currency,
      reward:
        donation.reward_id !== null && donation.reward_title !== null
          ? { id: donation.reward_id, title: donation.reward_title }
          : null,
      questions: applies.map(toQuestion),
      answers: applies.flatMap((q) => {
        const value = answers[String(q.id)];
        return value === undefined ? [] : [{ question_id: q.id, value }];
      }),
      answered_at: response?.answered_at?.toISOString() ?? null,
      locked,
      needs_address: (donation.shipping_type !== null && donation.shipping_type !== 'none') || shipsHeld,
      shipping_address: donation.shipping_address
        ? {
            name: donation.shipping_address.name,
            line1: donation.shipping_address.line1,
            line2: donation.shipping_address.line2 ?? null,
            city: donation.shipping_address.city,
            region: donation.shipping_address.region ?? null,
            postal_code: donation.shipping_address.postal_code,
            country: donation.shipping_address.country,
          }
        : null,
      add_ons: offered,
      can_buy_add_ons: canBuy,
    };
  }
}

/** The questions that apply to a pledge: its reward's, its add-ons', and those for every pledge. */
function applying(questions: QuestionRow[], rewardId: number | null, held: { add_on_id: number }[]) {
  const addOns = new Set(held.map((line) => line.add_on_id));
  return questions.filter(
    (q) =>
      (q.reward_id === null && q.add_on_id === null) ||
      (q.reward_id !== null && q.reward_id === rewardId) ||
      (q.add_on_id !== null && addOns.has(q.add_on_id)),
  );
}

/** The answers as stored, each checked against its question; a required one left out is a 400 naming it. */
function checkAnswers(questions: QuestionRow[], answers: { question_id: number; value: string }[]) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const stored: Record<string, string> = {};
  for (const answer of answers) {
    const question = byId.get(answer.question_id);
    if (!question) {
      throw new AppError('VALIDATION_ERROR', SURVEY_MESSAGES.unknownQuestion, {
        [`answers.${answer.question_id}`]: [SURVEY_MESSAGES.unknownQuestion],
      });
    }
    if (answer.value === '') continue;
    if (question.kind === 'choice' && !question.options.includes(answer.value)) {
      throw new AppError(
        'VALIDATION_ERROR',
        SURVEY_MESSAGES.notAnOption,
        { [`answers.${question.id}`]: [SURVEY_MESSAGES.notAnOption] },
        undefined,
        { prompt: question.prompt },
      );
    }
    stored[String(question.id)] = answer.value;
  }
  const missing = questions.find((q) => q.required && stored[String(q.id)] === undefined);
  if (missing) {
    throw new AppError(
      'VALIDATION_ERROR',
      SURVEY_MESSAGES.requiredMissing,
      { [`answers.${missing.id}`]: [SURVEY_MESSAGES.requiredMissing] },
      undefined,
      { prompt: missing.prompt },
    );
  }
  return stored;
}

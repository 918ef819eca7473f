import { declineMessage } from '@fundry/shared';
import type { ReportResolution } from '../../db/schema';
import type { KeyedMessage, Money } from '../../i18n';

/** Who did something, or "Someone" in the reader's language when their account is gone. */
export const actor = (name: string | null | undefined) => name || { message: 'api.notification.someone' };

const REPORT_RESOLVED: Record<ReportResolution, string> = {
  dismissed: 'api.notification.reportDismissed',
  project_rejected: 'api.notification.reportProjectRemoved',
  comment_removed: 'api.notification.reportCommentRemoved',
};

/**
 * What each notification says: a catalog key and its arguments, stored so that it is written in the reader's
 * language when listed (amounts in minor units with their currency, dates as `YYYY-MM-DD`). Some mails say the same (campaign result,
 * payout, pledges to a creator's project) and write these too.
 */
export const notificationMessages = {
  campaignSucceeded: (title: string, raised: Money): KeyedMessage => ({
    key: 'api.notification.campaignSucceeded',
    values: { title, raised: { ...raised } },
  }),
  /** An all-or-nothing campaign that missed its goal: its pledges are released. */
  campaignReleased: (title: string): KeyedMessage => ({
    key: 'api.notification.campaignReleased',
    values: { title },
  }),
  campaignEnded: (title: string, raised: Money): KeyedMessage => ({
    key: 'api.notification.campaignEnded',
    values: { title, raised: { ...raised } },
  }),
  backedFundedCharging: (title: string): KeyedMessage => ({
    key: 'api.notification.backedFundedCharging',
    values: { title },
  }),
  backedFunded: (title: string): KeyedMessage => ({
    key: 'api.notification.backedFunded',
    values: { title },
  }),
  backedReleased: (title: string): KeyedMessage => ({
    key: 'api.notification.backedReleased',
    values: { title },
  }),
  backedEnded: (title: string): KeyedMessage => ({ key: 'api.notification.backedEnded', values: { title } }),
  /**
   * A campaign ended early (DESIGN.md §18): cancelled by its creator, with their message (to its backers), or
   * suspended by an admin, with the reason (worded in the reader's language) and the admin's message (to its backers
   * and its creator).
   */
  backedCanceled: (title: string, message: string): KeyedMessage => ({
    key: 'api.notification.backedCanceled',
    values: { title, message },
  }),
  backedSuspended: (title: string, reason: string, message: string): KeyedMessage => ({
    key: 'api.notification.backedSuspended',
    values: { title, reason, message },
  }),
  projectSuspended: (title: string, reason: string, message: string): KeyedMessage => ({
    key: 'api.notification.projectSuspended',
    values: { title, reason, message },
  }),
  /** A campaign put on hold (DESIGN.md §18), and one on hold that goes on; to its backers. */
  backedOnHold: (title: string): KeyedMessage => ({
    key: 'api.notification.backedOnHold',
    values: { title },
  }),
  backedResumed: (title: string): KeyedMessage => ({
    key: 'api.notification.backedResumed',
    values: { title },
  }),
  /** An all-or-nothing campaign whose end date passed while on hold: FAILED, its pledges released. */
  campaignHeldReleased: (title: string): KeyedMessage => ({
    key: 'api.notification.campaignHeldReleased',
    values: { title },
  }),
  backedHeldReleased: (title: string): KeyedMessage => ({
    key: 'api.notification.backedHeldReleased',
    values: { title },
  }),
  pledgeDropped: (title: string, amount: Money): KeyedMessage => ({
    key: 'api.notification.pledgeDropped',
    values: { title, amount: { ...amount, fractionDigits: 2 } },
  }),
  /** `fixBy` is the last day to fix the payment (`YYYY-MM-DD`); `code` why the card was declined, as stored. */
  paymentDeclined: (title: string, amount: Money, fixBy: string, code: string | null): KeyedMessage => ({
    key: 'api.notification.paymentDeclined',
    values: {
      title,
      amount: { ...amount, fractionDigits: 2 },
      date: { date: fixBy },
      reason: { message: declineMessage(code) },
    },
  }),
  /** A plan of instalments ended unpaid (DESIGN.md §20): `paid` stays paid. */
  planDefaulted: (title: string, paid: Money): KeyedMessage => ({
    key: 'api.notification.planDefaulted',
    values: { title, paid: { ...paid, fractionDigits: 2 } },
  }),
  backed: (name: string, title: string, amount: Money): KeyedMessage => ({
    key: 'api.notification.backed',
    values: { name, title, amount: { ...amount } },
  }),
  backerJoined: (name: string, title: string): KeyedMessage => ({
    key: 'api.notification.backerJoined',
    values: { name, title },
  }),
  goalReached: (title: string): KeyedMessage => ({ key: 'api.notification.goalReached', values: { title } }),
  /** A project one asked to be told of, saved, or whose creator one follows, has launched (DESIGN.md §19). */
  projectLaunched: (title: string, endsOn: string): KeyedMessage => ({
    key: 'api.notification.projectLaunched',
    values: { title, date: { date: endsOn } },
  }),
  stretchGoalReached: (title: string, goal: string, amount: Money): KeyedMessage => ({
    key: 'api.notification.stretchGoalReached',
    values: { title, goal, amount: { ...amount } },
  }),
  refunded: (title: string, amount: Money): KeyedMessage => ({
    key: 'api.notification.refunded',
    values: { title, amount: { ...amount } },
  }),
  /** Add-ons bought in the survey whose charge was confirmed after the backer left the page (decision 026). */
  surveyAddOnsCharged: (title: string, amount: Money): KeyedMessage => ({
    key: 'api.notification.surveyAddOnsCharged',
    values: { title, amount: { ...amount, fractionDigits: 2 } },
  }),
  /** `code` is why the card was declined, as the survey's charge stores it. */
  surveyAddOnsDeclined: (title: string, amount: Money, code: string | null): KeyedMessage => ({
    key: 'api.notification.surveyAddOnsDeclined',
    values: { title, amount: { ...amount, fractionDigits: 2 }, reason: { message: declineMessage(code) } },
  }),
  pledgeChanged: (name: string, title: string, amount: Money, reward: string | null): KeyedMessage => ({
    key: 'api.notification.pledgeChanged',
    values: {
      name,
      title,
      amount: { ...amount, fractionDigits: 2 },
      hasReward: reward === null ? 'no' : 'yes',
      reward: reward ?? '',
    },
  }),
  pledgeCanceled: (name: string, title: string, amount: Money): KeyedMessage => ({
    key: 'api.notification.pledgeCanceled',
    values: { name, title, amount: { ...amount, fractionDigits: 2 } },
  }),
  commentReply: (name: string | null | undefined, title: string): KeyedMessage => ({
    key: 'api.notification.commentReply',
    values: { name: actor(name), title },
  }),
  comment: (name: string | null | undefined, title: string): KeyedMessage => ({
    key: 'api.notification.comment',
    values: { name: actor(name), title },
  }),
  updatePosted: (project: string, number: number, title: string): KeyedMessage => ({
    key: 'api.notification.updatePosted',
    values: { project, number, title },
  }),
  payoutCompleted: (amount: Money): KeyedMessage => ({
    key: 'api.notification.payoutCompleted',
    values: { amount: { ...amount } },
  }),
  payoutFailed: (amount: Money): KeyedMessage => ({
    key: 'api.notification.payoutFailed',
    values: { amount: { ...amount } },
  }),
  /** A reward marked sent, with the parcel's tracking link when the creator gave one. */
  rewardSent: (reward: string, title: string, trackingUrl: string | null): KeyedMessage =>
    trackingUrl
      ? { key: 'api.notification.rewardSentTracked', values: { reward, title, url: trackingUrl } }
      : { key: 'api.notification.rewardSent', values: { reward, title } },
  /** A project submitted for review, to the admins; one without a title yet says so. */
  submitted: (title: string): KeyedMessage => ({
    key: 'api.notification.submitted',
    values: { title: title || { message: 'api.notification.untitledProject' } },
  }),
  reportResolved: (resolution: ReportResolution, title: string): KeyedMessage => ({
    key: REPORT_RESOLVED[resolution],
    values: { title },
  }),
  /** A report of a person was reviewed: what was done to the account is the admins' and the person's to know. */
  personReportReviewed: (name: string): KeyedMessage => ({
    key: 'api.notification.reportPersonReviewed',
    values: { name },
  }),
  /** Possible card testing (DESIGN.md §18), to the admins: too many declines from one account or address. */
  cardTesting: (subject: { account: string } | { ip: string }, declines: number): KeyedMessage =>
    'account' in subject
      ? { key: 'api.notification.cardTestingAccount', values: { name: subject.account, count: declines } }
      : { key: 'api.notification.cardTestingIp', values: { ip: subject.ip, count: declines } },
};

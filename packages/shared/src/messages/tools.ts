import type { DonationStatusName } from '../rules/pledges';

export const REASON_MAX = 1000;

export const TOOLS_MESSAGES = {
  reasonRequired: 'msg.tools.reasonRequired',
  reasonTooLong: 'msg.tools.reasonTooLong',
  alreadyReported: 'msg.tools.alreadyReported',
  reported: 'msg.tools.reported',
  alreadyRefunded: 'msg.tools.alreadyRefunded',
  refunded: 'msg.tools.refunded',
  marked: 'msg.tools.marked',
} as const;

/** The pledge statuses a creator sees and filters by, with the catalog key of each one's name. */
export const BACKER_STATUS_KEYS: Partial<Record<DonationStatusName, string>> = {
  PLEDGED: 'creatorTools.backers.status.pledged',
  COLLECTING: 'creatorTools.backers.status.collecting',
  SUCCEEDED: 'creatorTools.backers.status.succeeded',
  PAYMENT_FAILED: 'creatorTools.backers.status.paymentFailed',
  REFUNDED: 'creatorTools.backers.status.refunded',
  CANCELED: 'creatorTools.backers.status.canceled',
  RELEASED: 'creatorTools.backers.status.released',
  DROPPED: 'creatorTools.backers.status.dropped',
};

export const AUDIT_ACTIONS = [
  'project.activate',
  'project.reject',
  'project.feature',
  'project.unfeature',
  'category.create',
  'category.rename',
  'category.delete',
  'comment.remove',
  'report.resolve',
  'donation.refund',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

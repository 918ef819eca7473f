import type { DonationStatusName } from '../rules/pledges';

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
  DEFAULTED: 'creatorTools.backers.status.defaulted',
};

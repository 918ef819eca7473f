import type { Donation } from '@fundry/shared';

/** How each pledge state reads to its backer (a message key), and its badge colour (DESIGN.md §10). */
export const PLEDGE_STATUS: Record<Donation['status'], { label: string; color: string }> = {
  PENDING: { label: 'backing.status.pending', color: 'yellow' },
  PLEDGED: { label: 'backing.status.pledged', color: 'teal' },
  COLLECTING: { label: 'backing.status.collecting', color: 'blue' },
  SUCCEEDED: { label: 'backing.status.succeeded', color: 'green' },
  PAYMENT_FAILED: { label: 'backing.status.paymentFailed', color: 'red' },
  CANCELED: { label: 'backing.status.canceled', color: 'gray' },
  RELEASED: { label: 'backing.status.released', color: 'gray' },
  DROPPED: { label: 'backing.status.dropped', color: 'gray' },
  EXPIRED: { label: 'backing.status.expired', color: 'gray' },
  FAILED: { label: 'backing.status.failed', color: 'red' },
  REFUNDED: { label: 'backing.status.refunded', color: 'blue' },
  DEFAULTED: { label: 'backing.status.defaulted', color: 'orange' },
};

/** The states in which the backer backs the project (the counters count them). */
export const isLivePledge = (status: Donation['status']) =>
  status === 'PLEDGED' || status === 'COLLECTING' || status === 'SUCCEEDED' || status === 'PAYMENT_FAILED';

import type { Donation } from '@fundry/shared';
import { countryName } from './components/countries';

/** How each pledge state reads to its backer, and its badge colour (DESIGN.md §10). */
export const PLEDGE_STATUS: Record<Donation['status'], { label: string; color: string }> = {
  PENDING: { label: 'Checkout open', color: 'yellow' },
  PLEDGED: { label: 'Pledged', color: 'teal' },
  COLLECTING: { label: 'Being charged', color: 'blue' },
  SUCCEEDED: { label: 'Charged', color: 'green' },
  PAYMENT_FAILED: { label: 'Payment failed', color: 'red' },
  CANCELED: { label: 'Cancelled', color: 'gray' },
  RELEASED: { label: 'Released: not funded', color: 'gray' },
  DROPPED: { label: 'Dropped', color: 'gray' },
  EXPIRED: { label: 'Expired', color: 'gray' },
  FAILED: { label: 'Failed', color: 'red' },
  REFUNDED: { label: 'Refunded', color: 'blue' },
};

/** The states in which the backer backs the project (the counters count them). */
export const isLivePledge = (status: Donation['status']) =>
  status === 'PLEDGED' || status === 'COLLECTING' || status === 'SUCCEEDED' || status === 'PAYMENT_FAILED';

/** A shipping address on one line: name, street, city, region, postal code, country. */
export function formatAddress(address: NonNullable<Donation['shipping_address']>) {
  return [
    address.name,
    address.line1,
    address.line2,
    address.city,
    address.region,
    address.postal_code,
    countryName(address.country),
  ]
    .filter(Boolean)
    .join(', ');
}

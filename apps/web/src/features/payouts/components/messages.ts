import { PAYOUT_MESSAGES } from '@fundry/shared';

/** The payout and bank-account texts of SPEC §8, word for word. */
export const PAYOUT_UI_MESSAGES = {
  loadFailed: 'Failed to load payout information',
  linkFailed: 'Failed to generate bank connection link',
  connectFailed: 'Failed to connect bank account',
  notEligible: 'You are not eligible for a payout at this time',
  requestFailed: 'Failed to process payout request',
  requested: PAYOUT_MESSAGES.requested,
  invalidAmount: PAYOUT_MESSAGES.invalidAmount,
  decimals: PAYOUT_MESSAGES.decimals,
  overAvailable: PAYOUT_MESSAGES.overAvailable,
  noMoreHistory: 'No more payout history to load',
  moreHistoryFailed: 'Failed to load additional payout history',
  /** The special insufficient-funds message: the connected payment account, often a test-mode issue. */
  insufficientFunds:
    'Insufficient funds in the connected payment account. This is often a test-mode issue: the test balance must hold funds before a transfer can be made. Please try again later.',
  noAccountInfo: 'No account information was received',
  notCompleted: 'Bank account connection process was not completed',
  callbackFailed: 'Something went wrong while checking your bank account connection. Please try again.',
} as const;

/** Readable words for the payment provider's requirement keys (requirements.currently_due). */
const REQUIREMENT_WORDS: Record<string, string> = {
  external_account: 'Bank account details',
  'individual.verification.document': 'Identity verification document',
  'individual.verification.additional_document': 'Additional identity document',
  'individual.id_number': 'Personal ID number',
  'individual.ssn_last_4': 'Last 4 digits of your SSN',
  'individual.dob.day': 'Date of birth',
  'individual.dob.month': 'Date of birth',
  'individual.dob.year': 'Date of birth',
  'individual.first_name': 'First name',
  'individual.last_name': 'Last name',
  'individual.email': 'Email address',
  'individual.phone': 'Phone number',
  'individual.address.line1': 'Address',
  'individual.address.city': 'Address',
  'individual.address.postal_code': 'Address',
  'individual.address.state': 'Address',
  'business_profile.url': 'Business website',
  'business_profile.mcc': 'Business category',
  business_type: 'Business type',
  'tos_acceptance.date': 'Acceptance of the terms of service',
  'tos_acceptance.ip': 'Acceptance of the terms of service',
};

/** One requirement key in words: a known key's label, else its last parts with the punctuation removed. */
export function requirementLabel(key: string): string {
  const known = REQUIREMENT_WORDS[key];
  if (known) return known;
  const words = key
    .split('.')
    .filter((part) => part !== 'individual' && part !== 'company')
    .join(' ')
    .replace(/_/g, ' ')
    .trim();
  const text = words || key;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The due requirements in words, each once. */
export function requirementLabels(keys: readonly string[]): string[] {
  return [...new Set(keys.map(requirementLabel))];
}

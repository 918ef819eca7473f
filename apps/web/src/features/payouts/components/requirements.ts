import type { Translator } from '@fundry/shared';

/** The message keys of the payment provider's requirement keys (requirements.currently_due). */
const REQUIREMENT_WORDS: Record<string, string> = {
  external_account: 'payouts.requirement.bankAccount',
  'individual.verification.document': 'payouts.requirement.identityDocument',
  'individual.verification.additional_document': 'payouts.requirement.additionalDocument',
  'individual.id_number': 'payouts.requirement.idNumber',
  'individual.ssn_last_4': 'payouts.requirement.ssnLast4',
  'individual.dob.day': 'payouts.requirement.birthDate',
  'individual.dob.month': 'payouts.requirement.birthDate',
  'individual.dob.year': 'payouts.requirement.birthDate',
  'individual.first_name': 'payouts.requirement.firstName',
  'individual.last_name': 'payouts.requirement.lastName',
  'individual.email': 'payouts.requirement.email',
  'individual.phone': 'payouts.requirement.phone',
  'individual.address.line1': 'payouts.requirement.address',
  'individual.address.city': 'payouts.requirement.address',
  'individual.address.postal_code': 'payouts.requirement.address',
  'individual.address.state': 'payouts.requirement.address',
  'business_profile.url': 'payouts.requirement.businessWebsite',
  'business_profile.mcc': 'payouts.requirement.businessCategory',
  business_type: 'payouts.requirement.businessType',
  'tos_acceptance.date': 'payouts.requirement.terms',
  'tos_acceptance.ip': 'payouts.requirement.terms',
};

/**
 * One requirement key in words: a known key's label in the reader's language, else (a key the platform does
 * not know yet) its last parts with the punctuation removed, as the provider wrote them.
 */
export function requirementLabel(i18n: Translator, key: string): string {
  const known = REQUIREMENT_WORDS[key];
  if (known) return i18n.t(known);
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
export function requirementLabels(i18n: Translator, keys: readonly string[]): string[] {
  return [...new Set(keys.map((key) => requirementLabel(i18n, key)))];
}

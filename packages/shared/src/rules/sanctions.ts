/**
 * Why an admin sanctions an account or suspends a project (DESIGN.md §18): one list for both, each with its wording
 * in the catalogs (SANCTION_REASON_KEYS).
 */
export const SANCTION_REASONS = ['fraud', 'spam', 'prohibited', 'intellectual_property', 'other'] as const;
export type SanctionReason = (typeof SANCTION_REASONS)[number];

/** A silence keeps a person to reading until a date; a suspension shuts the account until an admin reinstates it. */
export const SANCTION_KINDS = ['silence', 'suspend'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

/** Each reason's wording: the admin's select, the person's mail and a suspended project's page read it. */
export const SANCTION_REASON_KEYS = {
  fraud: 'common.sanctionReason.fraud',
  spam: 'common.sanctionReason.spam',
  prohibited: 'common.sanctionReason.prohibited',
  intellectual_property: 'common.sanctionReason.intellectualProperty',
  other: 'common.sanctionReason.other',
} as const satisfies Record<SanctionReason, string>;

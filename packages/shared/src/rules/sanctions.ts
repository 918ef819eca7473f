/** A silence keeps a person to reading until a date; a suspension shuts the account until an admin reinstates it. */
export const SANCTION_KINDS = ['silence', 'suspend'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

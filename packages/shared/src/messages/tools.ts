export const REASON_MAX = 1000;

export const TOOLS_MESSAGES = {
  reasonRequired: 'Please give a reason',
  reasonTooLong: `The reason can be at most ${REASON_MAX} characters`,
  alreadyReported: 'You have already reported this',
  reported: 'Thank you. An administrator will review your report.',
  alreadyRefunded: 'This pledge has already been refunded',
  refunded: 'The pledge was refunded in full',
  marked: 'The reward was marked as sent',
} as const;

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

export const TOOLS_MESSAGES = {
  reasonRequired: 'msg.tools.reasonRequired',
  reasonTooLong: 'msg.tools.reasonTooLong',
  alreadyReported: 'msg.tools.alreadyReported',
  reported: 'msg.tools.reported',
  alreadyRefunded: 'msg.tools.alreadyRefunded',
  refunded: 'msg.tools.refunded',
  marked: 'msg.tools.marked',
} as const;

export const AUDIT_ACTIONS = [
  'project.activate',
  'project.reject',
  'project.cancel',
  'project.launch',
  'project.suspend',
  'project.feature',
  'project.unfeature',
  'category.create',
  'category.rename',
  'category.delete',
  'comment.remove',
  'report.resolve',
  'donation.refund',
  'user.silence',
  'user.suspend',
  'user.reinstate',
  'collaborator.invite',
  'collaborator.change',
  'collaborator.remove',
  'collaborator.accept',
  'collaborator.decline',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audited action was done to. */
export const AUDIT_TARGET_TYPES = ['project', 'category', 'comment', 'report', 'donation', 'user'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Messages of moderation (DESIGN.md §18): reports' categories, hidden comments and creators' blocks. */
export const MODERATION_MESSAGES = {
  categoryInvalid: 'msg.moderation.categoryInvalid',
  commentHidden: 'msg.moderation.commentHidden',
  blockedFromComments: 'msg.moderation.blockedFromComments',
  userIdRequired: 'msg.moderation.userIdRequired',
  cannotBlockSelf: 'msg.moderation.cannotBlockSelf',
  unknownUser: 'msg.moderation.unknownUser',
  onlyCreatorBlocks: 'msg.moderation.onlyCreatorBlocks',
  blocked: 'msg.moderation.blocked',
  unblocked: 'msg.moderation.unblocked',
  ownProfile: 'msg.moderation.ownProfile',
  tooManyDeclines: 'msg.moderation.tooManyDeclines',
} as const;

/** The catalog key of each report category's wording. */
export const REPORT_CATEGORY_LABEL = {
  fraud: 'reports.category.fraud',
  spam: 'reports.category.spam',
  prohibited: 'reports.category.prohibited',
  intellectual_property: 'reports.category.intellectualProperty',
  other: 'reports.category.other',
} as const;

/** The messages of the referral calls (DESIGN.md §19). */
export const REFERRAL_MESSAGES = {
  tagName: 'msg.referrals.tagName',
  tagDuplicate: 'msg.referrals.tagDuplicate',
  tagLimit: 'msg.referrals.tagLimit',
  tagCreated: 'msg.referrals.tagCreated',
  onlyCreatorTags: 'msg.referrals.onlyCreatorTags',
  onlyCreatorReads: 'msg.referrals.onlyCreatorReads',
} as const;

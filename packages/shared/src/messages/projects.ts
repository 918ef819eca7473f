export const SAVE_MESSAGES = {
  saved: 'msg.save.saved',
  removed: 'msg.save.removed',
} as const;

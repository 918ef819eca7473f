export const SAVE_MESSAGES = {
  saved: 'Project saved successfully',
  removed: 'Project removed from saved items',
} as const;

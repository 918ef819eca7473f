/** The rewards and backing texts of SPEC §8. */
export const REWARD_UI_MESSAGES = {
  created: 'Reward created successfully!',
  createdNamed: (title: string) => `Reward "${title}" created successfully!`,
  updated: 'Reward updated successfully!',
  deleted: 'Reward deleted successfully',
  createFailed: 'Failed to create reward',
  updateFailed: 'Failed to update reward',
  deleteFailed: 'Failed to delete reward',
  deleteFailedWith: (message: string) => `Failed to delete reward: ${message}`,
  deleteConfirm: 'Are you sure you want to delete this reward?',
  listFailed: 'Failed to load project rewards',
  loadFailed: 'Failed to load rewards',
  couldNotLoad: 'Could not load project rewards',
  paymentUnavailable: 'Unable to process payment at this time',
  backingFailed: 'Failed to process backing',
} as const;

/** The profile screen's texts (SPEC §8). */
export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to load profile data',
  notFound: 'Profile not found',
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  changePasswordFailed: 'Failed to change password',
  deleteFailed: 'Failed to delete account',
  initiateTwoFactorFailed: 'Failed to initiate 2FA setup',
  disableTwoFactorFailed: 'Failed to disable 2FA',
} as const;

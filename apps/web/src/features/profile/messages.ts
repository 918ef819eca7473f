/** Catalog keys of the profile screen's texts (SPEC §8). */
export const PROFILE_MESSAGES = {
  loadFailed: 'profile.error.loadFailed',
  notFound: 'profile.error.notFound',
  updated: 'profile.form.updated',
  updateFailed: 'profile.error.updateFailed',
  changePasswordFailed: 'profile.error.changePasswordFailed',
  deleteFailed: 'profile.error.deleteFailed',
  initiateTwoFactorFailed: 'profile.error.initiateTwoFactorFailed',
  disableTwoFactorFailed: 'profile.error.disableTwoFactorFailed',
} as const;

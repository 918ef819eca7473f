/** Messages the API and the web client share word for word. */
export const AUTH_MESSAGES = {
  registered: 'Registration successful! Please check your email to verify your account.',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email address before signing in. We can send you a new link.',
  verificationSent: 'If your account still needs verification, a new link is on its way to your inbox.',
  resetRequested: 'If an account exists, reset instructions will be sent.',
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordWrong: 'Current password is incorrect',
  twoFactorCodeSent: 'A verification code has been sent to your email.',
  twoFactorEnabled: 'Two-factor authentication is now enabled.',
  twoFactorDisabled: 'Two-factor authentication has been disabled.',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app.',
  invalidVerificationCode: 'Invalid verification code',
  invalid2faCode: 'Invalid 2FA code',
  signedOut: 'You have been signed out.',
  accountDeleted: 'Your account has been deleted.',
  openPledges:
    'You have pledges that are not charged yet. Cancel them (Manage pledge on each project) or wait until their campaigns end before deleting your account.',
} as const;

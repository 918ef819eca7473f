/** The account screens' own texts (SPEC §8); the ones the API also uses live in AUTH_MESSAGES. */
export const AUTH_PAGE_MESSAGES = {
  loginFailed: 'Login failed. Please try again later.',
  loginSucceeded: 'Login successful! Redirecting…',
  registerFailed: 'Registration failed. Please try again.',
  networkError: 'Network error. Please try again later.',
  requestTimedOut: 'Request timed out. Please try again.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  resetRequestFailed: 'An error occurred. Please try again later.',
  resetFailed: 'Failed to reset password. Please try again.',
  callbackError: (error: string) => `Authentication error: ${error}`,
  callbackFailed: 'Authentication failed. Please try again.',
  callbackInvalid: 'Invalid authentication response',
  callbackNoTokens: 'Authentication failed: No tokens received.',
} as const;

/** Catalog keys of the account screens' own texts (SPEC §8); the ones the API also uses live in AUTH_MESSAGES. */
export const AUTH_PAGE_MESSAGES = {
  loginFailed: 'auth.error.loginFailed',
  loginSucceeded: 'auth.signIn.succeeded',
  registerFailed: 'auth.error.registerFailed',
  networkError: 'auth.error.network',
  requestTimedOut: 'auth.error.timedOut',
  tooManyAttempts: 'auth.error.tooManyAttempts',
  resetRequestFailed: 'auth.error.resetRequestFailed',
  resetFailed: 'auth.error.resetFailed',
  /** Takes `{error}`, the provider's error code. */
  callbackError: 'auth.callback.error',
  callbackFailed: 'auth.callback.failed',
  callbackInvalid: 'auth.callback.invalid',
  callbackNoTokens: 'auth.callback.noTokens',
} as const;

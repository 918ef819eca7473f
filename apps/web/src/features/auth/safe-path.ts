/** A same-site path to go to after signing in; anything else (absent, absolute or protocol-relative) is refused. */
export function safeRedirectPath(path: string | null | undefined): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  return path;
}

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

import { Alert, Center, Loader } from '@mantine/core';
import { Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useEffect, useState } from 'react';
import { Link, type Location, useLocation, useNavigate } from '@/lib/router';
import { authStorage } from '@/lib/auth-storage';
import { useI18n } from '@/lib/i18n';
import { AuthCard } from '../components/AuthCard';
import { AUTH_PAGE_MESSAGES } from '../messages';
import { DEFAULT_AFTER_SIGN_IN, safeRedirectPath } from '../safe-path';

type CallbackResult =
  | { kind: 'tokens'; accessToken: string; refreshToken: string; redirectPath: string }
  | { kind: 'invalid' }
  | { kind: 'error'; message: string; values?: { error: string } };

/**
 * The server puts the tokens in the URL fragment (so that no server logs them); the route table of SPEC §2
 * names query parameters, so both are read, the fragment first.
 */
function readCallback(location: Location): CallbackResult {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(location.search);
  const param = (name: string) => fragment.get(name) ?? query.get(name);

  const error = param('error');
  if (error) return { kind: 'error', message: AUTH_PAGE_MESSAGES.callbackError, values: { error } };
  const accessToken = param('access_token');
  const refreshToken = param('refresh_token');
  if (!accessToken && !refreshToken) return { kind: 'error', message: AUTH_PAGE_MESSAGES.callbackNoTokens };
  if (!accessToken || !refreshToken) return { kind: 'invalid' };
  return {
    kind: 'tokens',
    accessToken,
    refreshToken,
    redirectPath: safeRedirectPath(param('redirect_path')) ?? DEFAULT_AFTER_SIGN_IN,
  };
}

export function AuthCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const i18n = useI18n();
  const [result] = useState(() => readCallback(location));

  useEffect(() => {
    // Sign-in shows the error it is handed as is: it goes there in the reader's language.
    const backToSignIn = (error: string) =>
      void navigate('/signin', { replace: true, state: { error: i18n.t(error) } });
    if (result.kind === 'invalid') return backToSignIn(AUTH_PAGE_MESSAGES.callbackInvalid);
    if (result.kind !== 'tokens') return;
    try {
      authStorage.setTokens(result.accessToken, result.refreshToken);
    } catch (error) {
      console.warn('Could not store the session after third-party sign-in', error);
      return backToSignIn(AUTH_PAGE_MESSAGES.callbackFailed);
    }
    // Replace the history entry so that the tokens in the address do not stay in the back stack.
    void navigate(result.redirectPath, { replace: true });
  }, [result, navigate, i18n]);

  if (result.kind === 'error') {
    return (
      <AuthCard title={i18n.t('auth.callback.title')}>
        <Alert color="red" role="alert">
          {i18n.t(result.message, result.values)}
        </Alert>
        <Button component={Link} to="/signin" fullWidth>
          {i18n.t('auth.callback.backToSignIn')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Loader aria-label={i18n.t('auth.callback.signingInLabel')} />
        <Text c="dimmed">{i18n.t('auth.callback.signingIn')}</Text>
      </Stack>
    </Center>
  );
}

import { Alert, Divider, PasswordInput, TextInput } from '@mantine/core';
import { Anchor, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconBrandGoogle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from '@/lib/router';
import {
  API_BASE_PATH,
  AUTH_MESSAGES,
  TIMINGS_MS,
  TWO_FACTOR_CODE_LENGTH,
  type TokenResponse,
} from '@fundry/shared';
import { isApiError, serverMessage } from '@/lib/api-errors';
import { authStorage } from '@/lib/auth-storage';
import { useI18n } from '@/lib/i18n';
import {
  isTwoFactorChallenge,
  type TwoFactorChallenge,
  useAuthProviders,
  useLogin,
  useResendVerification,
  useVerifyTwoFactorLogin,
} from '../api/auth';
import { AuthCard } from '../components/AuthCard';
import { AuthFooterLink, EmailInput, FormError, SuccessNote } from '../components/AuthFormParts';
import { AUTH_PAGE_MESSAGES } from '../messages';
import { forgetReturnPath, recalledReturnPath } from '../return-path';
import { DEFAULT_AFTER_SIGN_IN, safeRedirectPath } from '../safe-path';

/**
 * What a guarded page (or the third-party sign-in callback) hands over when it sends someone here: texts, or
 * catalog keys of them.
 */
interface SignInLocationState {
  from?: string;
  notice?: string;
  error?: string;
}

const CODE_PATTERN = new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`);

/** `text` is the server's message or a catalog key. */
type SignInError = { text: string; unverifiedEmail?: string };

function signInError(error: unknown, email: string): SignInError {
  if (isApiError(error, 401)) return { text: AUTH_MESSAGES.invalidCredentials };
  if (isApiError(error, 403) && error.code === 'EMAIL_NOT_VERIFIED') {
    return { text: serverMessage(error) ?? AUTH_MESSAGES.emailNotVerified, unverifiedEmail: email };
  }
  return { text: AUTH_PAGE_MESSAGES.loginFailed };
}

function googleSignInUrl(redirectPath: string): string {
  return `${API_BASE_PATH}/auth/google/login?redirect_path=${encodeURIComponent(redirectPath)}`;
}

function ResendVerification({ email }: { email: string }) {
  const i18n = useI18n();
  const resend = useResendVerification();
  return (
    <Stack gap="xs" mt="sm" align="flex-start">
      {resend.isSuccess ? (
        <Text size="sm" role="status">
          {resend.data.message}
        </Text>
      ) : (
        <Button size="xs" variant="white" loading={resend.isPending} onClick={() => resend.mutate(email)}>
          {i18n.t('auth.signIn.resendVerification')}
        </Button>
      )}
      {resend.isError && (
        <Text size="sm" c="red">
          {serverMessage(resend.error) ?? i18n.t('auth.signIn.resendFailed')}
        </Text>
      )}
    </Stack>
  );
}

/** Shown only when the server has third-party sign-in configured (DESIGN.md §13: no control that cannot work). */
function GoogleSignIn({ redirectPath }: { redirectPath: string }) {
  const i18n = useI18n();
  const providers = useAuthProviders();
  if (providers.data?.google !== true) return null;
  return (
    <>
      <Divider label={i18n.t('auth.signIn.or')} labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBrandGoogle size={18} />}
        onClick={() => window.location.assign(googleSignInUrl(redirectPath))}
      >
        {i18n.t('auth.signIn.google')}
      </Button>
    </>
  );
}

function CredentialsStep({
  redirectPath,
  onTokens,
  onChallenge,
}: {
  redirectPath: string;
  onTokens: (tokens: TokenResponse) => void;
  onChallenge: (challenge: TwoFactorChallenge) => void;
}) {
  const i18n = useI18n();
  const login = useLogin();
  const [error, setError] = useState<SignInError | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : i18n.t('auth.form.emailRequired')),
      password: (value) => (value ? null : i18n.t('auth.form.passwordRequired')),
    },
  });

  const submit = form.onSubmit(({ email, password }) => {
    setError(null);
    const address = email.trim();
    login.mutate(
      { email: address, password },
      {
        onSuccess: (response) =>
          isTwoFactorChallenge(response) ? onChallenge(response) : onTokens(response),
        onError: (failure) => setError(signInError(failure, address)),
      },
    );
  });

  return (
    <Stack gap="md">
      {error && (
        <Alert
          color="red"
          role="alert"
          title={error.unverifiedEmail ? i18n.t('auth.signIn.emailNotVerifiedTitle') : undefined}
        >
          {i18n.t(error.text)}
          {error.unverifiedEmail && <ResendVerification email={error.unverifiedEmail} />}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailInput {...form.getInputProps('email')} />
          <PasswordInput
            label={i18n.t('auth.form.password')}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Anchor component={Link} to="/forgot-password" size="sm" ta="right" mt={-8}>
            {i18n.t('auth.signIn.forgotPassword')}
          </Anchor>
          <Button type="submit" fullWidth loading={login.isPending}>
            {i18n.t('auth.signIn.submit')}
          </Button>
        </Stack>
      </form>
      <GoogleSignIn redirectPath={redirectPath} />
      <AuthFooterLink messageId="auth.signIn.noAccount" to="/register" state={{ from: redirectPath }} />
    </Stack>
  );
}

function TwoFactorStep({
  challenge,
  onTokens,
  onCancel,
}: {
  challenge: TwoFactorChallenge;
  onTokens: (tokens: TokenResponse) => void;
  onCancel: () => void;
}) {
  const i18n = useI18n();
  const verify = useVerifyTwoFactorLogin();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: '' },
    validate: {
      code: (value) =>
        CODE_PATTERN.test(value.trim())
          ? null
          : i18n.t('auth.twoFactor.codeInvalid', { length: TWO_FACTOR_CODE_LENGTH }),
    },
  });
  const submit = form.onSubmit(({ code }) => {
    setError(null);
    verify.mutate(
      { code: code.trim(), challenge_token: challenge.challenge_token },
      {
        onSuccess: onTokens,
        onError: (failure) =>
          setError(isApiError(failure, 401) ? AUTH_MESSAGES.invalid2faCode : AUTH_PAGE_MESSAGES.loginFailed),
      },
    );
  });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" ta="center">
        {challenge.message || i18n.t(AUTH_MESSAGES.twoFactorRequired)}
      </Text>
      <FormError message={error && i18n.t(error)} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={i18n.t('auth.twoFactor.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TWO_FACTOR_CODE_LENGTH}
            placeholder="123456"
            withAsterisk
            data-autofocus
            styles={{ input: { letterSpacing: 6, textAlign: 'center', fontSize: 20 } }}
            {...form.getInputProps('code')}
          />
          <Button type="submit" fullWidth loading={verify.isPending}>
            {i18n.t('auth.twoFactor.verify')}
          </Button>
          <Button variant="subtle" fullWidth onClick={onCancel}>
            {i18n.t('auth.twoFactor.backToSignIn')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

export function SignInPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const i18n = useI18n();
  const state = (location.state ?? {}) as SignInLocationState;
  // A page that sent the person here, else the page they were on when they registered (kept through the mail).
  // Read once: signing in forgets it, and the way back must not change under the redirect.
  const [remembered] = useState(recalledReturnPath);
  const target = safeRedirectPath(state.from) ?? remembered ?? DEFAULT_AFTER_SIGN_IN;
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [signedIn, setSignedIn] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => void navigate(target, { replace: true }), TIMINGS_MS.loginRedirect);
    return () => clearTimeout(timer);
  }, [signedIn, navigate, target]);

  const onTokens = (tokens: TokenResponse) => {
    authStorage.setTokens(tokens.access_token, tokens.refresh_token);
    forgetReturnPath();
    setSignedIn(true);
  };

  if (signedIn) {
    return (
      <AuthCard title={i18n.t('auth.signIn.welcomeBack')}>
        <SuccessNote>{i18n.t(AUTH_PAGE_MESSAGES.loginSucceeded)}</SuccessNote>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={i18n.t(challenge ? 'auth.twoFactor.title' : 'auth.signIn.title')}
      subtitle={challenge ? undefined : i18n.t('auth.signIn.subtitle')}
    >
      {state.notice && !challenge && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {i18n.t(state.notice)}
        </Alert>
      )}
      {state.error && !challenge && (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {i18n.t(state.error)}
        </Alert>
      )}
      {challenge ? (
        <TwoFactorStep challenge={challenge} onTokens={onTokens} onCancel={() => setChallenge(null)} />
      ) : (
        <CredentialsStep redirectPath={target} onTokens={onTokens} onChallenge={setChallenge} />
      )}
    </AuthCard>
  );
}

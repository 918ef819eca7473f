import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconBrandGoogle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  API_BASE_PATH,
  AUTH_MESSAGES,
  TIMINGS_MS,
  TWO_FACTOR_CODE_LENGTH,
  type TokenResponse,
} from '@fundry/shared';
import { isApiError, serverMessage } from '@/lib/api-errors';
import { authStorage } from '@/lib/auth-storage';
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

/** What a guarded page (or the third-party sign-in callback) hands over when it sends someone here. */
interface SignInLocationState {
  from?: string;
  notice?: string;
  error?: string;
}

const CODE_PATTERN = new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`);

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
  const resend = useResendVerification();
  return (
    <Stack gap="xs" mt="sm" align="flex-start">
      {resend.isSuccess ? (
        <Text size="sm" role="status">
          {resend.data.message}
        </Text>
      ) : (
        <Button size="xs" variant="white" loading={resend.isPending} onClick={() => resend.mutate(email)}>
          Resend verification email
        </Button>
      )}
      {resend.isError && (
        <Text size="sm" c="red">
          {serverMessage(resend.error) ?? 'We could not send a new link. Please try again later.'}
        </Text>
      )}
    </Stack>
  );
}

/** Shown only when the server has third-party sign-in configured (DESIGN.md §13: no control that cannot work). */
function GoogleSignIn({ redirectPath }: { redirectPath: string }) {
  const providers = useAuthProviders();
  if (providers.data?.google !== true) return null;
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBrandGoogle size={18} />}
        onClick={() => window.location.assign(googleSignInUrl(redirectPath))}
      >
        Sign in with Google
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
  const login = useLogin();
  const [error, setError] = useState<SignInError | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : 'Email is required'),
      password: (value) => (value ? null : 'Password is required'),
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
        <Alert color="red" role="alert" title={error.unverifiedEmail ? 'Email not verified' : undefined}>
          {error.text}
          {error.unverifiedEmail && <ResendVerification email={error.unverifiedEmail} />}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailInput {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Anchor component={Link} to="/forgot-password" size="sm" ta="right" mt={-8}>
            Forgot password?
          </Anchor>
          <Button type="submit" fullWidth loading={login.isPending}>
            Sign In
          </Button>
        </Stack>
      </form>
      <GoogleSignIn redirectPath={redirectPath} />
      <AuthFooterLink prompt="Don't have an account?" to="/register" state={{ from: redirectPath }}>
        Sign up
      </AuthFooterLink>
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
  const verify = useVerifyTwoFactorLogin();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: '' },
    validate: {
      code: (value) =>
        CODE_PATTERN.test(value.trim()) ? null : `Enter the ${TWO_FACTOR_CODE_LENGTH}-digit code`,
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
        {challenge.message || AUTH_MESSAGES.twoFactorRequired}
      </Text>
      <FormError message={error} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Authentication code"
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
            Verify
          </Button>
          <Button variant="subtle" fullWidth onClick={onCancel}>
            Back to sign in
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

export function SignInPage() {
  const location = useLocation();
  const navigate = useNavigate();
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
      <AuthCard title="Welcome back">
        <SuccessNote>{AUTH_PAGE_MESSAGES.loginSucceeded}</SuccessNote>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={challenge ? 'Two-factor authentication' : 'Sign in to Fundry'}
      subtitle={challenge ? undefined : 'Welcome back! Sign in to manage and back projects.'}
    >
      {state.notice && !challenge && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {state.notice}
        </Alert>
      )}
      {state.error && !challenge && (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {state.error}
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

import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AUTH_MESSAGES, PASSWORD_MESSAGES, passwordProblems, TIMINGS_MS } from '@fundry/shared';
import { PasswordRequirements } from '@/components/PasswordRequirements';
import { fieldErrors, isApiError, serverMessage } from '@/lib/api-errors';
import { useResetPassword } from '../api/auth';
import { AuthCard } from '../components/AuthCard';
import { AuthFooterLink, FormError, SuccessNote } from '../components/AuthFormParts';
import { AUTH_PAGE_MESSAGES } from '../messages';

const REQUIREMENTS_UNMET = 'Your password does not meet all the requirements below';

type Outcome = { kind: 'done'; message: string } | { kind: 'expired' } | { kind: 'error'; message: string };

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword(token);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) => (passwordProblems(value).length ? REQUIREMENTS_UNMET : null),
      confirm: (value, values) => (value === values.password ? null : PASSWORD_MESSAGES.mismatch),
    },
  });

  useEffect(() => {
    if (outcome?.kind === 'expired') {
      const timer = setTimeout(() => void navigate('/forgot-password'), TIMINGS_MS.resetExpiredRedirect);
      return () => clearTimeout(timer);
    }
    if (outcome?.kind === 'done') {
      const timer = setTimeout(() => void navigate('/signin'), TIMINGS_MS.resetRequestRedirect);
      return () => clearTimeout(timer);
    }
  }, [outcome, navigate]);

  const submit = form.onSubmit(({ password }) => {
    setOutcome(null);
    reset.mutate(password, {
      onSuccess: (response) =>
        setOutcome({ kind: 'done', message: response.message || AUTH_MESSAGES.resetDone }),
      onError: (failure) => {
        if (isApiError(failure, 400)) {
          setOutcome({ kind: 'expired' });
          return;
        }
        const { password: passwordError } = fieldErrors(failure);
        if (passwordError) form.setFieldError('password', passwordError);
        setOutcome({ kind: 'error', message: serverMessage(failure) ?? AUTH_PAGE_MESSAGES.resetFailed });
      },
    });
  });

  if (outcome?.kind === 'done') {
    return (
      <AuthCard title="Password reset">
        <SuccessNote>{outcome.message}</SuccessNote>
        <Text size="sm" c="dimmed" ta="center">
          Taking you to sign in…
        </Text>
      </AuthCard>
    );
  }

  if (outcome?.kind === 'expired') {
    return (
      <AuthCard title="Link expired">
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
          {AUTH_MESSAGES.resetLinkInvalid}
        </Alert>
        <Text size="sm" c="dimmed" ta="center">
          Taking you to request a new link…
        </Text>
        <Button component={Link} to="/forgot-password" fullWidth>
          Request a new link
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a new password" subtitle="Choose a new password for your Fundry account.">
      <FormError message={outcome?.kind === 'error' ? outcome.message : null} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordRequirements password={form.values.password} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
      <AuthFooterLink to="/signin">Back to sign in</AuthFooterLink>
    </AuthCard>
  );
}

import { Alert, PasswordInput } from '@mantine/core';
import { Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '@/lib/router';
import { AUTH_MESSAGES, PASSWORD_MESSAGES, passwordProblems, TIMINGS_MS } from '@fundry/shared';
import { PasswordRequirements } from '@/components/PasswordRequirements';
import { fieldErrors, isApiError, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { useResetPassword } from '../api/auth';
import { AuthCard } from '../components/AuthCard';
import { AuthFooterLink, FormError, SuccessNote } from '../components/AuthFormParts';
import { AUTH_PAGE_MESSAGES } from '../messages';

/** `message`: the server's, or a catalog key. */
type Outcome = { kind: 'done'; message: string } | { kind: 'expired' } | { kind: 'error'; message: string };

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const i18n = useI18n();
  const reset = useResetPassword(token);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) => (passwordProblems(value).length ? i18n.t('auth.reset.requirementsUnmet') : null),
      confirm: (value, values) => (value === values.password ? null : i18n.t(PASSWORD_MESSAGES.mismatch)),
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
      <AuthCard title={i18n.t('auth.reset.doneTitle')}>
        <SuccessNote>{i18n.t(outcome.message)}</SuccessNote>
        <Text size="sm" c="dimmed" ta="center">
          {i18n.t('auth.reset.takingYouToSignIn')}
        </Text>
      </AuthCard>
    );
  }

  if (outcome?.kind === 'expired') {
    return (
      <AuthCard title={i18n.t('auth.reset.expiredTitle')}>
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
          {i18n.t(AUTH_MESSAGES.resetLinkInvalid)}
        </Alert>
        <Text size="sm" c="dimmed" ta="center">
          {i18n.t('auth.reset.takingYouToRequest')}
        </Text>
        <Button component={Link} to="/forgot-password" fullWidth>
          {i18n.t('auth.reset.requestNewLink')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={i18n.t('auth.reset.title')} subtitle={i18n.t('auth.reset.subtitle')}>
      <FormError message={outcome?.kind === 'error' ? i18n.t(outcome.message) : null} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={i18n.t('auth.reset.newPassword')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordRequirements password={form.values.password} />
          <PasswordInput
            label={i18n.t('auth.reset.confirmPassword')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {i18n.t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
      <AuthFooterLink messageId="auth.reset.backToSignIn" to="/signin" />
    </AuthCard>
  );
}

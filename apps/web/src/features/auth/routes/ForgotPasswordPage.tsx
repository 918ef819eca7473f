import { Stack } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { AUTH_MESSAGES, EMAIL_PATTERN, INVALID_EMAIL_MESSAGE, TIMINGS_MS } from '@fundry/shared';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n';
import { usePasswordResetRequest } from '../api/auth';
import { AuthCard } from '../components/AuthCard';
import { AuthFooterLink, EmailInput, FormError, SuccessNote } from '../components/AuthFormParts';
import { AUTH_PAGE_MESSAGES } from '../messages';

/** SPEC §4 "Password reset request". */
type RequestState = 'idle' | 'sending' | 'sent';

function requestError(error: unknown): string {
  if (error instanceof ApiError && error.code === 'TIMEOUT') return AUTH_PAGE_MESSAGES.requestTimedOut;
  if (error instanceof ApiError && error.status === 429) return AUTH_PAGE_MESSAGES.tooManyAttempts;
  return AUTH_PAGE_MESSAGES.resetRequestFailed;
}

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const i18n = useI18n();
  const request = usePasswordResetRequest();
  const [state, setState] = useState<RequestState>('idle');
  const [sentMessage, setSentMessage] = useState<string>(AUTH_MESSAGES.resetRequested);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (EMAIL_PATTERN.test(value.trim()) ? null : i18n.t(INVALID_EMAIL_MESSAGE)) },
  });

  useEffect(() => {
    if (state !== 'sent') return;
    const timer = setTimeout(() => void navigate('/password-reset-success'), TIMINGS_MS.resetRequestRedirect);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  const submit = form.onSubmit(({ email }) => {
    setError(null);
    setState('sending');
    request.mutate(email.trim().toLowerCase(), {
      onSuccess: (response) => {
        setSentMessage(response.message || AUTH_MESSAGES.resetRequested);
        setState('sent');
      },
      onError: (failure) => {
        // A 404 must not reveal whether the address has an account: it reads as success.
        if (failure instanceof ApiError && failure.status === 404) {
          setSentMessage(AUTH_MESSAGES.resetRequested);
          setState('sent');
          return;
        }
        setError(requestError(failure));
        setState('idle');
      },
    });
  });

  return (
    <AuthCard title={i18n.t('auth.forgot.title')} subtitle={i18n.t('auth.forgot.subtitle')}>
      <FormError message={error && i18n.t(error)} />
      {state === 'sent' && <SuccessNote>{i18n.t(sentMessage)}</SuccessNote>}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailInput disabled={state !== 'idle'} {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={state === 'sending'} disabled={state === 'sent'}>
            {i18n.t(state === 'sent' ? 'auth.forgot.sent' : 'auth.forgot.send')}
          </Button>
        </Stack>
      </form>
      <AuthFooterLink messageId="auth.forgot.rememberedIt" to="/signin" />
    </AuthCard>
  );
}

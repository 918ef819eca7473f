import { PasswordInput, TextInput } from '@mantine/core';
import { Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation } from '@/lib/router';
import { AUTH_MESSAGES } from '@fundry/shared';
import { PasswordRequirements } from '@/components/PasswordRequirements';
import { fieldErrors, isApiError, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { useRegister } from '../api/auth';
import { AuthCard } from '../components/AuthCard';
import { AuthFooterLink, EmailInput, FormError, SuccessNote } from '../components/AuthFormParts';
import { AUTH_PAGE_MESSAGES } from '../messages';
import { recalledReturnPath, rememberReturnPath } from '../return-path';
import { safeRedirectPath } from '../safe-path';

/** The server's message, or the catalog key of the page's own. */
function registerError(error: unknown): string {
  if (isApiError(error, 0)) return AUTH_PAGE_MESSAGES.networkError;
  return serverMessage(error) ?? AUTH_PAGE_MESSAGES.registerFailed;
}

/**
 * /register. Where the person was going (`state.from`, handed over by sign-in) is kept through the verification
 * mail, so that signing in afterwards takes them back there. Success stays on this page: the person reads the
 * message and goes on when they are ready.
 */
export function RegisterPage() {
  const location = useLocation();
  const from = safeRedirectPath((location.state as { from?: string } | null)?.from) ?? recalledReturnPath();
  const returnState = from ? { from } : undefined;
  const i18n = useI18n();
  const register = useRegister();
  const [error, setError] = useState<string | null>(null);
  const required = (key: string) => (value: string) => (value.trim() ? null : i18n.t(key));
  const form = useForm({
    initialValues: { full_name: '', username: '', email: '', password: '' },
    validate: {
      full_name: required('auth.register.fullNameRequired'),
      username: required('auth.register.usernameRequired'),
      email: required('auth.form.emailRequired'),
      password: (value) => (value ? null : i18n.t('auth.form.passwordRequired')),
    },
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    register.mutate(
      {
        full_name: values.full_name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
      },
      {
        onSuccess: () => rememberReturnPath(from),
        onError: (failure) => {
          setError(registerError(failure));
          form.setErrors(fieldErrors(failure));
        },
      },
    );
  });

  if (register.isSuccess) {
    return (
      <AuthCard title={i18n.t('auth.register.checkEmail')}>
        <SuccessNote>{register.data.message || i18n.t(AUTH_MESSAGES.registered)}</SuccessNote>
        <Text size="sm" c="dimmed" ta="center">
          {i18n.t(from ? 'auth.register.nextStepReturning' : 'auth.register.nextStep')}
        </Text>
        <Button component={Link} to="/signin" state={returnState} fullWidth>
          {i18n.t('auth.register.goToSignIn')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={i18n.t('auth.register.title')} subtitle={i18n.t('auth.register.subtitle')}>
      <FormError message={error && i18n.t(error)} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={i18n.t('auth.register.fullName')}
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('full_name')}
          />
          <TextInput
            label={i18n.t('auth.register.username')}
            autoComplete="username"
            withAsterisk
            {...form.getInputProps('username')}
          />
          <EmailInput {...form.getInputProps('email')} />
          <PasswordInput
            label={i18n.t('auth.form.password')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordRequirements password={form.values.password} />
          <Button type="submit" fullWidth loading={register.isPending}>
            {i18n.t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
      <AuthFooterLink messageId="auth.register.haveAccount" to="/signin" state={returnState} />
    </AuthCard>
  );
}

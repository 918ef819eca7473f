import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AUTH_MESSAGES } from '@fundry/shared';
import { PasswordRequirements } from '@/components/PasswordRequirements';
import { fieldErrors, isApiError, serverMessage } from '@/lib/api-errors';
import { useRegister } from '../api/auth';
import { AuthCard } from '../components/AuthCard';
import { AuthFooterLink, EmailInput, FormError, SuccessNote } from '../components/AuthFormParts';
import { AUTH_PAGE_MESSAGES } from '../messages';
import { recalledReturnPath, rememberReturnPath } from '../return-path';
import { safeRedirectPath } from '../safe-path';

const required = (label: string) => (value: string) => (value.trim() ? null : `${label} is required`);

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
  const register = useRegister();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { full_name: '', username: '', email: '', password: '' },
    validate: {
      full_name: required('Full name'),
      username: required('Username'),
      email: required('Email'),
      password: (value) => (value ? null : 'Password is required'),
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
      <AuthCard title="Check your email">
        <SuccessNote>{register.data.message || AUTH_MESSAGES.registered}</SuccessNote>
        <Text size="sm" c="dimmed" ta="center">
          Open the link in the email to confirm your address, then sign in
          {from ? ' and we will take you back to where you were' : ''}.
        </Text>
        <Button component={Link} to="/signin" state={returnState} fullWidth>
          Go to sign in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" subtitle="Join Fundry to start and back projects.">
      <FormError message={error} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Full name"
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('full_name')}
          />
          <TextInput
            label="Username"
            autoComplete="username"
            withAsterisk
            {...form.getInputProps('username')}
          />
          <EmailInput {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordRequirements password={form.values.password} />
          <Button type="submit" fullWidth loading={register.isPending}>
            Create Account
          </Button>
        </Stack>
      </form>
      <AuthFooterLink prompt="Already have an account?" to="/signin" state={returnState}>
        Sign in
      </AuthFooterLink>
    </AuthCard>
  );
}

import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AUTH_MESSAGES, TIMINGS_MS } from '@fundry/shared';
import { fieldErrors, isApiError, serverMessage } from '@/lib/api-errors';
import { useRegister } from '../api/auth';
import { AuthCard } from '../components/AuthCard';
import { AUTH_PAGE_MESSAGES } from '../messages';

const required = (label: string) => (value: string) => (value.trim() ? null : `${label} is required`);

function registerError(error: unknown): string {
  if (isApiError(error, 0)) return AUTH_PAGE_MESSAGES.networkError;
  return serverMessage(error) ?? AUTH_PAGE_MESSAGES.registerFailed;
}

export function RegisterPage() {
  const navigate = useNavigate();
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

  useEffect(() => {
    if (!register.isSuccess) return;
    const timer = setTimeout(() => void navigate('/signin'), TIMINGS_MS.registerRedirect);
    return () => clearTimeout(timer);
  }, [register.isSuccess, navigate]);

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
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {register.data.message || AUTH_MESSAGES.registered}
        </Alert>
        <Text size="sm" c="dimmed" ta="center">
          Taking you to sign in…
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" subtitle="Join Fundry to start and back projects.">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
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
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={register.isPending}>
            Create Account
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/signin" fw={600}>
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}

import { Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard';

const DEFAULT_SUCCESS = 'Your email address has been verified. You can now sign in.';
const DEFAULT_ERROR = 'We could not verify your email address. The link may be invalid or expired.';

/** Where the API's verification link lands: /verify-email?status=success|error&message=… */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  const message = params.get('message');

  if (status === 'success') {
    return (
      <AuthCard title="Email verified">
        <Center>
          <ThemeIcon size={64} radius="xl" variant="light" color="teal">
            <IconCircleCheck size={36} />
          </ThemeIcon>
        </Center>
        <Text ta="center" role="status">
          {message || DEFAULT_SUCCESS}
        </Text>
        <Button component={Link} to="/signin" fullWidth>
          Go to Login
        </Button>
      </AuthCard>
    );
  }

  if (status === 'error') {
    return (
      <AuthCard title="Verification failed">
        <Center>
          <ThemeIcon size={64} radius="xl" variant="light" color="red">
            <IconCircleX size={36} />
          </ThemeIcon>
        </Center>
        <Text ta="center" role="alert">
          {message || DEFAULT_ERROR}
        </Text>
        <Button component={Link} to="/" fullWidth variant="default">
          Back to Home
        </Button>
      </AuthCard>
    );
  }

  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Loader aria-label="Verifying your email" />
        <Text c="dimmed">Verifying…</Text>
      </Stack>
    </Center>
  );
}

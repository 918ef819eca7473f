import { Button, Center, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconMailQuestion } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { recalledReturnPath } from '../return-path';

const DEFAULT_SUCCESS = 'Your email address has been verified. You can now sign in.';
const DEFAULT_ERROR = 'We could not verify your email address. The link may be invalid or expired.';

const INCOMPLETE =
  'This page needs the link from your verification email. Open the link in the email we sent you, or sign in to have a new one sent.';

/**
 * Where the API's verification link lands: /verify-email?status=success|error&message=… Without a status the
 * page was opened by hand or from a cut link: it says so at once rather than waiting for nothing.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  const message = params.get('message');
  // Where the person was going when they registered: sign-in takes them back there.
  const from = recalledReturnPath();

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
        <Button component={Link} to="/signin" state={from ? { from } : undefined} fullWidth>
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
        <Text size="sm" c="dimmed" ta="center">
          Signing in with an unverified address offers to send a new link.
        </Text>
        <Button component={Link} to="/signin" state={from ? { from } : undefined} fullWidth>
          Go to Login
        </Button>
        <Button component={Link} to="/" fullWidth variant="default">
          Back to Home
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="No verification link">
      <Center>
        <ThemeIcon size={64} radius="xl" variant="light" color="yellow">
          <IconMailQuestion size={36} />
        </ThemeIcon>
      </Center>
      <Text ta="center" role="alert">
        {INCOMPLETE}
      </Text>
      <Button component={Link} to="/signin" state={from ? { from } : undefined} fullWidth>
        Go to Login
      </Button>
      <Button component={Link} to="/" fullWidth variant="default">
        Back to Home
      </Button>
    </AuthCard>
  );
}

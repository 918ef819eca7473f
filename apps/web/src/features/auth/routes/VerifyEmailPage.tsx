import { Button, Center, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconMailQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { recalledReturnPath } from '../return-path';

const DEFAULT_SUCCESS = 'Your email address has been verified. You can now sign in.';
const DEFAULT_ERROR = 'We could not verify your email address. The link may be invalid or expired.';

const INCOMPLETE =
  'This page needs the link from your verification email. Open the link in the email we sent you, or sign in to have a new one sent.';

/** One outcome of the page: an icon, what happened, and the way on (sign-in, which returns where they were). */
function Outcome({
  title,
  icon,
  color,
  role,
  children,
  note,
  home = true,
}: {
  title: string;
  icon: ReactNode;
  color: string;
  role: 'status' | 'alert';
  children: ReactNode;
  /** A line under the message, on what to do next. */
  note?: string;
  home?: boolean;
}) {
  // Where the person was going when they registered: sign-in takes them back there.
  const from = recalledReturnPath();
  return (
    <AuthCard title={title}>
      <Center>
        <ThemeIcon size={64} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Center>
      <Text ta="center" role={role}>
        {children}
      </Text>
      {note && (
        <Text size="sm" c="dimmed" ta="center">
          {note}
        </Text>
      )}
      <Button component={Link} to="/signin" state={from ? { from } : undefined} fullWidth>
        Go to Login
      </Button>
      {home && (
        <Button component={Link} to="/" fullWidth variant="default">
          Back to Home
        </Button>
      )}
    </AuthCard>
  );
}

/**
 * Where the API's verification link lands: /verify-email?status=success|error&message=… Without a status the
 * page was opened by hand or from a cut link: it says so at once rather than waiting for nothing.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  const message = params.get('message');

  if (status === 'success') {
    return (
      <Outcome
        title="Email verified"
        icon={<IconCircleCheck size={36} />}
        color="teal"
        role="status"
        home={false}
      >
        {message || DEFAULT_SUCCESS}
      </Outcome>
    );
  }
  if (status === 'error') {
    return (
      <Outcome
        title="Verification failed"
        icon={<IconCircleX size={36} />}
        color="red"
        role="alert"
        note="Signing in with an unverified address offers to send a new link."
      >
        {message || DEFAULT_ERROR}
      </Outcome>
    );
  }
  return (
    <Outcome title="No verification link" icon={<IconMailQuestion size={36} />} color="yellow" role="alert">
      {INCOMPLETE}
    </Outcome>
  );
}

import { Center, ThemeIcon } from '@mantine/core';
import { Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconCircleCheck, IconCircleX, IconMailQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { useI18n } from '@/lib/i18n';
import { AuthCard } from '../components/AuthCard';
import { recalledReturnPath } from '../return-path';

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
  const i18n = useI18n();
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
        {i18n.t('auth.verify.goToLogin')}
      </Button>
      {home && (
        <Button component={Link} to="/" fullWidth variant="default">
          {i18n.t('auth.verify.backToHome')}
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
  const i18n = useI18n();
  const [params] = useSearchParams();
  const status = params.get('status');
  const message = params.get('message');

  if (status === 'success') {
    return (
      <Outcome
        title={i18n.t('auth.verify.successTitle')}
        icon={<IconCircleCheck size={36} />}
        color="teal"
        role="status"
        home={false}
      >
        {message || i18n.t('auth.verify.success')}
      </Outcome>
    );
  }
  if (status === 'error') {
    return (
      <Outcome
        title={i18n.t('auth.verify.failedTitle')}
        icon={<IconCircleX size={36} />}
        color="red"
        role="alert"
        note={i18n.t('auth.verify.failedNote')}
      >
        {message || i18n.t('auth.verify.failed')}
      </Outcome>
    );
  }
  return (
    <Outcome
      title={i18n.t('auth.verify.incompleteTitle')}
      icon={<IconMailQuestion size={36} />}
      color="yellow"
      role="alert"
    >
      {i18n.t('auth.verify.incomplete')}
    </Outcome>
  );
}

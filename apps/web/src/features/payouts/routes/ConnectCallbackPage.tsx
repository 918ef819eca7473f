import { Loader, ThemeIcon } from '@mantine/core';
import { Container, Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from '@/lib/router';
import { useBankAccountStatus } from '../api/payouts';
import { useI18n } from '@/lib/i18n';
import { useStoredAccessToken } from '@/lib/session';
import { ConnectBankButton, DueRequirements } from '../components/BankConnection';

type Outcome = 'success' | 'incomplete' | 'error';

const LOOKS: Record<Outcome, { color: string; icon: ReactNode; title: string }> = {
  success: { color: 'teal', icon: <IconCircleCheck size={36} />, title: 'payouts.callback.successTitle' },
  incomplete: {
    color: 'yellow',
    icon: <IconAlertTriangle size={36} />,
    title: 'payouts.callback.incompleteTitle',
  },
  error: { color: 'red', icon: <IconAlertCircle size={36} />, title: 'payouts.callback.errorTitle' },
};

function Result({
  outcome,
  children,
  action,
}: {
  outcome: Outcome;
  children: ReactNode;
  /** The way on, in place of the link to the creator dashboard. */
  action?: ReactNode;
}) {
  const i18n = useI18n();
  const look = LOOKS[outcome];
  return (
    <Stack align="center" gap="md" ta="center" data-outcome={outcome}>
      <ThemeIcon size={64} radius="xl" variant="light" color={look.color}>
        {look.icon}
      </ThemeIcon>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {i18n.t(look.title)}
      </Title>
      {children}
      {action ?? (
        <Button
          component={Link}
          to="/dashboard/creator"
          variant={outcome === 'success' ? 'filled' : 'default'}
        >
          {i18n.t('payouts.callback.dashboard')}
        </Button>
      )}
    </Stack>
  );
}

/** /connect/callback?account_id=…: where the provider's onboarding returns (SPEC §2 'Bank connection result page'). */
export function ConnectCallbackPage() {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const location = useLocation();
  const accountId = params.get('account_id');
  const token = useStoredAccessToken();
  const status = useBankAccountStatus(Boolean(accountId));

  let content: ReactNode;
  if (!token) {
    // Without a session the status cannot be read: say so, and sign-in comes back here.
    content = (
      <Result
        outcome="error"
        action={
          <Button component={Link} to="/signin" state={{ from: `${location.pathname}${location.search}` }}>
            {i18n.t('payouts.callback.signIn')}
          </Button>
        }
      >
        <Text c="dimmed">{i18n.t('payouts.callback.signedOut')}</Text>
      </Result>
    );
  } else if (!accountId) {
    content = (
      <Result outcome="error">
        <Text c="dimmed">{i18n.t('payouts.callback.noAccountInfo')}</Text>
      </Result>
    );
  } else if (status.isPending) {
    content = (
      <Stack align="center" gap="sm" py="xl" role="status">
        <Loader />
        <Text c="dimmed">{i18n.t('payouts.callback.checking')}</Text>
      </Stack>
    );
  } else if (status.isError || !status.data.account_connected) {
    content = (
      <Result outcome="error">
        <Text c="dimmed">{i18n.t('payouts.callback.failed')}</Text>
      </Result>
    );
  } else if (status.data.payouts_enabled) {
    content = (
      <Result outcome="success">
        <Text c="dimmed">{i18n.t('payouts.callback.success')}</Text>
      </Result>
    );
  } else {
    content = (
      <Result outcome="incomplete">
        <Text c="dimmed">{i18n.t('payouts.callback.notCompleted')}</Text>
        <Paper withBorder radius="md" p="md" ta="left">
          <DueRequirements keys={status.data.requirements.currently_due} />
        </Paper>
        <Group>
          <ConnectBankButton label={i18n.t('payouts.bank.continueSetup')} />
        </Group>
      </Result>
    );
  }

  return (
    <Container size="sm" py={56}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
        {content}
      </Paper>
    </Container>
  );
}

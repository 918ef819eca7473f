import { Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useBankAccountStatus } from '../api/payouts';
import { useStoredAccessToken } from '@/lib/session';
import { ConnectBankButton, DueRequirements } from '../components/BankConnection';
import { PAYOUT_UI_MESSAGES } from '../components/messages';

type Outcome = 'success' | 'incomplete' | 'error';

const LOOKS: Record<Outcome, { color: string; icon: ReactNode; title: string }> = {
  success: { color: 'teal', icon: <IconCircleCheck size={36} />, title: 'Bank account connected' },
  incomplete: { color: 'yellow', icon: <IconAlertTriangle size={36} />, title: 'Setup not finished' },
  error: { color: 'red', icon: <IconAlertCircle size={36} />, title: 'Bank connection failed' },
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
  const look = LOOKS[outcome];
  return (
    <Stack align="center" gap="md" ta="center" data-outcome={outcome}>
      <ThemeIcon size={64} radius="xl" variant="light" color={look.color}>
        {look.icon}
      </ThemeIcon>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {look.title}
      </Title>
      {children}
      {action ?? (
        <Button
          component={Link}
          to="/dashboard/creator"
          variant={outcome === 'success' ? 'filled' : 'default'}
        >
          Go to Creator Dashboard
        </Button>
      )}
    </Stack>
  );
}

/** /connect/callback?account_id=…: where the provider's onboarding returns (SPEC §2 'Bank connection result page'). */
export function ConnectCallbackPage() {
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
            Sign in to check your bank account
          </Button>
        }
      >
        <Text c="dimmed">You are not signed in, so we cannot check your bank account connection.</Text>
      </Result>
    );
  } else if (!accountId) {
    content = (
      <Result outcome="error">
        <Text c="dimmed">{PAYOUT_UI_MESSAGES.noAccountInfo}</Text>
      </Result>
    );
  } else if (status.isPending) {
    content = (
      <Stack align="center" gap="sm" py="xl" role="status">
        <Loader />
        <Text c="dimmed">Checking your bank account…</Text>
      </Stack>
    );
  } else if (status.isError || !status.data.account_connected) {
    content = (
      <Result outcome="error">
        <Text c="dimmed">{PAYOUT_UI_MESSAGES.callbackFailed}</Text>
      </Result>
    );
  } else if (status.data.payouts_enabled) {
    content = (
      <Result outcome="success">
        <Text c="dimmed">Your bank account is connected and payouts are enabled.</Text>
      </Result>
    );
  } else {
    content = (
      <Result outcome="incomplete">
        <Text c="dimmed">{PAYOUT_UI_MESSAGES.notCompleted}</Text>
        <Paper withBorder radius="md" p="md" ta="left">
          <DueRequirements keys={status.data.requirements.currently_due} />
        </Paper>
        <Group>
          <ConnectBankButton label="Continue Bank Account Setup" />
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

import { Alert, Button, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import type { BankAccountStatus } from '@fundry/shared';
import { notify } from '@/lib/notify';
import { useConnectBankAccount } from '../api/payouts';
import { PAYOUT_UI_MESSAGES, requirementLabels } from './messages';

/** Starts (or continues) the provider's onboarding: the browser leaves for the connect address. */
export function ConnectBankButton({ label, variant = 'filled' }: { label: string; variant?: string }) {
  const connect = useConnectBankAccount();
  return (
    <Button
      leftSection={<IconBuildingBank size={18} />}
      variant={variant}
      loading={connect.isPending}
      onClick={() =>
        connect.mutate(undefined, {
          onError: (error) => notify.error(error.message || PAYOUT_UI_MESSAGES.connectFailed),
        })
      }
    >
      {label}
    </Button>
  );
}

/** The requirements the payment provider still needs, in words. */
export function DueRequirements({ keys }: { keys: readonly string[] }) {
  if (keys.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Still needed:
      </Text>
      <List size="sm" aria-label="Requirements still due">
        {requirementLabels(keys).map((label) => (
          <List.Item key={label}>{label}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The bank connection in one of its three states (SPEC §4): not connected, incomplete, payouts enabled. */
export function BankConnection({ status }: { status: BankAccountStatus | undefined }) {
  if (!status) return <Skeleton height={96} radius="md" aria-label="Loading bank account status" />;
  if (!status.account_connected) {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconBuildingBank size={20} />}
        title="No bank account connected"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Connect a bank account to receive payouts from your projects.</Text>
          <ConnectBankButton label="Connect Bank Account" />
        </Stack>
      </Alert>
    );
  }
  if (!status.payouts_enabled) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title="Bank account setup incomplete"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Your bank account is connected, but payouts are not enabled yet: the payment provider needs a few
            more details.
          </Text>
          <DueRequirements keys={status.requirements.currently_due} />
          <ConnectBankButton label="Continue Bank Account Setup" />
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} title="Payouts enabled">
      <Text size="sm">Your bank account is connected and ready to receive payouts.</Text>
    </Alert>
  );
}

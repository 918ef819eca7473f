import { Alert, List, Skeleton } from '@mantine/core';
import { Stack, Text } from '@/components/primitives/primitives';
import { Button, type ButtonProps } from '@/components/primitives/buttons';
import { IconBuildingBank, IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import type { BankAccountStatus } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useConnectBankAccount } from '../api/payouts';
import { requirementLabels } from './requirements';

/** Starts (or continues) the provider's onboarding: the browser leaves for the connect address. */
export function ConnectBankButton({
  label,
  variant = 'filled',
}: {
  label: string;
  variant?: ButtonProps['variant'];
}) {
  const i18n = useI18n();
  const connect = useConnectBankAccount();
  return (
    <Button
      leftSection={<IconBuildingBank size={18} />}
      variant={variant}
      loading={connect.isPending}
      onClick={() =>
        connect.mutate(undefined, {
          onError: (error) => notify.error(error.message || i18n.t('payouts.bank.connectFailed')),
        })
      }
    >
      {label}
    </Button>
  );
}

/** The requirements the payment provider still needs, in words. */
export function DueRequirements({ keys }: { keys: readonly string[] }) {
  const i18n = useI18n();
  if (keys.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {i18n.t('payouts.bank.stillNeeded')}
      </Text>
      <List size="sm" aria-label={i18n.t('payouts.bank.requirementsLabel')}>
        {requirementLabels(i18n, keys).map((label) => (
          <List.Item key={label}>{label}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The bank connection in one of its three states (SPEC §4): not connected, incomplete, payouts enabled. */
export function BankConnection({ status }: { status: BankAccountStatus | undefined }) {
  const i18n = useI18n();
  if (!status) return <Skeleton height={96} radius="md" aria-label={i18n.t('payouts.bank.loading')} />;
  if (!status.account_connected) {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconBuildingBank size={20} />}
        title={i18n.t('payouts.bank.notConnectedTitle')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{i18n.t('payouts.bank.notConnectedBody')}</Text>
          <ConnectBankButton label={i18n.t('payouts.bank.connect')} />
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
        title={i18n.t('payouts.bank.incompleteTitle')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{i18n.t('payouts.bank.incompleteBody')}</Text>
          <DueRequirements keys={status.requirements.currently_due} />
          <ConnectBankButton label={i18n.t('payouts.bank.continueSetup')} />
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconCircleCheck size={20} />}
      title={i18n.t('payouts.bank.enabledTitle')}
    >
      <Text size="sm">{i18n.t('payouts.bank.enabledBody')}</Text>
    </Alert>
  );
}

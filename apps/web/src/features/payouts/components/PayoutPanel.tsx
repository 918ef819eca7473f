import { Alert, Skeleton } from '@mantine/core';
import { Tabs } from '@/components/primitives/tabs';
import { Paper, Stack, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconHistory, IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { useI18n } from '@/lib/i18n';
import { useBankAccountStatus, usePayoutEligibility } from '../api/payouts';
import { BankConnection } from './BankConnection';
import { PayoutHistory } from './PayoutHistory';
import { PayoutOverview } from './PayoutOverview';

function PanelOverview({ projectId }: { projectId: number }) {
  const i18n = useI18n();
  const status = useBankAccountStatus();
  const eligibility = usePayoutEligibility(projectId);
  if (status.isError || eligibility.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        title={i18n.t('payouts.loadFailed')}
      >
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => {
            void status.refetch();
            void eligibility.refetch();
          }}
        >
          {i18n.t('payouts.panel.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <BankConnection status={status.data} />
      {eligibility.data ? (
        <PayoutOverview projectId={projectId} eligibility={eligibility.data} />
      ) : (
        <Skeleton height={160} radius="md" aria-label={i18n.t('payouts.panel.loading')} />
      )}
    </Stack>
  );
}

/** The creator's payment management panel on the project page: Overview and Payout History (SPEC §2). */
export function PayoutPanel({ projectId }: { projectId: number }) {
  const i18n = useI18n();
  const [tab, setTab] = useState<string | null>('overview');
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      shadow="xs"
      component="section"
      aria-labelledby="payment-management"
    >
      <Title order={2} fz="xl" mb="md" id="payment-management">
        {i18n.t('payouts.panel.title')}
      </Title>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="overview" leftSection={<IconWallet size={16} />}>
            {i18n.t('payouts.panel.overview')}
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
            {i18n.t('payouts.panel.history')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <PanelOverview projectId={projectId} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          {tab === 'history' && <PayoutHistory projectId={projectId} />}
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}

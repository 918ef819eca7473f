import { Alert, Button, Paper, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { IconAlertCircle, IconHistory, IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { useBankAccountStatus, usePayoutEligibility } from '../api/payouts';
import { BankConnection } from './BankConnection';
import { PAYOUT_UI_MESSAGES } from './messages';
import { PayoutHistory } from './PayoutHistory';
import { PayoutOverview } from './PayoutOverview';

function PanelOverview({ projectId }: { projectId: number }) {
  const status = useBankAccountStatus();
  const eligibility = usePayoutEligibility(projectId);
  if (status.isError || eligibility.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        title={PAYOUT_UI_MESSAGES.loadFailed}
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
          Try again
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
        <Skeleton height={160} radius="md" aria-label="Loading payout information" />
      )}
    </Stack>
  );
}

/** The creator's payment management panel on the project page: Overview and Payout History (SPEC §2). */
export function PayoutPanel({ projectId }: { projectId: number }) {
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
        Payment Management
      </Title>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="overview" leftSection={<IconWallet size={16} />}>
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
            Payout History
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

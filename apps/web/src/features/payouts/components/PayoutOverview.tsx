import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCash, IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { formatDollars, type PayoutEligibility } from '@fundry/shared';
import { PAYOUT_UI_MESSAGES } from './messages';
import { PayoutRequestDialog } from './PayoutRequestDialog';

function Figure({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <Paper bg={strong ? 'teal.0' : 'gray.0'} radius="md" p="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={strong ? 24 : 20} fw={700} c={strong ? 'teal.8' : undefined}>
        {formatDollars(value, 2)}
      </Text>
    </Paper>
  );
}

/** What the project holds for its creator, and the way to take it (SPEC §2 'Payout panel'). */
export function PayoutOverview({
  projectId,
  eligibility,
}: {
  projectId: number;
  eligibility: PayoutEligibility;
}) {
  const [opened, setOpened] = useState(false);
  const [opening, setOpening] = useState(0);
  const close = useCallback(() => setOpened(false), []);
  const funds = eligibility.funds_info;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text fw={600}>Payout eligibility</Text>
        <Badge color={eligibility.eligible ? 'teal' : 'gray'} variant="light">
          {eligibility.eligible ? 'Eligible' : 'Not eligible'}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {/* The figure stands out only when it can be paid out now. */}
        <Figure
          label="Available for payout"
          value={eligibility.available_amount}
          strong={eligibility.eligible}
        />
        <Figure label="Total donations" value={funds.total_donations} />
        <Figure label="Platform and processing fees" value={funds.platform_fee} />
        <Figure label="Total paid out" value={funds.total_paid_out} />
      </SimpleGrid>
      {eligibility.eligible ? (
        <Group>
          <Button
            leftSection={<IconCash size={18} />}
            onClick={() => {
              setOpening((count) => count + 1);
              setOpened(true);
            }}
          >
            Request Payout
          </Button>
        </Group>
      ) : (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title={PAYOUT_UI_MESSAGES.notEligible}
        >
          {eligibility.reason}
        </Alert>
      )}
      <PayoutRequestDialog
        key={opening}
        projectId={projectId}
        available={eligibility.available_amount}
        opened={opened}
        onClose={close}
      />
    </Stack>
  );
}

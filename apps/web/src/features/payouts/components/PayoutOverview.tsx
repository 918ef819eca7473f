import { Alert, Badge } from '@mantine/core';
import { Group, Paper, SimpleGrid, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconCash, IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { exponent, type PayoutEligibility } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { PayoutRequestDialog } from './PayoutRequestDialog';

function Figure({
  label,
  value,
  currency,
  strong = false,
}: {
  label: string;
  value: number;
  currency: string;
  strong?: boolean;
}) {
  const i18n = useI18n();
  return (
    <Paper bg={strong ? 'teal.0' : 'gray.0'} radius="md" p="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={strong ? 24 : 20} fw={700} c={strong ? 'teal.8' : undefined}>
        {i18n.money(value, currency)}
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
  const i18n = useI18n();
  const [opened, setOpened] = useState(false);
  const [opening, setOpening] = useState(0);
  const close = useCallback(() => setOpened(false), []);
  const funds = eligibility.funds_info;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text fw={600}>{i18n.t('payouts.overview.eligibility')}</Text>
        <Badge color={eligibility.eligible ? 'teal' : 'gray'} variant="light">
          {i18n.t(eligibility.eligible ? 'payouts.overview.eligible' : 'payouts.overview.notEligible')}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {/* The figure stands out only when it can be paid out now. */}
        <Figure
          label={i18n.t('payouts.overview.available')}
          value={eligibility.available_amount}
          currency={eligibility.currency}
          strong={eligibility.eligible}
        />
        <Figure
          label={i18n.t('payouts.overview.totalDonations')}
          value={funds.total_donations}
          currency={eligibility.currency}
        />
        <Figure
          label={i18n.t('payouts.overview.fees')}
          value={funds.platform_fee}
          currency={eligibility.currency}
        />
        <Figure
          label={i18n.t('payouts.overview.totalPaidOut')}
          value={funds.total_paid_out}
          currency={eligibility.currency}
        />
      </SimpleGrid>
      {eligibility.to_come.length > 0 && (
        // Instalments of plans still running (DESIGN.md §20): available once collected, by the day they are due.
        <Stack gap={4} data-testid="instalments-to-come">
          <Text size="sm" fw={600}>
            {i18n.t('payouts.overview.toCome')}
          </Text>
          {eligibility.to_come.map((due) => (
            <Text size="sm" key={due.due_on}>
              {i18n.t('payouts.overview.toComeOn', {
                amount: i18n.money(due.amount, eligibility.currency, exponent(eligibility.currency)),
                date: i18n.calendarDate(due.due_on),
              })}
            </Text>
          ))}
        </Stack>
      )}
      {eligibility.eligible ? (
        <Group>
          <Button
            leftSection={<IconCash size={18} />}
            onClick={() => {
              setOpening((count) => count + 1);
              setOpened(true);
            }}
          >
            {i18n.t('payouts.request.title')}
          </Button>
        </Group>
      ) : (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title={i18n.t('payouts.overview.notEligibleTitle')}
        >
          {eligibility.reason && i18n.t(eligibility.reason)}
        </Alert>
      )}
      <PayoutRequestDialog
        key={opening}
        projectId={projectId}
        available={eligibility.available_amount}
        currency={eligibility.currency}
        opened={opened}
        onClose={close}
      />
    </Stack>
  );
}

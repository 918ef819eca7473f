import { Alert, Loader } from '@mantine/core';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { IconAlertCircle } from '@tabler/icons-react';
import type { Project } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { useCampaignRefunds } from '@/features/projects/api/project-actions';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Stack>
  );
}

/**
 * Where the money of a campaign ended early stands, for admins (DESIGN.md §18): the pledges released, those
 * refunded and still to refund, and the money that could not be recovered with why; read again while refunds run.
 */
export function RefundStatus({ project }: { project: Pick<Project, 'id' | 'currency'> }) {
  const i18n = useI18n();
  const refunds = useCampaignRefunds(project.id, true);
  const heading = i18n.t('projects.refunds.heading');

  let body;
  if (refunds.isError) {
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {serverMessage(refunds.error) ?? i18n.t('projects.refunds.loadFailed')}
      </Alert>
    );
  } else if (!refunds.data) {
    body = (
      <Group justify="center" py="sm">
        <Loader size="sm" aria-label={heading} />
      </Group>
    );
  } else {
    const status = refunds.data;
    const money = (amount: number) => i18n.money(amount, status.currency);
    body = (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Figure label={i18n.t('projects.refunds.released')} value={i18n.number(status.released)} />
          <Figure
            label={i18n.t('projects.refunds.refunded')}
            value={i18n.t('projects.refunds.countAmount', {
              count: status.refunded,
              amount: money(status.refunded_amount),
            })}
          />
          <Figure
            label={i18n.t('projects.refunds.toRefund')}
            value={i18n.t('projects.refunds.countAmount', {
              count: status.to_refund,
              amount: money(status.to_refund_amount),
            })}
          />
        </SimpleGrid>
        {status.to_refund > 0 && (
          <Text size="sm" c="dimmed" role="status">
            {i18n.t('projects.refunds.inProgress')}
          </Text>
        )}
        {status.blocked.length > 0 && (
          <Stack gap={4}>
            <Title order={3} fz="sm">
              {i18n.t('projects.refunds.blocked')}
            </Title>
            <Stack component="ul" gap={4} m={0} pl="md">
              {status.blocked.map((pledge) => (
                <Text component="li" size="sm" key={pledge.donation_id}>
                  {i18n.t('projects.refunds.blockedPledge', {
                    id: pledge.donation_id,
                    backer: pledge.backer,
                    amount: money(pledge.amount),
                    reason: pledge.reason,
                  })}
                </Text>
              ))}
            </Stack>
          </Stack>
        )}
        {status.payouts_not_recovered.length > 0 && (
          <Stack gap={4}>
            <Title order={3} fz="sm">
              {i18n.t('projects.refunds.payoutsNotRecovered')}
            </Title>
            <Stack component="ul" gap={4} m={0} pl="md">
              {status.payouts_not_recovered.map((payout) => (
                <Text component="li" size="sm" key={payout.payout_id}>
                  {i18n.t('projects.refunds.payout', { id: payout.payout_id, amount: money(payout.amount) })}
                </Text>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      shadow="xs"
      component="section"
      aria-label={heading}
      style={{ borderColor: 'var(--mantine-color-grape-3)' }}
    >
      <Stack gap="md">
        <Title order={2} fz="lg">
          {heading}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

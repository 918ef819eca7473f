import { Alert, Badge, Skeleton, Table } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle } from '@tabler/icons-react';
import type { PayoutFailureReason, Translator } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePayoutHistory } from '../api/payouts';

const STATUSES: Record<string, { color: string; label: string }> = {
  COMPLETED: { color: 'teal', label: 'payouts.status.completed' },
  PENDING: { color: 'yellow', label: 'payouts.status.pending' },
  FAILED: { color: 'red', label: 'payouts.status.failed' },
  // A suspended project's payouts (DESIGN.md §18): a pending one is cancelled, a paid one taken back.
  CANCELED: { color: 'gray', label: 'payouts.status.canceled' },
  REVERSED: { color: 'orange', label: 'payouts.status.reversed' },
};

/** Why a payout failed, as its creator reads it: the amount is back in what they may take out. */
const FAILURE_REASONS: Record<PayoutFailureReason, string> = {
  insufficient_funds: 'payouts.failure.insufficientFunds',
  transfer_failed: 'payouts.failure.transferFailed',
};

/**
 * A payout's status badge: COMPLETED, PENDING, FAILED, CANCELED, REVERSED in their colours and words; any other value
 * as it is.
 */
export function PayoutStatusBadge({ status }: { status: string }) {
  const i18n = useI18n();
  const known = STATUSES[status];
  return (
    <Badge color={known?.color ?? 'gray'} variant="light">
      {known ? i18n.t(known.label) : status}
    </Badge>
  );
}

/** A timestamp as a date and time in the reader's language, or 'Unknown date' (SPEC §8). */
export function formatPayoutDate(i18n: Translator, timestamp: string | null | undefined): string {
  return i18n.formatDate(timestamp ?? Number.NaN, 'dateTime');
}

/** The Payout History tab: a table of the project's payouts, newest first, with Load More. */
export function PayoutHistory({ projectId }: { projectId: number }) {
  const i18n = useI18n();
  const history = usePayoutHistory(projectId);

  if (history.isPending)
    return <Skeleton height={120} radius="md" aria-label={i18n.t('payouts.history.loading')} />;
  if (history.isError && !history.data) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {i18n.t('payouts.loadFailed')}
      </Alert>
    );
  }
  const payouts = history.data.pages.flatMap((page) => page.payouts);
  if (payouts.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {i18n.t('payouts.history.empty')}
      </Text>
    );
  }
  const loadMore = () => {
    void history.fetchNextPage().then((result) => {
      if (result.isError) notify.error(i18n.t('payouts.history.moreFailed'));
    });
  };
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={i18n.t('payouts.history.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{i18n.t('payouts.history.date')}</Table.Th>
              <Table.Th>{i18n.t('payouts.history.amount')}</Table.Th>
              <Table.Th>{i18n.t('payouts.history.fee')}</Table.Th>
              <Table.Th>{i18n.t('payouts.history.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payouts.map((payout) => (
              <Table.Tr key={payout.id}>
                <Table.Td>{formatPayoutDate(i18n, payout.created_at)}</Table.Td>
                <Table.Td>{i18n.money(payout.amount, payout.currency)}</Table.Td>
                <Table.Td>{i18n.money(payout.fee_amount, payout.currency)}</Table.Td>
                <Table.Td>
                  <PayoutStatusBadge status={payout.status} />
                  {payout.failure_reason && (
                    <Text size="xs" c="dimmed" mt={4} maw={260}>
                      {i18n.t(FAILURE_REASONS[payout.failure_reason])}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="center">
        {history.hasNextPage ? (
          <Button variant="light" onClick={loadMore} loading={history.isFetchingNextPage}>
            {i18n.t('payouts.history.loadMore')}
          </Button>
        ) : (
          history.data.pages.length > 1 && (
            <Text size="sm" c="dimmed">
              {i18n.t('payouts.history.noMore')}
            </Text>
          )
        )}
      </Group>
    </Stack>
  );
}

import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { formatDollars } from '@fundry/shared';
import { notify } from '@/lib/notify';
import { usePayoutHistory } from '../api/payouts';
import { PAYOUT_UI_MESSAGES } from './messages';

const STATUS_COLORS: Record<string, string> = { COMPLETED: 'teal', PENDING: 'yellow', FAILED: 'red' };

/** A payout's status badge: COMPLETED, PENDING, FAILED in their colours; any other value as it is. */
export function PayoutStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}

/** A timestamp as a local date and time, or 'Unknown date' (SPEC §8). */
export function formatPayoutDate(timestamp: string | null | undefined): string {
  const value = new Date(timestamp ?? Number.NaN);
  return Number.isNaN(value.getTime())
    ? 'Unknown date'
    : value.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The Payout History tab: a table of the project's payouts, newest first, with Load More. */
export function PayoutHistory({ projectId }: { projectId: number }) {
  const history = usePayoutHistory(projectId);

  if (history.isPending) return <Skeleton height={120} radius="md" aria-label="Loading payout history" />;
  if (history.isError && !history.data) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {PAYOUT_UI_MESSAGES.loadFailed}
      </Alert>
    );
  }
  const payouts = history.data.pages.flatMap((page) => page.payouts);
  if (payouts.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        No payouts yet.
      </Text>
    );
  }
  const loadMore = () => {
    void history.fetchNextPage().then((result) => {
      if (result.isError) notify.error(PAYOUT_UI_MESSAGES.moreHistoryFailed);
    });
  };
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Payout history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Fee</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payouts.map((payout) => (
              <Table.Tr key={payout.id}>
                <Table.Td>{formatPayoutDate(payout.created_at)}</Table.Td>
                <Table.Td>{formatDollars(payout.amount, 2)}</Table.Td>
                <Table.Td>{formatDollars(payout.fee_amount, 2)}</Table.Td>
                <Table.Td>
                  <PayoutStatusBadge status={payout.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="center">
        {history.hasNextPage ? (
          <Button variant="light" onClick={loadMore} loading={history.isFetchingNextPage}>
            Load More
          </Button>
        ) : (
          history.data.pages.length > 1 && (
            <Text size="sm" c="dimmed">
              {PAYOUT_UI_MESSAGES.noMoreHistory}
            </Text>
          )
        )}
      </Group>
    </Stack>
  );
}

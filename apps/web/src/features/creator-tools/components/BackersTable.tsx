import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconReceiptRefund, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { type BackerRow, type DonationStatusName, formatDollars, type Reward } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageNavigation } from '@/components/PageNavigation';
import { serverMessage } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import { type BackerFilters, downloadBackersCsv, useBackers, useMarkSent, useRefund } from '../api/tools';

export const STATUS_LABELS: Partial<Record<DonationStatusName, string>> = {
  PLEDGED: 'Pledged (card saved)',
  COLLECTING: 'Being charged',
  SUCCEEDED: 'Collected',
  PAYMENT_FAILED: 'Payment failed',
  REFUNDED: 'Refunded',
  CANCELED: 'Cancelled',
  RELEASED: 'Released',
  DROPPED: 'Dropped',
};

const STATUS_COLORS: Partial<Record<DonationStatusName, string>> = {
  SUCCEEDED: 'teal',
  PLEDGED: 'blue',
  PAYMENT_FAILED: 'red',
  REFUNDED: 'gray',
};

function address(row: BackerRow) {
  const a = row.shipping_address;
  if (!a) return null;
  return [a.name, a.line1, a.line2, [a.postal_code, a.city].join(' '), a.region, a.country]
    .filter(Boolean)
    .join(', ');
}

/** A project's backers for its creator: filters, CSV export, rewards marked sent, refunds (DESIGN.md §12). */
export function BackersTable({ projectId, rewards }: { projectId: number; rewards: Reward[] }) {
  const [filters, setFilters] = useState<BackerFilters>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [refunding, setRefunding] = useState<BackerRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const backers = useBackers(projectId, filters, page);
  const markSent = useMarkSent(projectId);
  const refund = useRefund(projectId);

  const setFilter = (next: BackerFilters) => {
    setFilters(next);
    setPage(1);
    setSelected([]);
  };
  const rows = backers.data?.data ?? [];
  const selectable = rows.filter((row) => row.can_mark_sent).map((row) => row.donation_id);

  const send = (ids: number[]) =>
    markSent.mutate(ids, {
      onSuccess: (response) => {
        notify.success(response.message);
        setSelected([]);
      },
      onError: (error) => notify.error(serverMessage(error) ?? 'Failed to mark the reward as sent'),
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadBackersCsv(projectId, filters);
    } catch (error) {
      notify.error(serverMessage(error) ?? 'Failed to export the backers');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Status"
          placeholder="All statuses"
          clearable
          w={200}
          data={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          value={filters.status ?? null}
          onChange={(value) =>
            setFilter({ ...filters, status: (value as DonationStatusName | null) ?? undefined })
          }
        />
        <Select
          label="Reward"
          placeholder="All rewards"
          clearable
          w={220}
          data={rewards.map((reward) => ({ value: String(reward.id), label: reward.title }))}
          value={filters.reward_id ? String(filters.reward_id) : null}
          onChange={(value) => setFilter({ ...filters, reward_id: value ? Number(value) : undefined })}
        />
        <Group gap="sm" ml="auto">
          <Button
            variant="outline"
            leftSection={<IconTruckDelivery size={18} />}
            disabled={selected.length === 0}
            loading={markSent.isPending && selected.length > 0}
            onClick={() => send(selected)}
          >
            Mark selected sent{selected.length > 0 ? ` (${selected.length})` : ''}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        </Group>
      </Group>

      {backers.isPending && <Loader aria-label="Loading backers" />}
      {backers.isError && (
        <Alert color="red" role="alert">
          {serverMessage(backers.error) ?? 'Failed to load the backers'}
        </Alert>
      )}
      {backers.data && rows.length === 0 && <Text c="dimmed">No backers match these filters yet.</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Backers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select every reward that can be marked sent"
                    checked={selectable.length > 0 && selectable.every((id) => selected.includes(id))}
                    indeterminate={selected.length > 0 && !selectable.every((id) => selected.includes(id))}
                    disabled={selectable.length === 0}
                    onChange={(event) => setSelected(event.currentTarget.checked ? selectable : [])}
                  />
                </Table.Th>
                <Table.Th>Backer</Table.Th>
                <Table.Th>Pledge</Table.Th>
                <Table.Th>Reward</Table.Th>
                <Table.Th>Ship to</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.donation_id} data-testid={`backer-${row.donation_id}`}>
                  <Table.Td>
                    {row.can_mark_sent && (
                      <Checkbox
                        aria-label={`Select the reward of ${row.backer.name}`}
                        checked={selected.includes(row.donation_id)}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          setSelected((current) =>
                            checked
                              ? [...current, row.donation_id]
                              : current.filter((id) => id !== row.donation_id),
                          );
                        }}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.backer.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.backer.email}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDollars(row.amount, 2)}</Text>
                    <Group gap={4}>
                      <Badge size="xs" variant="outline" color={STATUS_COLORS[row.status] ?? 'gray'}>
                        {STATUS_LABELS[row.status] ?? row.status}
                      </Badge>
                    </Group>
                    {row.pledged_at && (
                      <Text size="xs" c="dimmed">
                        {new Date(row.pledged_at).toLocaleDateString('en-US', { timeZone: 'UTC' })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.reward?.title ?? 'No reward'}</Text>
                    {row.fulfilment_status === 'sent' && (
                      <Badge size="xs" color="teal" variant="outline">
                        Sent
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td maw={260}>
                    <Text size="xs">{address(row) ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {row.can_mark_sent && (
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={`Mark reward sent to ${row.backer.name}`}
                          loading={markSent.isPending && markSent.variables?.[0] === row.donation_id}
                          onClick={() => send([row.donation_id])}
                        >
                          Mark reward sent
                        </Button>
                      )}
                      {row.can_refund && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconReceiptRefund size={14} />}
                          aria-label={`Refund ${row.backer.name}`}
                          onClick={() => setRefunding(row)}
                        >
                          Refund
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PageNavigation
        page={page}
        total={backers.data?.meta.pages ?? 1}
        onChange={setPage}
        label="Backer pages"
      />
      <ConfirmDialog
        opened={refunding !== null}
        title="Refund pledge"
        confirmLabel="Refund in full"
        loading={refund.isPending}
        onClose={() => {
          if (!refund.isPending) setRefunding(null);
        }}
        onConfirm={() =>
          refunding &&
          !refund.isPending &&
          refund.mutate(refunding.donation_id, {
            onSuccess: (response) => {
              notify.success(response.message);
              setRefunding(null);
            },
            onError: (error) => {
              notify.error(serverMessage(error) ?? 'Failed to refund the pledge');
              setRefunding(null);
            },
          })
        }
      >
        {refunding
          ? `${refunding.backer.name} gets ${formatDollars(refunding.amount, 2)} back on their card, and the pledge no longer counts toward the goal. This cannot be undone.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}

import { Alert, Badge, Checkbox, Loader, Select, Table } from '@mantine/core';
import { Anchor, Group, Stack, Text, VisuallyHidden } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconDownload, IconReceiptRefund, IconTruckDelivery } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import {
  type AddOn,
  BACKER_STATUS_KEYS,
  type BackerRow,
  type DonationStatusName,
  exponent,
  FULFILMENT_FILTERS,
  type Reward,
  SURVEY_FILTERS,
} from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageNavigation } from '@/components/PageNavigation';
import { serverMessage } from '@/lib/api-errors';
import { formatAddress } from '@/lib/countries';
import { useI18n } from '@/lib/i18n';
import { pledgedAddOnsText } from '@/lib/pledged-add-ons';
import { notify } from '@/lib/notify';
import { type BackerFilters, downloadBackersCsv, useBackers, useMarkSent, useRefund } from '../api/tools';
import { MarkSentDialog } from './MarkSentDialog';
import { personName } from '@/lib/people';

const STATUS_COLORS: Partial<Record<DonationStatusName, string>> = {
  SUCCEEDED: 'teal',
  PLEDGED: 'blue',
  PAYMENT_FAILED: 'red',
  REFUNDED: 'gray',
  DEFAULTED: 'orange',
};

/** A project's backers for its creator: filters, CSV export, rewards marked sent, refunds (DESIGN.md §12). */
export function BackersTable({
  projectId,
  rewards,
  addOns = [],
  messageBackers,
}: {
  projectId: number;
  rewards: Reward[];
  /** The project's add-ons: the list filters by one when it has any. */
  addOns?: AddOn[];
  /** Message the backers of the current filter (messages; the creator only), given the filter and its pledges. */
  messageBackers?: (filters: BackerFilters, pledges: number) => ReactNode;
}) {
  const i18n = useI18n();
  // The day of the pledge as it was in UTC, the day the server counts it on.
  const [filters, setFilters] = useState<BackerFilters>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [refunding, setRefunding] = useState<BackerRow | null>(null);
  /** The pledges whose rewards the "mark sent" dialog is about. */
  const [sending, setSending] = useState<number[] | null>(null);
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

  const send = (trackingUrl: string | undefined) =>
    sending &&
    markSent.mutate(
      { donationIds: sending, trackingUrl },
      {
        onSuccess: (response) => {
          notify.success(response.message);
          setSelected([]);
          setSending(null);
        },
        onError: (error) => notify.error(serverMessage(error) ?? i18n.t('creatorTools.backers.markFailed')),
      },
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadBackersCsv(projectId, filters);
    } catch (error) {
      notify.error(serverMessage(error) ?? i18n.t('creatorTools.backers.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={i18n.t('creatorTools.backers.statusFilter')}
          placeholder={i18n.t('creatorTools.backers.allStatuses')}
          clearable
          w={200}
          data={Object.entries(BACKER_STATUS_KEYS).map(([value, label]) => ({ value, label: i18n.t(label) }))}
          value={filters.status ?? null}
          onChange={(value) =>
            setFilter({ ...filters, status: (value as DonationStatusName | null) ?? undefined })
          }
        />
        <Select
          label={i18n.t('creatorTools.backers.rewardFilter')}
          placeholder={i18n.t('creatorTools.backers.allRewards')}
          clearable
          w={220}
          data={rewards.map((reward) => ({ value: String(reward.id), label: reward.title }))}
          value={filters.reward_id ? String(filters.reward_id) : null}
          onChange={(value) => setFilter({ ...filters, reward_id: value ? Number(value) : undefined })}
        />
        {addOns.length > 0 && (
          <Select
            label={i18n.t('creatorTools.backers.addOnFilter')}
            placeholder={i18n.t('creatorTools.backers.allAddOns')}
            clearable
            w={220}
            data={addOns.map((addOn) => ({ value: String(addOn.id), label: addOn.title }))}
            value={filters.add_on_id ? String(filters.add_on_id) : null}
            onChange={(value) => setFilter({ ...filters, add_on_id: value ? Number(value) : undefined })}
          />
        )}
        <Select
          label={i18n.t('creatorTools.backers.fulfilmentFilter')}
          placeholder={i18n.t('creatorTools.backers.fulfilmentAll')}
          clearable
          w={200}
          data={FULFILMENT_FILTERS.map((value) => ({
            value,
            label: i18n.t(`creatorTools.backers.fulfilment.${value}`),
          }))}
          value={filters.fulfilment ?? null}
          onChange={(value) => setFilter({ ...filters, fulfilment: value ?? undefined })}
        />
        <Select
          label={i18n.t('creatorTools.backers.surveyFilter')}
          placeholder={i18n.t('creatorTools.backers.surveyAll')}
          clearable
          w={200}
          data={SURVEY_FILTERS.map((value) => ({
            value,
            label: i18n.t(`creatorTools.backers.survey.${value}`),
          }))}
          value={filters.survey ?? null}
          onChange={(value) => setFilter({ ...filters, survey: value ?? undefined })}
        />
        <Group gap="sm" ml="auto">
          {messageBackers?.(filters, backers.data?.meta.total ?? 0)}
          <Button
            variant="outline"
            leftSection={<IconTruckDelivery size={18} />}
            disabled={selected.length === 0}
            onClick={() => setSending(selected)}
          >
            {selected.length > 0
              ? i18n.t('creatorTools.backers.markSelectedCount', { count: selected.length })
              : i18n.t('creatorTools.backers.markSelected')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            {i18n.t('creatorTools.backers.export')}
          </Button>
        </Group>
      </Group>

      {backers.isPending && <Loader aria-label={i18n.t('creatorTools.backers.loading')} />}
      {backers.isError && (
        <Alert color="red" role="alert">
          {serverMessage(backers.error) ?? i18n.t('creatorTools.backers.loadFailed')}
        </Alert>
      )}
      {backers.data && rows.length === 0 && <Text c="dimmed">{i18n.t('creatorTools.backers.empty')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={i18n.t('creatorTools.backers.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={i18n.t('creatorTools.backers.selectAll')}
                    checked={selectable.length > 0 && selectable.every((id) => selected.includes(id))}
                    indeterminate={selected.length > 0 && !selectable.every((id) => selected.includes(id))}
                    disabled={selectable.length === 0}
                    onChange={(event) => setSelected(event.currentTarget.checked ? selectable : [])}
                  />
                </Table.Th>
                <Table.Th>{i18n.t('creatorTools.backers.backer')}</Table.Th>
                <Table.Th>{i18n.t('creatorTools.backers.pledge')}</Table.Th>
                <Table.Th>{i18n.t('creatorTools.backers.reward')}</Table.Th>
                <Table.Th>{i18n.t('creatorTools.backers.shipTo')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{i18n.t('creatorTools.backers.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.donation_id} data-testid={`backer-${row.donation_id}`}>
                  <Table.Td>
                    {row.can_mark_sent && (
                      <Checkbox
                        aria-label={i18n.t('creatorTools.backers.select', {
                          name: personName(row.backer.name, i18n),
                        })}
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
                      {personName(row.backer.name, i18n)}
                    </Text>
                    {/* A closed account keeps no address (migration 0044): its name says it was closed. */}
                    {row.backer.email && (
                      <Text size="xs" c="dimmed">
                        {row.backer.email}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{i18n.money(row.amount, row.currency)}</Text>
                    <Group gap={4}>
                      <Badge size="xs" variant="outline" color={STATUS_COLORS[row.status] ?? 'gray'}>
                        {i18n.t(BACKER_STATUS_KEYS[row.status] ?? row.status)}
                      </Badge>
                      {row.late && (
                        <Badge size="xs" variant="light" color="violet">
                          {i18n.t('creatorTools.late.marker')}
                        </Badge>
                      )}
                    </Group>
                    {row.plan && (
                      // Pay over time (DESIGN.md §20): how much of the plan was paid, and its instalments.
                      <Text size="xs" data-testid="backer-plan">
                        {i18n.t('creatorTools.backers.plan', {
                          paid: i18n.money(row.plan.paid, row.currency, exponent(row.currency)),
                          count: row.plan.instalments.filter((line) => line.status === 'paid').length,
                          total: row.plan.instalments.length,
                        })}
                      </Text>
                    )}
                    {row.pledged_at && (
                      <Text size="xs" c="dimmed">
                        {i18n.formatDate(row.pledged_at, 'numericUtc')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.reward?.title ?? i18n.t('creatorTools.backers.noReward')}</Text>
                    {row.add_ons.length > 0 && (
                      <Text size="xs" c="dimmed">
                        {i18n.t('backing.pledge.withAddOns', { items: pledgedAddOnsText(i18n, row.add_ons) })}
                      </Text>
                    )}
                    {row.fulfilment_status !== null && (
                      <Group gap={6}>
                        <Badge
                          size="xs"
                          color={row.fulfilment_status === 'received' ? 'green' : 'teal'}
                          variant={row.fulfilment_status === 'received' ? 'light' : 'outline'}
                        >
                          {i18n.t(
                            row.fulfilment_status === 'received'
                              ? 'creatorTools.backers.received'
                              : 'creatorTools.backers.sent',
                          )}
                        </Badge>
                        {row.tracking_url && (
                          <Anchor
                            href={row.tracking_url}
                            target="_blank"
                            rel="noopener noreferrer"
                            size="xs"
                            aria-label={i18n.t('creatorTools.backers.trackingLinkFor', {
                              name: personName(row.backer.name, i18n),
                            })}
                          >
                            {i18n.t('creatorTools.backers.trackingLink')}
                          </Anchor>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td maw={260}>
                    <Text size="xs">
                      {row.shipping_address ? formatAddress(i18n, row.shipping_address) : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {row.can_mark_sent && (
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={i18n.t('creatorTools.backers.markSentTo', {
                            name: personName(row.backer.name, i18n),
                          })}
                          onClick={() => setSending([row.donation_id])}
                        >
                          {i18n.t('creatorTools.backers.markSent')}
                        </Button>
                      )}
                      {row.can_refund && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconReceiptRefund size={14} />}
                          aria-label={i18n.t('creatorTools.backers.refundLabel', {
                            name: personName(row.backer.name, i18n),
                          })}
                          onClick={() => setRefunding(row)}
                        >
                          {i18n.t('creatorTools.backers.refund')}
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
        label={i18n.t('creatorTools.backers.pages')}
      />
      <MarkSentDialog
        // A new dialog each time, so a link typed for other rewards is not offered again.
        key={sending?.join() ?? 'closed'}
        opened={sending !== null}
        count={sending?.length ?? 0}
        loading={markSent.isPending}
        onClose={() => setSending(null)}
        onConfirm={send}
      />
      <ConfirmDialog
        opened={refunding !== null}
        title={i18n.t('creatorTools.backers.refundTitle')}
        confirmLabel={i18n.t('creatorTools.backers.refundConfirm')}
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
              notify.error(serverMessage(error) ?? i18n.t('creatorTools.backers.refundFailed'));
              setRefunding(null);
            },
          })
        }
      >
        {refunding
          ? i18n.t('creatorTools.backers.refundQuestion', {
              name: personName(refunding.backer.name, i18n),
              amount: i18n.money(refunding.amount, refunding.currency),
            })
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}

import { Alert, Loader, Skeleton, Table, TextInput } from '@mantine/core';
import { Group, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy, IconDownload, IconPlus } from '@tabler/icons-react';
import { lazy, type FormEvent, Suspense, useEffect, useState } from 'react';
import { REFERRAL_TAG_NAME_MAX, type ReferralTag, TIMINGS_MS } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { downloadReferralsCsv, useCreateReferralTag, useReferralTags, useReferrals } from '../api/referrals';

// Drawn with the funding curve's chart library, in a chunk of its own fetched while the report loads.
const loadChart = () => import('./ReferralChart');
const ReferralChart = lazy(async () => ({ default: (await loadChart()).ReferralChart }));

function TagLink({ tag }: { tag: ReferralTag }) {
  const i18n = useI18n();
  const clipboard = useClipboard({ timeout: TIMINGS_MS.shareCopied });
  return (
    <Group component="li" gap="xs" wrap="wrap" style={{ listStyle: 'none' }}>
      <Text fw={600} size="sm" miw={120}>
        {tag.name}
      </Text>
      <Text
        size="xs"
        c="dimmed"
        style={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}
        dir="ltr"
      >
        {tag.link}
      </Text>
      <Button
        size="xs"
        variant="default"
        leftSection={clipboard.copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
        aria-label={i18n.t('creatorTools.referrals.copyLink', { name: tag.name })}
        onClick={() => clipboard.copy(tag.link)}
      >
        {i18n.t(clipboard.copied ? 'projects.share.copied' : 'projects.share.copy')}
      </Button>
    </Group>
  );
}

/** The creator's tags: a name makes a link to copy (`?ref=NAME`); only the creator makes them. */
function Tags({ projectId, mayCreate }: { projectId: number; mayCreate: boolean }) {
  const i18n = useI18n();
  const tags = useReferralTags(projectId);
  const create = useCreateReferralTag(projectId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(name.trim(), {
      onSuccess: (reply) => {
        setName('');
        if (reply.message) notify.success(reply.message);
      },
      onError: (failure) => setError(serverMessage(failure) ?? i18n.t('creatorTools.referrals.tagFailed')),
    });
  };
  return (
    <Stack gap="sm">
      <Title order={3} fz="md" id="referral-tags-title">
        {i18n.t('creatorTools.referrals.tagsTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {i18n.t('creatorTools.referrals.tagsExplain')}
      </Text>
      {mayCreate && (
        <form onSubmit={submit}>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label={i18n.t('creatorTools.referrals.tagName')}
              placeholder={i18n.t('creatorTools.referrals.tagPlaceholder')}
              value={name}
              maxLength={REFERRAL_TAG_NAME_MAX}
              onChange={(event) => setName(event.currentTarget.value)}
              error={error}
              style={{ flex: 1, maxWidth: 320 }}
            />
            <Button type="submit" mt={24} leftSection={<IconPlus size={16} />} loading={create.isPending}>
              {i18n.t('creatorTools.referrals.createTag')}
            </Button>
          </Group>
        </form>
      )}
      {tags.data && tags.data.length > 0 && (
        <Stack component="ul" gap={6} p={0} m={0} aria-labelledby="referral-tags-title">
          {tags.data.map((tag) => (
            <TagLink key={tag.id} tag={tag} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** "Where backers come from" (DESIGN.md §19): visits, pledges, amount and conversion per source, by day, as CSV. */
export function ReferralSources({ projectId, mayCreateTags }: { projectId: number; mayCreateTags: boolean }) {
  const i18n = useI18n();
  const report = useReferrals(projectId);
  const [exporting, setExporting] = useState(false);
  useEffect(() => {
    void loadChart();
  }, []);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadReferralsCsv(projectId);
    } catch (error) {
      notify.error(serverMessage(error) ?? i18n.t('creatorTools.backers.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  const percent = (value: number) => i18n.number(value, { style: 'percent', maximumFractionDigits: 1 });
  const kindLabel = (kind: string) => i18n.t(`creatorTools.referrals.kinds.${kind}`);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 220 }}>
          {i18n.t('creatorTools.referrals.explain')}
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          {i18n.t('creatorTools.referrals.export')}
        </Button>
      </Group>
      {report.isPending && <Loader size="sm" aria-label={i18n.t('creatorTools.referrals.loading')} />}
      {report.isError && (
        <Alert color="red" role="alert">
          {serverMessage(report.error) ?? i18n.t('creatorTools.referrals.loadFailed')}
        </Alert>
      )}
      {report.data && (
        <>
          <Suspense fallback={<Skeleton height={200} radius="md" />}>
            <ReferralChart report={report.data} />
          </Suspense>
          <Stack gap="xs">
            <Title order={3} fz="md" id="referral-table-title">
              {i18n.t('creatorTools.referrals.tableTitle')}
            </Title>
            {report.data.sources.length === 0 ? (
              <Text size="sm" c="dimmed">
                {i18n.t('creatorTools.referrals.empty')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table fz="sm" verticalSpacing={6} aria-labelledby="referral-table-title" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{i18n.t('creatorTools.referrals.source')}</Table.Th>
                      <Table.Th ta="end">{i18n.t('creatorTools.referrals.visits')}</Table.Th>
                      <Table.Th ta="end">{i18n.t('creatorTools.referrals.pledges')}</Table.Th>
                      <Table.Th ta="end">{i18n.t('creatorTools.referrals.amount')}</Table.Th>
                      <Table.Th ta="end">{i18n.t('creatorTools.referrals.share')}</Table.Th>
                      <Table.Th ta="end">{i18n.t('creatorTools.referrals.conversion')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.data.sources.map((row) => (
                      <Table.Tr key={row.source}>
                        <Table.Td>
                          <Text size="sm" fw={600} span dir="auto">
                            {row.kind === 'direct' ? kindLabel('direct') : row.source}
                          </Text>
                          {row.kind !== 'direct' && (
                            <Text size="xs" c="dimmed" span style={{ marginInlineStart: 6 }}>
                              {kindLabel(row.kind)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="end">{i18n.number(row.visits)}</Table.Td>
                        <Table.Td ta="end">{i18n.number(row.pledges)}</Table.Td>
                        <Table.Td ta="end">{i18n.money(row.amount, report.data.currency)}</Table.Td>
                        <Table.Td ta="end">{percent(row.share_of_amount)}</Table.Td>
                        <Table.Td ta="end">
                          {row.conversion === null ? '—' : percent(row.conversion)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </>
      )}
      <Tags projectId={projectId} mayCreate={mayCreateTags} />
    </Stack>
  );
}

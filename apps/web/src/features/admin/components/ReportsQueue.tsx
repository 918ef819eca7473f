import { Alert, Badge, Loader, SegmentedControl } from '@mantine/core';
import { Anchor, Group, Paper, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '@/lib/router';
import {
  COMMUNITY_MESSAGES,
  type Report,
  REPORT_CATEGORY_LABEL,
  type ReportResolutionAction,
} from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useReports, useResolveReport } from '../api/admin';
import { ReasonDialog } from '@/components/moderation/ReasonDialog';
import { personName } from '@/lib/people';

/** Catalog keys: each resolution's name, and the dialog of each action. */
const RESOLUTION_LABEL: Record<NonNullable<Report['resolution']>, string> = {
  dismissed: 'admin.reports.resolution.dismissed',
  project_rejected: 'admin.reports.resolution.projectRejected',
  comment_removed: 'admin.reports.resolution.commentRemoved',
};

const ACTION_TEXT: Record<ReportResolutionAction, { title: string; confirm: string; description: string }> = {
  dismiss: {
    title: 'admin.reports.dismiss.title',
    confirm: 'admin.reports.dismiss.confirm',
    description: 'admin.reports.dismiss.description',
  },
  reject_project: {
    title: 'admin.reports.rejectProject.title',
    confirm: 'admin.reports.rejectProject.confirm',
    description: 'admin.reports.rejectProject.description',
  },
  remove_comment: {
    title: 'admin.reports.removeComment.title',
    confirm: 'admin.reports.removeComment.confirm',
    description: 'admin.reports.removeComment.description',
  },
};

/** Each kind of report's badge: a private message (messages) and a person can only be dismissed here. */
const TARGET_BADGE: Record<Report['target_type'], { label: string; color: string }> = {
  project: { label: 'admin.reports.project', color: 'blue' },
  comment: { label: 'admin.reports.comment', color: 'orange' },
  message: { label: 'admin.reports.message', color: 'grape' },
  user: { label: 'admin.reports.user', color: 'red' },
};

/** Who reported it and why: every report of the thing, oldest first, with its category. */
function ReportEntries({ report }: { report: Report }) {
  const i18n = useI18n();
  return (
    <Stack component="ul" gap={4} p={0} m={0} aria-label={i18n.t('admin.reports.entries')}>
      {report.reports.map((entry) => (
        <Stack component="li" key={entry.id} gap={0} style={{ listStyle: 'none' }}>
          <Group gap="xs">
            <Badge size="xs" variant="light" color="gray">
              {i18n.t(REPORT_CATEGORY_LABEL[entry.category])}
            </Badge>
            <Text size="xs" c="dimmed">
              {i18n.t('admin.reports.reportedBy', {
                name: personName(entry.reporter.name, i18n),
                date: i18n.formatDate(entry.created_at, 'numeric'),
              })}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {i18n.t('admin.reports.reasonLabel')}
            </Text>{' '}
            {entry.reason}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** Reported things, oldest first, each once with every report of it, resolved inline with a reason. */
export function ReportsQueue() {
  const i18n = useI18n();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [page, setPage] = useState(1);
  const reports = useReports(status, page);
  const resolve = useResolveReport();
  const [pending, setPending] = useState<{ report: Report; action: ReportResolutionAction } | null>(null);
  const [opened, dialog] = useDisclosure(false);

  const ask = (report: Report, action: ReportResolutionAction) => {
    setPending({ report, action });
    dialog.open();
  };

  let list;
  if (reports.isPending) list = <Loader aria-label={i18n.t('admin.reports.loading')} />;
  else if (reports.isError)
    list = (
      <Alert color="red" role="alert">
        {serverMessage(reports.error) ?? i18n.t('admin.reports.loadFailed')}
      </Alert>
    );
  else if (reports.data.data.length === 0)
    list = (
      <Text c="dimmed" py="lg">
        {i18n.t(status === 'open' ? 'admin.reports.emptyOpen' : 'admin.reports.emptyResolved')}
      </Text>
    );
  else
    list = (
      <Stack gap="sm">
        {reports.data.data.map((report) => (
          <Paper key={report.id} withBorder radius="md" p="md" data-testid={`report-${report.id}`}>
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Badge size="sm" color={TARGET_BADGE[report.target_type].color}>
                      {i18n.t(TARGET_BADGE[report.target_type].label)}
                    </Badge>
                    {report.project && (
                      <Anchor component={Link} to={`/projects/${report.project.id}`} fw={600}>
                        {report.project.title}
                      </Anchor>
                    )}
                    {report.user && <Text fw={600}>{personName(report.user.name, i18n)}</Text>}
                    {report.comment?.hidden && (
                      <Badge size="sm" color="yellow" variant="light">
                        {i18n.t('admin.reports.hidden')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {i18n.t('admin.reports.reportersCount', { count: report.reporters_count })}
                  </Text>
                </Stack>
                {report.resolution && (
                  <Badge variant="outline">{i18n.t(RESOLUTION_LABEL[report.resolution])}</Badge>
                )}
              </Group>
              {report.message && (
                <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {report.message.author && (
                    <Text span fw={600} fs="normal">
                      {i18n.t('admin.reports.messageBy', {
                        name: personName(report.message.author.name, i18n),
                      })}{' '}
                    </Text>
                  )}
                  {i18n.t('admin.reports.quote', { text: report.message.body })}
                </Text>
              )}
              {report.comment && (
                <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap' }}>
                  {i18n.t('admin.reports.quote', { text: report.comment.body })}
                </Text>
              )}
              <ReportEntries report={report} />
              {report.resolution_reason && (
                <Text size="sm" c="dimmed">
                  {i18n.t('admin.reports.resolutionReason', { reason: report.resolution_reason })}
                </Text>
              )}
              {report.status === 'open' && (
                <Group gap="xs">
                  {report.target_type === 'comment' ? (
                    <Button
                      size="xs"
                      color="red"
                      variant="outline"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => ask(report, 'remove_comment')}
                    >
                      {i18n.t('admin.reports.removeComment.confirm')}
                    </Button>
                  ) : report.target_type === 'project' ? (
                    <Button
                      size="xs"
                      color="red"
                      variant="outline"
                      leftSection={<IconBan size={16} />}
                      onClick={() => ask(report, 'reject_project')}
                    >
                      {i18n.t('admin.reports.rejectProject.confirm')}
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconCheck size={16} />}
                    onClick={() => ask(report, 'dismiss')}
                  >
                    {i18n.t('admin.reports.dismiss.confirm')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
        <PageNavigation page={page} total={reports.data.meta.pages} onChange={setPage} />
      </Stack>
    );

  const text = pending ? ACTION_TEXT[pending.action] : ACTION_TEXT.dismiss;
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={i18n.t('admin.reports.status')}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        data={[
          { value: 'open', label: i18n.t('admin.reports.open') },
          { value: 'resolved', label: i18n.t('admin.reports.resolved') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {list}
      <ReasonDialog
        opened={opened}
        title={i18n.t(text.title)}
        description={i18n.t(
          pending?.action === 'dismiss' && pending.report.comment?.hidden
            ? 'admin.reports.dismiss.restoreDescription'
            : text.description,
          { removed: i18n.t(COMMUNITY_MESSAGES.commentRemoved) },
        )}
        audience={i18n.t(
          pending?.action === 'reject_project'
            ? 'admin.reports.audienceCreator'
            : 'admin.reports.audienceAudit',
        )}
        confirmLabel={i18n.t(text.confirm)}
        loading={resolve.isPending}
        onClose={dialog.close}
        onConfirm={(reason) =>
          pending &&
          resolve.mutate(
            { id: pending.report.id, action: pending.action, reason },
            {
              onSuccess: () => {
                notify.success(i18n.t('admin.reports.resolvedToast'));
                dialog.close();
                setPending(null);
              },
              onError: (error) => notify.error(serverMessage(error) ?? i18n.t('admin.reports.resolveFailed')),
            },
          )
        }
      />
    </Stack>
  );
}

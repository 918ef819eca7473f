import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Report, ReportResolutionAction } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { serverMessage } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import { useReports, useResolveReport } from '../api/admin';
import { ReasonDialog } from '@/components/moderation/ReasonDialog';

const RESOLUTION_LABEL: Record<NonNullable<Report['resolution']>, string> = {
  dismissed: 'Dismissed',
  project_rejected: 'Project rejected',
  comment_removed: 'Comment removed',
};

const ACTION_TEXT: Record<ReportResolutionAction, { title: string; confirm: string; description: string }> = {
  dismiss: {
    title: 'Dismiss report',
    confirm: 'Dismiss',
    description: 'Nothing changes on the site; the person who reported it is told it was reviewed.',
  },
  reject_project: {
    title: 'Reject project',
    confirm: 'Reject project',
    description:
      'The project leaves public view, its creator is told why, and every open report of it is resolved.',
  },
  remove_comment: {
    title: 'Remove comment',
    confirm: 'Remove comment',
    description: 'The comment is replaced by “This comment was removed”; the reporter is told.',
  },
};

/** Reported projects and comments, oldest first, each resolved inline with a reason. */
export function ReportsQueue() {
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
  if (reports.isPending) list = <Loader aria-label="Loading reports" />;
  else if (reports.isError)
    list = (
      <Alert color="red" role="alert">
        {serverMessage(reports.error) ?? 'Failed to load reports'}
      </Alert>
    );
  else if (reports.data.data.length === 0)
    list = (
      <Text c="dimmed" py="lg">
        {status === 'open' ? 'No open reports.' : 'No resolved reports yet.'}
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
                    <Badge size="sm" color={report.target_type === 'comment' ? 'orange' : 'blue'}>
                      {report.target_type === 'comment' ? 'Comment' : 'Project'}
                    </Badge>
                    <Anchor component={Link} to={`/projects/${report.project.id}`} fw={600}>
                      {report.project.title}
                    </Anchor>
                  </Group>
                  <Text size="xs" c="dimmed">
                    Reported by {report.reporter.name} on{' '}
                    {new Date(report.created_at).toLocaleDateString('en-US')}
                  </Text>
                </Stack>
                {report.resolution && <Badge variant="outline">{RESOLUTION_LABEL[report.resolution]}</Badge>}
              </Group>
              {report.comment && (
                <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap' }}>
                  “{report.comment.body}”
                </Text>
              )}
              <Text size="sm">
                <Text span fw={600}>
                  Reason:
                </Text>{' '}
                {report.reason}
              </Text>
              {report.resolution_reason && (
                <Text size="sm" c="dimmed">
                  Resolution: {report.resolution_reason}
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
                      Remove comment
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      color="red"
                      variant="outline"
                      leftSection={<IconBan size={16} />}
                      onClick={() => ask(report, 'reject_project')}
                    >
                      Reject project
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconCheck size={16} />}
                    onClick={() => ask(report, 'dismiss')}
                  >
                    Dismiss
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
        aria-label="Report status"
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        data={[
          { value: 'open', label: 'Open' },
          { value: 'resolved', label: 'Resolved' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {list}
      <ReasonDialog
        opened={opened}
        title={text.title}
        description={text.description}
        audience={
          pending?.action === 'reject_project'
            ? 'Shown to the creator and recorded in the audit log'
            : 'Recorded in the audit log'
        }
        confirmLabel={text.confirm}
        loading={resolve.isPending}
        onClose={dialog.close}
        onConfirm={(reason) =>
          pending &&
          resolve.mutate(
            { id: pending.report.id, action: pending.action, reason },
            {
              onSuccess: () => {
                notify.success('Report resolved');
                dialog.close();
                setPending(null);
              },
              onError: (error) => notify.error(serverMessage(error) ?? 'Failed to resolve the report'),
            },
          )
        }
      />
    </Stack>
  );
}

import { Alert, Badge, Loader, Table } from '@mantine/core';
import { Anchor, Group, Paper, Stack, Text, VisuallyHidden } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBan, IconCircleCheck, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '@/lib/router';
import type { QueueProject, QueueResponse } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageNavigation } from '@/components/PageNavigation';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useProjectDecision } from '../api/admin';
import { ReasonDialog } from '@/components/moderation/ReasonDialog';
import { personName } from '@/lib/people';

interface ProjectQueueProps {
  kind: 'pending' | 'featured';
  query: { data?: QueueResponse; isPending: boolean; isError: boolean; error: unknown };
  page: number;
  onPage: (page: number) => void;
}

/**
 * A queue of projects with inline decisions: activate (after a confirmation) and reject (with a reason) for
 * projects waiting for review; feature for projects whose creator asked for it.
 */
export function ProjectQueue({ kind, query, page, onPage }: ProjectQueueProps) {
  const i18n = useI18n();
  // In UTC, as every admin reads the same time whatever their time zone.
  const decide = useProjectDecision();
  // On a phone each project is a card with its actions in view; a wide table would hide them to the right.
  const phone = useMediaQuery('(max-width: 48em)');
  const [target, setTarget] = useState<QueueProject | null>(null);
  const [confirmOpened, confirmDialog] = useDisclosure(false);
  const [rejectOpened, rejectDialog] = useDisclosure(false);

  if (query.isPending) return <Loader aria-label={i18n.t('admin.queue.loading')} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {serverMessage(query.error) ?? i18n.t('admin.queue.loadFailed')}
      </Alert>
    );
  }
  const rows = query.data?.data ?? [];
  if (rows.length === 0) {
    return (
      <Text c="dimmed" py="lg">
        {i18n.t(kind === 'pending' ? 'admin.queue.emptyPending' : 'admin.queue.emptyFeatured')}
      </Text>
    );
  }

  const run = (decision: Parameters<typeof decide.mutate>[0], success: string, done?: () => void) =>
    decide.mutate(decision, {
      onSuccess: () => {
        notify.success(success);
        done?.();
        setTarget(null);
      },
      onError: (error) => notify.error(serverMessage(error) ?? i18n.t('admin.queue.actionFailed')),
    });

  const details = (project: QueueProject) => (
    <Stack gap={4}>
      <Anchor component={Link} to={`/projects/${project.id}`} fw={600}>
        {project.title || i18n.t('admin.queue.untitled')}
      </Anchor>
      <Group gap={6}>
        {project.category_name && (
          <Badge size="xs" variant="outline">
            {project.category_name}
          </Badge>
        )}
        <Badge size="xs" variant="outline" color="gray">
          {i18n.t(project.funding_model === 'flexible' ? 'admin.queue.flexible' : 'admin.queue.allOrNothing')}
        </Badge>
        {project.open_reports > 0 && (
          <Badge size="xs" color="red">
            {i18n.t('admin.queue.openReports', { count: project.open_reports })}
          </Badge>
        )}
      </Group>
    </Stack>
  );
  const actions = (project: QueueProject) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {kind === 'pending' ? (
        <>
          <Button
            size="xs"
            color="teal"
            leftSection={<IconCircleCheck size={16} />}
            aria-label={i18n.t('admin.queue.activateLabel', { title: project.title })}
            onClick={() => {
              setTarget(project);
              confirmDialog.open();
            }}
          >
            {i18n.t('admin.queue.activate')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="outline"
            leftSection={<IconBan size={16} />}
            aria-label={i18n.t('admin.queue.rejectLabel', { title: project.title })}
            onClick={() => {
              setTarget(project);
              rejectDialog.open();
            }}
          >
            {i18n.t('admin.queue.reject')}
          </Button>
        </>
      ) : (
        <Button
          size="xs"
          color="grape"
          variant="outline"
          leftSection={<IconStar size={16} />}
          aria-label={i18n.t('admin.queue.featureLabel', { title: project.title })}
          loading={decide.isPending && target?.id === project.id}
          onClick={() => {
            setTarget(project);
            run({ action: 'feature', projectId: project.id }, i18n.t('admin.queue.featured'));
          }}
        >
          {i18n.t('admin.queue.feature')}
        </Button>
      )}
    </Group>
  );
  const when = (project: QueueProject) => {
    const iso = kind === 'pending' ? project.submitted_at : project.created_at;
    return iso ? i18n.formatDate(iso, 'dateTimeUtc') : '—';
  };

  return (
    <Stack gap="md">
      {phone ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((project) => (
            <Paper
              key={project.id}
              component="li"
              withBorder
              radius="md"
              p="md"
              data-testid={`queue-row-${project.id}`}
            >
              <Stack gap="xs">
                {details(project)}
                <Text size="sm">
                  {personName(project.creator.name, i18n)}
                  {/* A closed account keeps no address (migration 0044): its name says it was closed. */}
                  {project.creator.email && ` · ${project.creator.email}`}
                </Text>
                <Text size="sm" c="dimmed">
                  {project.goal_amount === null
                    ? i18n.t('admin.queue.when', { kind, date: when(project) })
                    : i18n.t('admin.queue.whenGoal', {
                        kind,
                        date: when(project),
                        goal: i18n.money(project.goal_amount, project.currency),
                      })}
                </Text>
                {actions(project)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{i18n.t('admin.queue.project')}</Table.Th>
                <Table.Th>{i18n.t('admin.queue.creator')}</Table.Th>
                <Table.Th>
                  {i18n.t(kind === 'pending' ? 'admin.queue.submitted' : 'admin.queue.created')}
                </Table.Th>
                <Table.Th>{i18n.t('admin.queue.goal')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{i18n.t('admin.queue.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((project) => (
                <Table.Tr key={project.id} data-testid={`queue-row-${project.id}`}>
                  <Table.Td>{details(project)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{personName(project.creator.name, i18n)}</Text>
                    {project.creator.email && (
                      <Text size="xs" c="dimmed">
                        {project.creator.email}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(project)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {project.goal_amount === null ? '—' : i18n.money(project.goal_amount, project.currency)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{actions(project)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PageNavigation page={page} total={query.data?.meta.pages ?? 1} onChange={onPage} />

      <ConfirmDialog
        opened={confirmOpened}
        title={i18n.t('admin.queue.activateTitle')}
        confirmLabel={i18n.t('admin.queue.activate')}
        color="teal"
        loading={decide.isPending}
        onClose={confirmDialog.close}
        onConfirm={() =>
          target &&
          run(
            { action: 'activate', projectId: target.id },
            i18n.t('admin.queue.activated'),
            confirmDialog.close,
          )
        }
      >
        {i18n.t('admin.queue.activateQuestion', { title: target?.title ?? '' })}
      </ConfirmDialog>
      <ReasonDialog
        opened={rejectOpened}
        title={i18n.t('admin.queue.rejectTitle')}
        description={i18n.t('admin.queue.rejectDescription', { title: target?.title ?? '' })}
        audience={i18n.t('admin.queue.rejectAudience')}
        confirmLabel={i18n.t('admin.queue.rejectTitle')}
        loading={decide.isPending}
        onClose={rejectDialog.close}
        onConfirm={(reason) =>
          target &&
          run(
            { action: 'reject', projectId: target.id, reason },
            i18n.t('admin.queue.rejected'),
            rejectDialog.close,
          )
        }
      />
    </Stack>
  );
}

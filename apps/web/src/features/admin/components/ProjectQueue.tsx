import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBan, IconCircleCheck, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollars, type QueueProject, type QueueResponse } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageNavigation } from '@/components/PageNavigation';
import { serverMessage } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import { useProjectDecision } from '../api/admin';
import { ReasonDialog } from '@/components/moderation/ReasonDialog';

const dateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
        timeZoneName: 'short',
      })
    : '—';

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
  const decide = useProjectDecision();
  // On a phone each project is a card with its actions in view; a wide table would hide them to the right.
  const phone = useMediaQuery('(max-width: 48em)');
  const [target, setTarget] = useState<QueueProject | null>(null);
  const [confirmOpened, confirmDialog] = useDisclosure(false);
  const [rejectOpened, rejectDialog] = useDisclosure(false);

  if (query.isPending) return <Loader aria-label="Loading the queue" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {serverMessage(query.error) ?? 'Failed to load the queue'}
      </Alert>
    );
  }
  const rows = query.data?.data ?? [];
  if (rows.length === 0) {
    return (
      <Text c="dimmed" py="lg">
        {kind === 'pending' ? 'No project is waiting for review.' : 'No creator is asking to be featured.'}
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
      onError: (error) => notify.error(serverMessage(error) ?? 'The action failed'),
    });

  const details = (project: QueueProject) => (
    <Stack gap={4}>
      <Anchor component={Link} to={`/projects/${project.id}`} fw={600}>
        {project.title || 'Untitled project'}
      </Anchor>
      <Group gap={6}>
        {project.category_name && (
          <Badge size="xs" variant="outline">
            {project.category_name}
          </Badge>
        )}
        <Badge size="xs" variant="outline" color="gray">
          {project.funding_model === 'flexible' ? 'Flexible' : 'All-or-nothing'}
        </Badge>
        {project.open_reports > 0 && (
          <Badge size="xs" color="red">
            {project.open_reports} open report{project.open_reports === 1 ? '' : 's'}
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
            aria-label={`Activate ${project.title}`}
            onClick={() => {
              setTarget(project);
              confirmDialog.open();
            }}
          >
            Activate
          </Button>
          <Button
            size="xs"
            color="red"
            variant="outline"
            leftSection={<IconBan size={16} />}
            aria-label={`Reject ${project.title}`}
            onClick={() => {
              setTarget(project);
              rejectDialog.open();
            }}
          >
            Reject
          </Button>
        </>
      ) : (
        <Button
          size="xs"
          color="grape"
          variant="outline"
          leftSection={<IconStar size={16} />}
          aria-label={`Feature ${project.title}`}
          loading={decide.isPending && target?.id === project.id}
          onClick={() => {
            setTarget(project);
            run({ action: 'feature', projectId: project.id }, 'Project featured successfully');
          }}
        >
          Feature
        </Button>
      )}
    </Group>
  );
  const when = (project: QueueProject) =>
    dateTime(kind === 'pending' ? project.submitted_at : project.created_at);

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
                  {project.creator.name} · {project.creator.email}
                </Text>
                <Text size="sm" c="dimmed">
                  {kind === 'pending' ? 'Submitted' : 'Created'} {when(project)}
                  {project.goal_amount === null ? '' : ` · Goal ${formatDollars(project.goal_amount)}`}
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
                <Table.Th>Project</Table.Th>
                <Table.Th>Creator</Table.Th>
                <Table.Th>{kind === 'pending' ? 'Submitted' : 'Created'}</Table.Th>
                <Table.Th>Goal</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((project) => (
                <Table.Tr key={project.id} data-testid={`queue-row-${project.id}`}>
                  <Table.Td>{details(project)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{project.creator.name}</Text>
                    <Text size="xs" c="dimmed">
                      {project.creator.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(project)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {project.goal_amount === null ? '—' : formatDollars(project.goal_amount)}
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
        title="Activate project"
        confirmLabel="Activate"
        color="teal"
        loading={decide.isPending}
        onClose={confirmDialog.close}
        onConfirm={() =>
          target &&
          run(
            { action: 'activate', projectId: target.id },
            'Project activated successfully',
            confirmDialog.close,
          )
        }
      >
        {`“${target?.title ?? ''}” goes live and its creator is told. Activate it?`}
      </ConfirmDialog>
      <ReasonDialog
        opened={rejectOpened}
        title="Reject project"
        description={`“${target?.title ?? ''}” is rejected and its creator is told why. They can fix it and submit it again.`}
        audience="Shown to the creator and sent by e-mail"
        confirmLabel="Reject project"
        loading={decide.isPending}
        onClose={rejectDialog.close}
        onConfirm={(reason) =>
          target &&
          run({ action: 'reject', projectId: target.id, reason }, 'Project rejected', rejectDialog.close)
        }
      />
    </Stack>
  );
}

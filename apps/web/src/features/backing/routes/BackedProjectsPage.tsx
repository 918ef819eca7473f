import { Alert, Anchor, Badge, Button, Container, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconHeartHandshake } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type Donation, formatDollars } from '@fundry/shared';
import { ListEmptyState } from '@/components/ListEmptyState';
import { PageHeader } from '@/components/PageHeader';
import { PageNavigation } from '@/components/PageNavigation';
import { ViewProjectButton } from '@/components/projects/ViewProjectButton';
import { readPage, withPage } from '@/lib/pagination';
import { formatCalendarDate, formatTimestampDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { type BackedTab, useBackedProjects } from '../api/backing';
import { PLEDGE_STATUS } from '../pledge-status';
import { ProjectGrid } from '@/components/projects/ProjectGrid';

const TABS: { value: BackedTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'successful', label: 'Successful' },
  { value: 'failed', label: 'Failed' },
];

export const BACKED_MESSAGES = {
  failed: 'Error fetching backed projects',
} as const;

/** A charged pledge's page is its receipt; before that it shows what was pledged. */
const receiptLabel = (status: Donation['status']) => (status === 'SUCCEEDED' ? 'Receipt' : 'Pledge details');

function readTab(value: string | null): BackedTab {
  return TABS.some((tab) => tab.value === value) ? (value as BackedTab) : 'all';
}

function EmptyState({ tab }: { tab: BackedTab }) {
  return (
    <ListEmptyState
      icon={<IconHeartHandshake size={28} />}
      title={tab === 'all' ? 'You have not backed any projects yet' : 'No projects here'}
      action={
        <Button component={Link} to="/projects/explore">
          Explore Projects
        </Button>
      }
    >
      {tab === 'all'
        ? 'Find a project you believe in and back it; it will be listed here.'
        : 'None of the projects you backed is in this state.'}
    </ListEmptyState>
  );
}

/** /backed-projects (SPEC §2): tabs, cards with the person's own contribution, numbered pagination. */
export function BackedProjectsPage() {
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('tab'));
  const page = readPage(params);
  const backed = useBackedProjects(tab, page);
  const list = backed.data;

  useEffect(() => {
    if (backed.isError) notify.error(BACKED_MESSAGES.failed);
  }, [backed.isError]);

  const update = (nextTab: BackedTab, nextPage: number) => {
    const query = withPage(params, nextPage);
    if (nextTab === 'all') query.delete('tab');
    else query.set('tab', nextTab);
    setParams(query);
  };

  return (
    <Container size="lg" py={40}>
      <Stack gap="lg">
        <PageHeader
          title="Backed Projects"
          description="The projects you support, and what you gave to each."
        />
        {list && list.meta.total_amount !== null && list.meta.total > 0 && (
          <Paper withBorder radius="lg" p="md" bg="teal.0" aria-label="Your support">
            <Group gap="xl">
              <div>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  Your total contribution
                </Text>
                <Text fz={24} fw={800} c="teal">
                  {formatDollars(list.meta.total_amount, 2)}
                </Text>
              </div>
              {list.meta.first_backed_at && (
                <div>
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                    Backing since
                  </Text>
                  <Text fw={600}>{formatTimestampDate(list.meta.first_backed_at)}</Text>
                </div>
              )}
            </Group>
          </Paper>
        )}
        <Tabs value={tab} onChange={(value) => update(readTab(value), 1)}>
          <Tabs.List>
            {TABS.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {backed.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {BACKED_MESSAGES.failed}
          </Alert>
        ) : list && list.meta.total === 0 ? (
          <EmptyState tab={tab} />
        ) : (
          <>
            {list && (
              <Text size="sm" c="dimmed" role="status">
                {list.meta.total === 1 ? '1 backed project' : `${list.meta.total} backed projects`}
              </Text>
            )}
            <ProjectGrid
              skeletons={3}
              projects={list?.data}
              loading={backed.isPending}
              actions={(project) => (
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">
                      You pledged{' '}
                      <Text span fw={700} c="teal">
                        {project.total_amount === null ? '—' : formatDollars(project.total_amount, 2)}
                      </Text>
                    </Text>
                    <Text size="xs" c="dimmed">
                      since {formatTimestampDate(project.first_backed_at)}
                    </Text>
                  </Group>
                  {project.pledge && (
                    <Stack gap={4} aria-label={`Your pledge to ${project.title}`}>
                      <Group gap="xs" justify="space-between">
                        <Badge color={PLEDGE_STATUS[project.pledge.status].color} variant="light">
                          {PLEDGE_STATUS[project.pledge.status].label}
                        </Badge>
                        <Text size="xs">{project.pledge.reward?.title ?? 'No reward'}</Text>
                      </Group>
                      {project.pledge.status === 'PLEDGED' && project.pledge.charge_date && (
                        <Text size="xs" c="dimmed">
                          Charged on {formatCalendarDate(project.pledge.charge_date)} if funded
                        </Text>
                      )}
                      {project.pledge.status === 'PAYMENT_FAILED' && (
                        <Anchor
                          component={Link}
                          size="xs"
                          c="red"
                          to={`/projects/${project.id}?manage_pledge=1`}
                        >
                          Your payment was declined: fix it
                        </Anchor>
                      )}
                      <Anchor
                        component={Link}
                        size="xs"
                        to={`/donation/success?donation_id=${project.pledge.donation_id}`}
                        aria-label={`${receiptLabel(project.pledge.status)} for ${project.title}`}
                      >
                        {receiptLabel(project.pledge.status)}
                      </Anchor>
                    </Stack>
                  )}
                  <ViewProjectButton project={project} />
                </Stack>
              )}
            />
            {list && (
              <PageNavigation page={page} total={list.meta.pages} onChange={(next) => update(tab, next)} />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

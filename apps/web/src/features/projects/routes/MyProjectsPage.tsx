import { Alert, Badge, Center, Loader, Pagination } from '@mantine/core';
import { Tabs } from '@/components/primitives/tabs';
import { Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconEdit, IconEye, IconFolderOpen, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { DESCRIPTION_CUT, type ProjectCard as ProjectCardData, type StatusFilter } from '@fundry/shared';
import { PageHeader } from '@/components/PageHeader';
import { ProjectCard } from '@/components/projects/ProjectCard';
import { RevokedBadge } from '@/components/projects/RevokedBadge';
import { ViewProjectButton } from '@/components/projects/ViewProjectButton';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { readPage, withPage } from '@/lib/pagination';
import { useMyProjects } from '@/lib/projects';
import { useStoredAccessToken } from '@/lib/session';
import { CancelCampaignButton } from '../components/CancelCampaignButton';
import { LaunchNowButton } from '../components/LaunchNowButton';

const PER_PAGE = 12;

/** The tabs of SPEC §2 'My Projects', the status each asks the API for, and what each says when empty. */
const TABS: readonly { value: string; label: string; empty: string; status?: StatusFilter }[] = [
  { value: 'all', label: 'projects.mine.tab.all', empty: 'projects.mine.empty.all' },
  {
    value: 'drafts',
    label: 'projects.mine.tab.drafts',
    empty: 'projects.mine.empty.drafts',
    status: 'draft',
  },
  {
    value: 'pending',
    label: 'projects.mine.tab.pending',
    empty: 'projects.mine.empty.pending',
    status: 'pending',
  },
  {
    value: 'active',
    label: 'projects.mine.tab.active',
    empty: 'projects.mine.empty.active',
    status: 'active',
  },
  {
    value: 'successful',
    label: 'projects.mine.tab.successful',
    empty: 'projects.mine.empty.successful',
    status: 'successful',
  },
  {
    value: 'revoked',
    label: 'projects.mine.tab.revoked',
    empty: 'projects.mine.empty.revoked',
    status: 'revoked',
  },
  // Campaigns ended early (DESIGN.md §18): by their creator, or by an admin.
  {
    value: 'canceled',
    label: 'projects.mine.tab.canceled',
    empty: 'projects.mine.empty.canceled',
    status: 'canceled',
  },
  {
    value: 'suspended',
    label: 'projects.mine.tab.suspended',
    empty: 'projects.mine.empty.suspended',
    status: 'suspended',
  },
];

function CardActions({ project }: { project: ProjectCardData }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  if (project.status === 'DRAFT') {
    return (
      <>
        <Button
          component={Link}
          to={`/projects/drafts/edit/${project.id}`}
          size="xs"
          leftSection={<IconEdit size={14} />}
          aria-label={i18n.t('projects.mine.editLabel', { title: project.title })}
        >
          {i18n.t('projects.mine.edit')}
        </Button>
        <Button
          component={Link}
          to={`/projects/drafts/${project.id}`}
          size="xs"
          variant="default"
          leftSection={<IconEye size={14} />}
          aria-label={i18n.t('projects.mine.previewLabel', { title: project.title })}
        >
          {i18n.t('projects.mine.preview')}
        </Button>
      </>
    );
  }
  return (
    <>
      <ViewProjectButton project={project} />
      <LaunchNowButton project={project} size="xs" />
      {/* Cancelled, the campaign's page shows its tombstone (DESIGN.md §18). */}
      <CancelCampaignButton
        project={project}
        size="xs"
        onCancelled={() => void navigate(`/projects/${project.id}`)}
      />
    </>
  );
}

function SignInPrompt() {
  const i18n = useI18n();
  return (
    <Container size="sm" py={80}>
      <Paper withBorder radius="lg" p="xl" ta="center">
        <Stack align="center" gap="md">
          <Title order={1} fz={26}>
            {i18n.t('projects.mine.title')}
          </Title>
          <Text c="dimmed">{i18n.t('projects.mine.signInPrompt')}</Text>
          <Button component={Link} to="/signin" state={{ from: '/my-projects' }}>
            {i18n.t('projects.mine.signIn')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

/** /my-projects: the signed-in creator's projects by status (SPEC §2). */
/** `collaborations`: my invitations and the projects I help with (DESIGN.md §19), composed in by the app. */
export function MyProjectsPage({ collaborations }: { collaborations?: ReactNode } = {}) {
  const i18n = useI18n();
  const token = useStoredAccessToken();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((candidate) => candidate.value === params.get('tab')) ?? TABS[0]!;
  const page = readPage(params);
  const projects = useMyProjects({ status: tab.status, page, perPage: PER_PAGE });

  useEffect(() => {
    if (projects.isError) notify.error(i18n.t('projects.mine.loadFailed'));
  }, [projects.isError, i18n]);

  if (!token) return <SignInPrompt />;

  const changeTab = (value: string | null) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (!value || value === 'all') next.delete('tab');
    else next.set('tab', value);
    setParams(next);
  };
  const changePage = (value: number) => setParams(withPage(params, value));
  const list = projects.isPlaceholderData ? undefined : projects.data;

  return (
    <Container size="lg" py={40}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <PageHeader
            title={i18n.t('projects.mine.title')}
            description={i18n.t('projects.mine.description')}
          />
          <Button component={Link} to="/projects/create" leftSection={<IconPlus size={18} />}>
            {i18n.t('projects.mine.create')}
          </Button>
        </Group>
        {collaborations}

        <Tabs value={tab.value} onChange={changeTab}>
          <Tabs.List>
            {TABS.map((item) => (
              <Tabs.Tab
                key={item.value}
                value={item.value}
                rightSection={
                  item.value === tab.value && list ? (
                    <Badge
                      size="sm"
                      variant="filled"
                      circle={list.total < 10}
                      aria-label={i18n.t('projects.mine.count', { count: list.total })}
                    >
                      {i18n.number(list.total)}
                    </Badge>
                  ) : undefined
                }
              >
                {i18n.t(item.label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>

        {projects.isError ? (
          <Alert color="red" title={i18n.t('projects.mine.errorTitle')} role="alert">
            {i18n.t('projects.mine.loadFailed')}
          </Alert>
        ) : !list ? (
          <Center py={60}>
            <Loader aria-label={i18n.t('projects.mine.loading')} />
          </Center>
        ) : list.projects.length === 0 ? (
          <Paper withBorder radius="lg" p="xl" ta="center">
            <Stack align="center" gap="sm">
              <IconFolderOpen size={40} stroke={1.3} color="var(--mantine-color-gray-5)" />
              <Text fw={600}>{i18n.t(tab.empty)}</Text>
              <Text size="sm" c="dimmed">
                {i18n.t('projects.mine.emptyHint')}
              </Text>
            </Stack>
          </Paper>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
              {list.projects.map((project) => (
                <ProjectCard
                  key={project.id}
                  project={project}
                  headingOrder={2}
                  descriptionLength={DESCRIPTION_CUT.myProjects}
                  statusBadge={project.status === 'REJECTED' ? <RevokedBadge project={project} /> : undefined}
                  actions={<CardActions project={project} />}
                />
              ))}
            </SimpleGrid>
            {list.pages > 1 && (
              <Group justify="center">
                <Pagination total={list.pages} value={page} onChange={changePage} />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

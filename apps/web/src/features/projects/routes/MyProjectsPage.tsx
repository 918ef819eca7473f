import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconEdit, IconEye, IconFolderOpen, IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DESCRIPTION_CUT, type ProjectCard as ProjectCardData, type StatusFilter } from '@fundry/shared';
import { PageHeader } from '@/components/PageHeader';
import { ProjectCard } from '@/components/projects/ProjectCard';
import { RevokedBadge } from '@/components/projects/RevokedBadge';
import { ViewProjectButton } from '@/components/projects/ViewProjectButton';
import { notify } from '@/lib/notify';
import { readPage, withPage } from '@/lib/pagination';
import { useMyProjects } from '@/lib/projects';
import { useStoredAccessToken } from '@/lib/session';
import { PROJECT_PAGE_MESSAGES } from '../messages';

const PER_PAGE = 12;

/** The tabs of SPEC §2 'My Projects' and the status each asks the API for. */
const TABS: readonly { value: string; label: string; status?: StatusFilter }[] = [
  { value: 'all', label: 'All' },
  { value: 'drafts', label: 'Drafts', status: 'draft' },
  { value: 'pending', label: 'Pending', status: 'pending' },
  { value: 'active', label: 'Active', status: 'active' },
  { value: 'successful', label: 'Successful', status: 'successful' },
  { value: 'revoked', label: 'Revoked', status: 'revoked' },
];

function CardActions({ project }: { project: ProjectCardData }) {
  if (project.status === 'DRAFT') {
    return (
      <>
        <Button
          component={Link}
          to={`/projects/drafts/edit/${project.id}`}
          size="xs"
          leftSection={<IconEdit size={14} />}
          aria-label={`Edit ${project.title}`}
        >
          Edit
        </Button>
        <Button
          component={Link}
          to={`/projects/drafts/${project.id}`}
          size="xs"
          variant="default"
          leftSection={<IconEye size={14} />}
          aria-label={`Preview ${project.title}`}
        >
          Preview
        </Button>
      </>
    );
  }
  return <ViewProjectButton project={project} />;
}

function SignInPrompt() {
  return (
    <Container size="sm" py={80}>
      <Paper withBorder radius="lg" p="xl" ta="center">
        <Stack align="center" gap="md">
          <Title order={1} fz={26}>
            My Projects
          </Title>
          <Text c="dimmed">Sign in to see the projects you have created.</Text>
          <Button component={Link} to="/signin" state={{ from: '/my-projects' }}>
            Sign In
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

/** /my-projects: the signed-in creator's projects by status (SPEC §2). */
export function MyProjectsPage() {
  const token = useStoredAccessToken();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((candidate) => candidate.value === params.get('tab')) ?? TABS[0]!;
  const page = readPage(params);
  const projects = useMyProjects({ status: tab.status, page, perPage: PER_PAGE });

  useEffect(() => {
    if (projects.isError) notify.error(PROJECT_PAGE_MESSAGES.myProjectsFailed);
  }, [projects.isError]);

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
            title="My Projects"
            description="Drafts, submissions under review and live campaigns, all in one place."
          />
          <Button component={Link} to="/projects/create" leftSection={<IconPlus size={18} />}>
            Create New Project
          </Button>
        </Group>

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
                      aria-label={`${list.total} ${list.total === 1 ? 'project' : 'projects'}`}
                    >
                      {list.total}
                    </Badge>
                  ) : undefined
                }
              >
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>

        {projects.isError ? (
          <Alert color="red" title="Something went wrong" role="alert">
            {PROJECT_PAGE_MESSAGES.myProjectsFailed}
          </Alert>
        ) : !list ? (
          <Center py={60}>
            <Loader aria-label="Loading your projects" />
          </Center>
        ) : list.projects.length === 0 ? (
          <Paper withBorder radius="lg" p="xl" ta="center">
            <Stack align="center" gap="sm">
              <IconFolderOpen size={40} stroke={1.3} color="var(--mantine-color-gray-5)" />
              <Text fw={600}>
                {tab.value === 'all'
                  ? 'You have not created any projects yet.'
                  : `No ${tab.label.toLowerCase()} projects.`}
              </Text>
              <Text size="sm" c="dimmed">
                Start a project: you can save it as a draft and finish it later.
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
                  statusBadge={
                    project.status === 'REJECTED' ? (
                      <RevokedBadge
                        revocationDate={project.revocation_date}
                        revocationReason={project.revocation_reason}
                      />
                    ) : undefined
                  }
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

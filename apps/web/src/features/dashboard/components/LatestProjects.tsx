import { Alert, Center, Loader } from '@mantine/core';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconArrowRight, IconPlus, IconRocket } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { DESCRIPTION_CUT, PAGE_SIZES, type ProjectCard as ProjectCardData } from '@fundry/shared';
import { ProjectCard } from '@/components/projects/ProjectCard';
import { useI18n } from '@/lib/i18n';
import { useMyProjects } from '@/lib/projects';

/** Drafts open in draft mode; everything else at the project route (SPEC §4). */
function detailsPath(project: ProjectCardData) {
  return project.status === 'DRAFT' ? `/projects/drafts/${project.id}` : `/projects/${project.id}`;
}

/** 'My Latest Projects': the three newest, a Create New Project button and an empty state (SPEC §2). */
export function LatestProjects() {
  const i18n = useI18n();
  const projects = useMyProjects({ perPage: PAGE_SIZES.dashboardLatestProjects });
  return (
    <Stack gap="md" component="section" aria-labelledby="latest-projects">
      <Group justify="space-between" align="center">
        <Title order={2} fz="xl" id="latest-projects">
          {i18n.t('dashboard.latest.title')}
        </Title>
        <Group gap="sm">
          {Boolean(projects.data?.total) && (
            <Button
              component={Link}
              to="/my-projects"
              variant="subtle"
              rightSection={<IconArrowRight size={16} />}
            >
              {i18n.t('dashboard.latest.all')}
            </Button>
          )}
          <Button component={Link} to="/projects/create" leftSection={<IconPlus size={18} />}>
            {i18n.t('dashboard.latest.create')}
          </Button>
        </Group>
      </Group>
      {projects.isError ? (
        <Alert color="red" role="alert">
          {i18n.t('dashboard.latest.loadFailed')}
        </Alert>
      ) : !projects.data ? (
        <Center py="xl">
          <Loader aria-label={i18n.t('dashboard.latest.loading')} />
        </Center>
      ) : projects.data.projects.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Stack align="center" gap="xs">
            <IconRocket size={40} stroke={1.3} color="var(--mantine-color-teal-6)" />
            <Text fw={600}>{i18n.t('dashboard.latest.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {i18n.t('dashboard.latest.emptyHint')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {projects.data.projects.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              descriptionLength={DESCRIPTION_CUT.myProjects}
              actions={
                <Button
                  component={Link}
                  to={detailsPath(project)}
                  size="xs"
                  variant="light"
                  aria-label={i18n.t('dashboard.latest.viewDetailsOf', { title: project.title })}
                >
                  {i18n.t('dashboard.latest.viewDetails')}
                </Button>
              }
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconPlus, IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DESCRIPTION_CUT, PAGE_SIZES, type ProjectCard as ProjectCardData } from '@fundry/shared';
import { ProjectCard } from '@/components/projects/ProjectCard';
import { useMyProjects } from '@/lib/projects';

/** Drafts open in draft mode; everything else at the project route (SPEC §4). */
function detailsPath(project: ProjectCardData) {
  return project.status === 'DRAFT' ? `/projects/drafts/${project.id}` : `/projects/${project.id}`;
}

/** 'My Latest Projects': the three newest, a Create New Project button and an empty state (SPEC §2). */
export function LatestProjects() {
  const projects = useMyProjects({ perPage: PAGE_SIZES.dashboardLatestProjects });
  return (
    <Stack gap="md" component="section" aria-labelledby="latest-projects">
      <Group justify="space-between" align="center">
        <Title order={2} fz="xl" id="latest-projects">
          My Latest Projects
        </Title>
        <Group gap="sm">
          {Boolean(projects.data?.total) && (
            <Button
              component={Link}
              to="/my-projects"
              variant="subtle"
              rightSection={<IconArrowRight size={16} />}
            >
              All my projects
            </Button>
          )}
          <Button component={Link} to="/projects/create" leftSection={<IconPlus size={18} />}>
            Create New Project
          </Button>
        </Group>
      </Group>
      {projects.isError ? (
        <Alert color="red" role="alert">
          Failed to load your projects
        </Alert>
      ) : !projects.data ? (
        <Center py="xl">
          <Loader aria-label="Loading your projects" />
        </Center>
      ) : projects.data.projects.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Stack align="center" gap="xs">
            <IconRocket size={40} stroke={1.3} color="var(--mantine-color-teal-6)" />
            <Text fw={600}>You have not created any projects yet.</Text>
            <Text size="sm" c="dimmed">
              Turn your idea into a campaign: start with a title and save it as a draft.
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
                  aria-label={`View Details of ${project.title}`}
                >
                  View Details
                </Button>
              }
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

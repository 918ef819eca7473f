import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageNavigation } from '@/components/PageNavigation';
import { notify } from '@/lib/notify';
import { useProjectList } from '../api/discovery';
import { ProjectGrid } from '@/components/projects/ProjectGrid';
import { DISCOVERY_MESSAGES } from '../messages';

function pageOf(params: URLSearchParams) {
  const page = Math.floor(Number(params.get('page')));
  return Number.isFinite(page) && page > 1 ? page : 1;
}

/** /projects?search={text} (SPEC §2): the navigation bar's search results, best match first. */
export function ProjectsPage() {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = pageOf(params);
  const projects = useProjectList({ search: search || undefined, page });
  const list = projects.data;

  useEffect(() => {
    if (projects.isError) notify.error(DISCOVERY_MESSAGES.listFailed);
  }, [projects.isError]);

  const changePage = (next: number) => {
    const query = new URLSearchParams(params);
    if (next > 1) query.set('page', String(next));
    else query.delete('page');
    setParams(query);
  };
  const exploreLink = search
    ? `/projects/explore?${new URLSearchParams({ search }).toString()}`
    : '/projects/explore';

  return (
    <Container size="lg" py={40}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} fz={{ base: 28, sm: 34 }}>
              {search ? `Results for “${search}”` : 'All Projects'}
            </Title>
            {list && (
              <Text c="dimmed" role="status">
                {list.total === 1 ? '1 project found' : `${list.total} projects found`}
              </Text>
            )}
          </div>
          <Button
            component={Link}
            to={exploreLink}
            variant="light"
            leftSection={<IconAdjustmentsHorizontal size={18} />}
          >
            Filter in Explore
          </Button>
        </Group>
        {projects.isError && !list && <Text c="dimmed">The projects could not be loaded.</Text>}
        <ProjectGrid projects={list?.projects} loading={projects.isPending} />
        {list && list.projects.length === 0 && (
          <Stack align="center" gap={4} py="xl">
            <Text fw={600}>No projects found.</Text>
            <Text size="sm" c="dimmed">
              Try other words, or browse the live campaigns in Explore.
            </Text>
          </Stack>
        )}
        {list && <PageNavigation page={page} total={list.pages} onChange={changePage} />}
      </Stack>
    </Container>
  );
}

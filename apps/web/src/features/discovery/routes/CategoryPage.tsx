import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCategory } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { categoryPageMeta, PAGE_SIZES } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { usePageMeta } from '@/lib/page-meta';
import { useCategory, useProjectList } from '../api/discovery';
import { ProjectGrid } from '@/components/projects/ProjectGrid';
import { DISCOVERY_MESSAGES } from '../messages';

function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /category/{categoryId} (SPEC §2): the category's active projects, 12 a page. */
export function CategoryPage() {
  const { categoryId } = useParams();
  const id = parseId(categoryId);
  const [params, setParams] = useSearchParams();
  const requested = Math.floor(Number(params.get('page')));
  const page = Number.isFinite(requested) && requested > 1 ? requested : 1;
  const category = useCategory(id);
  const projects = useProjectList(
    {
      category_id: id ?? undefined,
      status: 'active',
      page,
      per_page: PAGE_SIZES.categoryProjects,
    },
    { enabled: id !== null },
  );
  const list = id === null ? undefined : projects.data;
  usePageMeta(category.data && categoryPageMeta(category.data.name));

  useEffect(() => {
    // A failed category lookup is silent (SPEC §8): logged only.
    if (category.error) console.warn('Could not load the category', category.error);
  }, [category.error]);

  const changePage = (next: number) => {
    const query = new URLSearchParams(params);
    if (next > 1) query.set('page', String(next));
    else query.delete('page');
    setParams(query);
  };

  return (
    <Container size="lg" py={40}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Text size="sm" c="dimmed" fw={600} tt="uppercase">
              Category
            </Text>
            <Title order={1} fz={{ base: 28, sm: 34 }}>
              {category.data?.name ?? (category.isPending && id !== null ? '\u00a0' : 'Projects')}
            </Title>
            {list && (
              <Text c="dimmed" role="status">
                {list.total === 1 ? '1 active project' : `${list.total} active projects`}
              </Text>
            )}
          </div>
          <Button component={Link} to="/discover" variant="light" leftSection={<IconCategory size={18} />}>
            Browse Categories
          </Button>
        </Group>
        {projects.isError || id === null ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {DISCOVERY_MESSAGES.categoryFailed}
          </Alert>
        ) : (
          <>
            <ProjectGrid projects={list?.projects} loading={projects.isPending} showStatus={false} />
            {list && list.projects.length === 0 && (
              <Stack align="center" gap={4} py="xl">
                <Text fw={600}>No active projects in this category yet.</Text>
                <Button component={Link} to="/projects/explore" variant="subtle">
                  Explore other projects
                </Button>
              </Stack>
            )}
            {list && <PageNavigation page={page} total={list.pages} onChange={changePage} />}
          </>
        )}
      </Stack>
    </Container>
  );
}

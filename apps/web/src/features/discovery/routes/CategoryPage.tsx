import { Alert } from '@mantine/core';
import { Container, Group, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconCategory } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from '@/lib/router';
import { categoryPageMeta } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { useI18n } from '@/lib/i18n';
import { usePageMeta } from '@/lib/page-meta';
import { categoryPageQuery, useCategory, useProjectList } from '../api/discovery';
import { ProjectGrid } from '@/components/projects/ProjectGrid';
import { DISCOVERY_MESSAGES } from '../messages';

/** /category/{categoryId} (SPEC §2): the category's active projects, 12 a page. */
export function CategoryPage() {
  const i18n = useI18n();
  const { categoryId } = useParams();
  const [params, setParams] = useSearchParams();
  const { id, list: listParams } = categoryPageQuery(categoryId, params);
  const page = listParams.page ?? 1;
  const category = useCategory(id);
  const projects = useProjectList(listParams, { enabled: id !== null });
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
              {i18n.t('discovery.category.eyebrow')}
            </Text>
            <Title order={1} fz={{ base: 28, sm: 34 }}>
              {category.data?.name ??
                (category.isPending && id !== null ? '\u00a0' : i18n.t('discovery.category.fallbackTitle'))}
            </Title>
            {list && (
              <Text c="dimmed" role="status">
                {i18n.t('discovery.category.count', { count: list.total })}
              </Text>
            )}
          </div>
          <Button component={Link} to="/discover" variant="light" leftSection={<IconCategory size={18} />}>
            {i18n.t('discovery.category.browse')}
          </Button>
        </Group>
        {projects.isError || id === null ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {i18n.t(DISCOVERY_MESSAGES.categoryFailed)}
          </Alert>
        ) : (
          <>
            <ProjectGrid
              projects={list?.projects}
              loading={projects.isPending}
              showStatus={false}
              source="category"
            />
            {list && list.projects.length === 0 && (
              <Stack align="center" gap={4} py="xl">
                <Text fw={600}>{i18n.t('discovery.category.empty')}</Text>
                <Button component={Link} to="/projects/explore" variant="subtle">
                  {i18n.t('discovery.category.exploreOthers')}
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

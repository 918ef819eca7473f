import { Container, Group, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { PageNavigation } from '@/components/PageNavigation';
import { useI18n } from '@/lib/i18n';
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
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = pageOf(params);
  const projects = useProjectList({ search: search || undefined, page });
  const list = projects.data;

  useEffect(() => {
    if (projects.isError) notify.error(i18n.t(DISCOVERY_MESSAGES.listFailed));
  }, [projects.isError, i18n]);

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
              {search
                ? i18n.t('discovery.results.titleFor', { search })
                : i18n.t('discovery.results.titleAll')}
            </Title>
            {list && (
              <Text c="dimmed" role="status">
                {i18n.t('discovery.results.count', { count: list.total })}
              </Text>
            )}
          </div>
          <Button
            component={Link}
            to={exploreLink}
            variant="light"
            leftSection={<IconAdjustmentsHorizontal size={18} />}
          >
            {i18n.t('discovery.results.filterInExplore')}
          </Button>
        </Group>
        {projects.isError && !list && <Text c="dimmed">{i18n.t('discovery.results.loadFailed')}</Text>}
        <ProjectGrid projects={list?.projects} loading={projects.isPending} source="explore" />
        {list && list.projects.length === 0 && (
          <Stack align="center" gap={4} py="xl">
            <Text fw={600}>{i18n.t('discovery.results.empty')}</Text>
            <Text size="sm" c="dimmed">
              {i18n.t('discovery.results.emptyHint')}
            </Text>
          </Stack>
        )}
        {list && <PageNavigation page={page} total={list.pages} onChange={changePage} />}
      </Stack>
    </Container>
  );
}

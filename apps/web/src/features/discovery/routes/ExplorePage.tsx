import {
  Alert,
  Badge,
  Button,
  Collapse,
  Container,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAdjustmentsHorizontal, IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SORT_OPTIONS } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { useCategories } from '@/lib/categories';
import { useProjectList } from '../api/discovery';
import { ActiveFilters } from '../components/ActiveFilters';
import { ExploreFilters } from '../components/ExploreFilters';
import { ProjectGrid } from '@/components/projects/ProjectGrid';
import {
  activeFilterCount,
  DEFAULT_EXPLORE_STATUS,
  exploreListParams,
  exploreQuery,
  type ExploreState,
  parseExploreQuery,
} from '../explore-query';
import { DISCOVERY_MESSAGES, SORT_LABELS } from '../messages';

const SORT_DATA = SORT_OPTIONS.map((value) => ({ value, label: SORT_LABELS[value] }));

/** The search box: the text follows the URL when a chip or Clear All changes it. */
function SearchForm({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} role="search" aria-label="Search projects" style={{ flex: 1, minWidth: 220 }}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label="Search text"
          placeholder="Search projects by title or description"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}

/** /projects/explore (SPEC §2 Explore): every setting lives in the URL query, so the page can be shared. */
export function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const state = parseExploreQuery(params);
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(state) > 0);
  const panelId = useId();
  const categories = useCategories();
  const projects = useProjectList(exploreListParams(state));

  /** Any change but a page change starts again at page 1. */
  const update = (patch: Partial<ExploreState>) =>
    setParams(exploreQuery({ ...state, page: 1, ...patch }), { preventScrollReset: true });
  const clearAll = () =>
    setParams(
      exploreQuery({
        ...state,
        search: '',
        status: DEFAULT_EXPLORE_STATUS,
        category: [],
        progress: [],
        page: 1,
      }),
      { preventScrollReset: true },
    );

  const list = projects.data;
  const count = activeFilterCount(state);

  return (
    <Container size="lg" py={40}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            Explore Projects
          </Title>
          <Text c="dimmed">Find live campaigns by category, progress and popularity.</Text>
        </div>

        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchForm value={state.search} onSearch={(search) => update({ search })} />
          <Select
            label="Sort by"
            data={SORT_DATA}
            value={state.sort}
            placeholder={state.search ? 'Best match' : 'Newest'}
            onChange={(value) => update({ sort: value })}
            allowDeselect={false}
            w={180}
          />
          <Button
            variant={filtersOpen ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={18} />}
            rightSection={
              count > 0 ? (
                <Badge size="sm" circle aria-label={`${count} active filters`}>
                  {count}
                </Badge>
              ) : undefined
            }
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            Filters
          </Button>
        </Group>

        <Collapse expanded={filtersOpen} id={panelId}>
          <ExploreFilters
            state={state}
            categories={categories.data}
            categoriesFailed={categories.isError}
            onChange={update}
          />
        </Collapse>

        <ActiveFilters state={state} categories={categories.data} onChange={update} onClear={clearAll} />

        {projects.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {DISCOVERY_MESSAGES.exploreFailed}
          </Alert>
        ) : (
          <>
            {list && (
              <Text size="sm" c="dimmed" role="status">
                {list.total === 1 ? '1 project' : `${list.total} projects`}
              </Text>
            )}
            <ProjectGrid projects={list?.projects} loading={projects.isPending} />
            {list && list.projects.length === 0 && (
              <Stack align="center" gap="xs" py="xl">
                <Text fw={600}>No projects match these filters.</Text>
                {state.page > 1 ? (
                  <Button variant="light" onClick={() => setParams(exploreQuery({ ...state, page: 1 }))}>
                    Back to the first page
                  </Button>
                ) : (
                  <Text size="sm" c="dimmed">
                    {count > 0
                      ? 'Try removing a filter.'
                      : 'Check back soon: new campaigns start every week.'}
                  </Text>
                )}
              </Stack>
            )}
            {list && (
              <PageNavigation
                page={state.page}
                total={list.pages}
                onChange={(page) => setParams(exploreQuery({ ...state, page }))}
              />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

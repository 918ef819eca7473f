import { Alert, Badge, Collapse, NativeSelect, TextInput } from '@mantine/core';
import { Container, Group, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAdjustmentsHorizontal, IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { SORT_OPTIONS, type SortOption } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { useCategories } from '@/lib/categories';
import { useI18n } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { useProjectList } from '../api/discovery';
import { ActiveFilters } from '../components/ActiveFilters';
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

/** A search without a chosen sort is ordered by relevance: the dropdown names it rather than leaving it blank. */
const BEST_MATCH = 'best';
/**
 * The filter panel (its radio buttons, checkboxes and scrolling list) loads when it is first shown: on a link with
 * filters set, in the server's page; otherwise when the visitor opens it, or points at or focuses its button.
 */
const loadFilters = () => import('../components/ExploreFilters');
const ExploreFilters = lazy(async () => ({ default: (await loadFilters()).ExploreFilters }));

// With the panel it holds, at once.
const FiltersDrawer = lazy(async () => ({
  default: (await Promise.all([import('../components/FiltersDrawer'), loadFilters()]))[0].FiltersDrawer,
}));

/** Phones (below Mantine's `sm` breakpoint) get the filters in a drawer instead of a panel above the list. */
const PHONE_QUERY = '(max-width: 47.99em)';

/** The search box: the text follows the URL when a chip or Clear All changes it. */
function SearchForm({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const i18n = useI18n();
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
    <form
      onSubmit={submit}
      role="search"
      aria-label={i18n.t('discovery.explore.searchLabel')}
      style={{ flex: 1, minWidth: 220 }}
    >
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={i18n.t('discovery.explore.searchText')}
          placeholder={i18n.t('discovery.explore.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit">{i18n.t('discovery.explore.search')}</Button>
      </Group>
    </form>
  );
}

/** /projects/explore (SPEC §2 Explore): every setting lives in the URL query, so the page can be shared. */
export function ExplorePage() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const state = parseExploreQuery(params);
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(state) > 0);
  // Mounted from the first time it opens, so that it closes as it opened.
  const [filtersWanted, setFiltersWanted] = useState(filtersOpen);
  const drawer = useLazyDialog();
  const drawerOpen = Boolean(drawer.state?.opened);
  const phone = useMediaQuery(PHONE_QUERY);
  const panelId = useId();
  const categories = useCategories();
  const projects = useProjectList(exploreListParams(state));

  /** Any change but a page change starts again at page 1. */
  const update = (patch: Partial<ExploreState>) => setParams(exploreQuery({ ...state, page: 1, ...patch }));
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
    );

  const list = projects.data;
  const count = activeFilterCount(state);
  const sortData = SORT_OPTIONS.map((value) => ({ value, label: i18n.t(SORT_LABELS[value]) }));

  return (
    <Container size="lg" py={40}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {i18n.t('discovery.explore.title')}
          </Title>
          <Text c="dimmed">{i18n.t('discovery.explore.subtitle')}</Text>
        </div>

        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchForm value={state.search} onSearch={(search) => update({ search })} />
          {/* The browser's own list: on a phone its native picker, and no dropdown code to load. */}
          <NativeSelect
            label={i18n.t('discovery.explore.sortBy')}
            data={
              state.search
                ? [{ value: BEST_MATCH, label: i18n.t('discovery.sort.bestMatch') }, ...sortData]
                : sortData
            }
            value={state.sort ?? (state.search ? BEST_MATCH : 'newest')}
            onChange={(event) => {
              const value = event.currentTarget.value;
              update({ sort: value === BEST_MATCH ? null : (value as SortOption) });
            }}
            w={180}
          />
          <Button
            variant={(phone ? drawerOpen : filtersOpen) ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={18} />}
            rightSection={
              count > 0 ? (
                <Badge size="sm" circle aria-label={i18n.t('discovery.explore.activeFilterCount', { count })}>
                  {count}
                </Badge>
              ) : undefined
            }
            aria-expanded={phone ? drawerOpen : filtersOpen}
            aria-controls={phone ? undefined : panelId}
            aria-haspopup={phone ? 'dialog' : undefined}
            onPointerEnter={() => void loadFilters()}
            onFocus={() => void loadFilters()}
            onClick={() => {
              if (phone) return drawer.open();
              setFiltersWanted(true);
              setFiltersOpen((open) => !open);
            }}
          >
            {i18n.t('discovery.filters.title')}
          </Button>
        </Group>

        {phone ? (
          drawer.state && (
            <Suspense fallback={null}>
              <FiltersDrawer opened={drawer.state.opened} onClose={drawer.close}>
                <Stack gap="md">
                  <ExploreFilters
                    state={state}
                    categories={categories.data}
                    categoriesFailed={categories.isError}
                    onChange={update}
                  />
                  <Button fullWidth onClick={drawer.close}>
                    {list
                      ? i18n.t('discovery.explore.showCount', { count: list.total })
                      : i18n.t('discovery.explore.show')}
                  </Button>
                </Stack>
              </FiltersDrawer>
            </Suspense>
          )
        ) : (
          <Collapse expanded={filtersOpen} id={panelId}>
            {filtersWanted && (
              <Suspense fallback={null}>
                <ExploreFilters
                  state={state}
                  categories={categories.data}
                  categoriesFailed={categories.isError}
                  onChange={update}
                />
              </Suspense>
            )}
          </Collapse>
        )}

        <ActiveFilters state={state} categories={categories.data} onChange={update} onClear={clearAll} />

        {projects.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {i18n.t(DISCOVERY_MESSAGES.exploreFailed)}
          </Alert>
        ) : (
          <>
            {list && (
              <Text size="sm" c="dimmed" role="status">
                {i18n.t('discovery.explore.count', { count: list.total })}
              </Text>
            )}
            <ProjectGrid
              projects={list?.projects}
              loading={projects.isPending}
              source={state.search ? 'search' : 'explore'}
            />
            {list && list.projects.length === 0 && (
              <Stack align="center" gap="xs" py="xl">
                <Text fw={600}>{i18n.t('discovery.explore.noMatch')}</Text>
                {state.page > 1 ? (
                  <Button variant="light" onClick={() => setParams(exploreQuery({ ...state, page: 1 }))}>
                    {i18n.t('discovery.explore.firstPage')}
                  </Button>
                ) : count > 0 ? (
                  <>
                    <Text size="sm" c="dimmed">
                      {i18n.t('discovery.explore.tryRemoving')}
                    </Text>
                    <Button variant="light" onClick={clearAll}>
                      {i18n.t('discovery.explore.clearFilters')}
                    </Button>
                  </>
                ) : (
                  <>
                    <Text size="sm" c="dimmed">
                      {i18n.t('discovery.explore.noneYet')}
                    </Text>
                    <Button component={Link} to="/projects/create" variant="light">
                      {i18n.t('discovery.explore.startProject')}
                    </Button>
                  </>
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

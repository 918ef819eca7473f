import { Checkbox, Radio, ScrollArea } from '@mantine/core';
import { Paper, SimpleGrid, Stack, Text } from '@/components/primitives/primitives';
import { type Category, PROGRESS_BUCKETS } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { EXPLORE_STATUSES, type ExploreState } from '../explore-query';
import { PROGRESS_LABELS } from '../messages';

/** Explore's filter panel: status (one), categories (several) and progress buckets (several). */
export function ExploreFilters({
  state,
  categories,
  categoriesFailed,
  onChange,
}: {
  state: ExploreState;
  categories: Category[] | undefined;
  categoriesFailed: boolean;
  onChange: (patch: Partial<ExploreState>) => void;
}) {
  const i18n = useI18n();
  return (
    <Paper withBorder radius="lg" p="lg" bg="gray.0">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
        <div>
          <Radio.Group
            value={state.status}
            onChange={(value) => onChange({ status: value })}
            label={i18n.t('discovery.filters.status')}
            labelProps={{ mb: 'xs' }}
          >
            <Stack gap={8}>
              {EXPLORE_STATUSES.map((status) => (
                <Radio key={status.value} value={status.value} label={i18n.t(status.label)} />
              ))}
            </Stack>
          </Radio.Group>
        </div>
        <div>
          <Checkbox.Group
            value={state.category.map(String)}
            onChange={(values) => onChange({ category: values.map(Number) })}
            label={i18n.t('discovery.filters.category')}
            labelProps={{ mb: 'xs' }}
          >
            {categoriesFailed && (
              <Text size="sm" c="dimmed">
                {i18n.t('discovery.filters.categoriesUnavailable')}
              </Text>
            )}
            <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
              <Stack gap={8}>
                {(categories ?? []).map((category) => (
                  <Checkbox key={category.id} value={String(category.id)} label={category.name} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
        </div>
        <div>
          <Checkbox.Group
            value={state.progress}
            onChange={(values) =>
              onChange({
                progress: PROGRESS_BUCKETS.filter((bucket) => values.includes(bucket)),
              })
            }
            label={i18n.t('discovery.filters.progress')}
            labelProps={{ mb: 'xs' }}
          >
            <Stack gap={8}>
              {PROGRESS_BUCKETS.map((bucket) => (
                <Checkbox key={bucket} value={bucket} label={i18n.t(PROGRESS_LABELS[bucket])} />
              ))}
            </Stack>
          </Checkbox.Group>
        </div>
      </SimpleGrid>
    </Paper>
  );
}

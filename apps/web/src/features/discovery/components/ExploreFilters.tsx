import { Checkbox, Paper, Radio, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Category, PROGRESS_BUCKETS } from '@fundry/shared';
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
  return (
    <Paper withBorder radius="lg" p="lg" bg="gray.0">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
        <div>
          <Radio.Group
            value={state.status}
            onChange={(value) => onChange({ status: value })}
            label="Status"
            labelProps={{ mb: 'xs' }}
          >
            <Stack gap={8}>
              {EXPLORE_STATUSES.map((status) => (
                <Radio key={status.value} value={status.value} label={status.label} />
              ))}
            </Stack>
          </Radio.Group>
        </div>
        <div>
          <Checkbox.Group
            value={state.category.map(String)}
            onChange={(values) => onChange({ category: values.map(Number) })}
            label="Category"
            labelProps={{ mb: 'xs' }}
          >
            {categoriesFailed && (
              <Text size="sm" c="dimmed">
                Categories are unavailable
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
            label="Progress"
            labelProps={{ mb: 'xs' }}
          >
            <Stack gap={8}>
              {PROGRESS_BUCKETS.map((bucket) => (
                <Checkbox key={bucket} value={bucket} label={PROGRESS_LABELS[bucket]} />
              ))}
            </Stack>
          </Checkbox.Group>
        </div>
      </SimpleGrid>
    </Paper>
  );
}

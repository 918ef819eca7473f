import { Badge, CloseButton } from '@mantine/core';
import { Group, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import type { Category, Translator } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { DEFAULT_EXPLORE_STATUS, EXPLORE_STATUSES, type ExploreState } from '../explore-query';
import { PROGRESS_LABELS } from '../messages';

interface Chip {
  key: string;
  label: string;
  remove: Partial<ExploreState>;
}

function chipsOf(state: ExploreState, categories: Category[] | undefined, i18n: Translator): Chip[] {
  const chips: Chip[] = [];
  if (state.search) {
    chips.push({
      key: 'search',
      label: i18n.t('discovery.filters.searchChip', { search: state.search }),
      remove: { search: '' },
    });
  }
  if (state.status !== DEFAULT_EXPLORE_STATUS) {
    const label = EXPLORE_STATUSES.find((status) => status.value === state.status)?.label ?? state.status;
    chips.push({
      key: 'status',
      label: i18n.t('discovery.filters.statusChip', { status: i18n.t(label) }),
      remove: { status: DEFAULT_EXPLORE_STATUS },
    });
  }
  for (const id of state.category) {
    const name =
      categories?.find((category) => category.id === id)?.name ??
      i18n.t('discovery.filters.unknownCategory', { id });
    chips.push({
      key: `category-${id}`,
      label: name,
      remove: { category: state.category.filter((other) => other !== id) },
    });
  }
  for (const bucket of state.progress) {
    chips.push({
      key: `progress-${bucket}`,
      label: i18n.t('discovery.filters.progressChip', { progress: i18n.t(PROGRESS_LABELS[bucket]) }),
      remove: { progress: state.progress.filter((other) => other !== bucket) },
    });
  }
  return chips;
}

/** The filters in force as removable chips, and Clear All; nothing when no filter narrows the list. */
export function ActiveFilters({
  state,
  categories,
  onChange,
  onClear,
}: {
  state: ExploreState;
  categories: Category[] | undefined;
  onChange: (patch: Partial<ExploreState>) => void;
  onClear: () => void;
}) {
  const i18n = useI18n();
  const chips = chipsOf(state, categories, i18n);
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label={i18n.t('discovery.filters.activeLabel')}>
      <Text size="sm" c="dimmed" fw={500}>
        {i18n.t('discovery.filters.active')}
      </Text>
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          size="lg"
          variant="light"
          tt="none"
          fw={500}
          pr={4}
          rightSection={
            <CloseButton
              size="xs"
              radius="xl"
              variant="transparent"
              c="teal.9"
              aria-label={i18n.t('discovery.filters.remove', { filter: chip.label })}
              onClick={() => onChange(chip.remove)}
            />
          }
        >
          {chip.label}
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" color="red" onClick={onClear}>
        {i18n.t('discovery.filters.clearAll')}
      </Button>
    </Group>
  );
}

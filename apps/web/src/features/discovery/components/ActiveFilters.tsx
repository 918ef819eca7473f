import { Badge, Button, CloseButton, Group, Text } from '@mantine/core';
import type { Category } from '@fundry/shared';
import { DEFAULT_EXPLORE_STATUS, EXPLORE_STATUSES, type ExploreState } from '../explore-query';
import { PROGRESS_LABELS } from '../messages';

interface Chip {
  key: string;
  label: string;
  remove: Partial<ExploreState>;
}

function chipsOf(state: ExploreState, categories: Category[] | undefined): Chip[] {
  const chips: Chip[] = [];
  if (state.search) chips.push({ key: 'search', label: `Search: ${state.search}`, remove: { search: '' } });
  if (state.status !== DEFAULT_EXPLORE_STATUS) {
    const label = EXPLORE_STATUSES.find((status) => status.value === state.status)?.label ?? state.status;
    chips.push({ key: 'status', label: `Status: ${label}`, remove: { status: DEFAULT_EXPLORE_STATUS } });
  }
  for (const id of state.category) {
    const name = categories?.find((category) => category.id === id)?.name ?? `Category ${id}`;
    chips.push({
      key: `category-${id}`,
      label: name,
      remove: { category: state.category.filter((other) => other !== id) },
    });
  }
  for (const bucket of state.progress) {
    chips.push({
      key: `progress-${bucket}`,
      label: `Progress: ${PROGRESS_LABELS[bucket]}`,
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
  const chips = chipsOf(state, categories);
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label="Active filters">
      <Text size="sm" c="dimmed" fw={500}>
        Active filters:
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
              aria-label={`Remove filter ${chip.label}`}
              onClick={() => onChange(chip.remove)}
            />
          }
        >
          {chip.label}
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" color="red" onClick={onClear}>
        Clear All
      </Button>
    </Group>
  );
}

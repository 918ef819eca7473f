import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatDollars, formatPercentFunded, percentFunded } from '@fundry/shared';

/** Raised so far against the goal: a bar capped at 100% and the figures under it (SPEC §4). */
export function FundingProgress({
  current,
  goal,
  size = 'sm',
}: {
  current: number;
  goal: number | null;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const percent = percentFunded(current, goal);
  const label = formatPercentFunded(current, goal);
  return (
    <Stack gap={6}>
      <Progress
        value={percent}
        size={size}
        radius="xl"
        color={percent >= 100 ? 'green' : 'teal'}
        aria-label={`${label} funded`}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {formatDollars(current)}{' '}
          <Text span size="sm" c="dimmed" fw={400}>
            raised
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          {label} funded
        </Text>
      </Group>
    </Stack>
  );
}

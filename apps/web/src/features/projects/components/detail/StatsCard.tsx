import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { daysLeft, formatDollars, formatPercentFunded, percentFunded, type Project } from '@fundry/shared';
import { hasEnded } from '@/lib/dates';

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <Stack gap={0}>
      <Text fz={22} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
    </Stack>
  );
}

/** The amount raised and the goal, large in the funding card and small in the phone's pledge bar. */
export function RaisedOfGoal({ project, compact = false }: { project: Project; compact?: boolean }) {
  return (
    <div>
      <Text
        fz={compact ? undefined : 30}
        fw={compact ? 700 : 800}
        c={compact ? undefined : 'teal'}
        lh={compact ? 1.2 : 1.1}
      >
        {formatDollars(project.current_amount)}
      </Text>
      <Text size={compact ? 'xs' : 'sm'} c="dimmed">
        raised of {project.goal_amount === null ? 'an unset' : formatDollars(project.goal_amount)} goal
      </Text>
    </div>
  );
}

/**
 * Amount raised, goal, backers, days to go and the progress bar. `children` is where the backing, sharing
 * and saving actions go (SPEC §2); they arrive with their own issues.
 */
export function StatsCard({
  project,
  children,
  primaryAction,
}: {
  project: Project;
  children?: ReactNode;
  /** A full-width action above the others: Back This Project. */
  primaryAction?: ReactNode;
}) {
  const percent = percentFunded(project.current_amount, project.goal_amount);
  const percentLabel = formatPercentFunded(project.current_amount, project.goal_amount);
  const ended = hasEnded(project.end_date);
  const days = project.status === 'ACTIVE' ? project.days_left : daysLeft(project.end_date);
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" aria-label="Funding">
      <Stack gap="md">
        <RaisedOfGoal project={project} />
        <Progress
          value={percent}
          size="lg"
          radius="xl"
          color={percent >= 100 ? 'green' : 'teal'}
          aria-label={`${percentLabel} funded`}
        />
        <SimpleGrid cols={3} spacing="xs">
          <Figure value={percentLabel} label="funded" />
          <Figure
            value={String(project.backers_count)}
            label={project.backers_count === 1 ? 'backer' : 'backers'}
          />
          {ended ? (
            <Figure value="Ended" label="campaign" />
          ) : (
            <Figure value={String(days)} label="days to go" />
          )}
        </SimpleGrid>
        {primaryAction}
        {children && <Group grow>{children}</Group>}
      </Stack>
    </Paper>
  );
}

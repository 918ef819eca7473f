import { Badge, Progress } from '@mantine/core';
import { Group, Paper, Stack, Text } from '@/components/primitives/primitives';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  daysBetween,
  daysLeft,
  ENDED_EARLY_STATUSES,
  isUpcoming,
  percentFunded,
  type Project,
  todayUtc,
} from '@fundry/shared';
import { hasEnded } from '@/lib/dates';
import { percentFundedText } from '@/lib/project-text';
import { Approximately } from '@/components/money/Approximately';
import { PledgeOverTimeNote } from '@/components/instalments/PledgeOverTimeNote';
import { Rich, useI18n } from '@/lib/i18n';

const figureValue = (value: string) => (
  <Text fz={22} fw={700} lh={1.2}>
    {value}
  </Text>
);
/**
 * A label wraps between its words when the card is narrow ("DÍAS RESTANTES"), and a word longer than the card
 * leaves breaks rather than running into the next figure.
 */
const LABEL_STYLE = { overflowWrap: 'break-word' } as const;
const figureLabel = (label: string) => (
  <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={LABEL_STYLE}>
    {label}
  </Text>
);

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <Stack gap={0}>
      {figureValue(value)}
      {figureLabel(label)}
    </Stack>
  );
}

/**
 * Days to go: an upcoming campaign (DESIGN.md §19) has all of them, from its start date to its end date; a live one
 * what the server counted; any other what is left to its end date.
 */
function campaignDaysToGo(project: Project): number {
  const { start_date: start, end_date: end } = project;
  if (start && end && isUpcoming(project, todayUtc())) return daysBetween(start, end) + 1;
  return project.status === 'ACTIVE' ? project.days_left : daysLeft(project.end_date);
}

/** The count and the noun are one message: each language agrees its noun with the number its own way. */
function BackersFigure({ count }: { count: number }) {
  return (
    <Stack gap={0}>
      <Rich
        id="projects.stats.backers"
        values={{ count }}
        tags={{ value: figureValue, label: figureLabel }}
      />
    </Stack>
  );
}

/** The amount raised and the goal, large in the funding card and small in the phone's pledge bar. */
export function RaisedOfGoal({ project, compact = false }: { project: Project; compact?: boolean }) {
  const i18n = useI18n();
  const size = compact ? 'xs' : 'sm';
  return (
    <div>
      <Group gap="xs" align="baseline">
        <Text
          fz={compact ? undefined : 30}
          fw={compact ? 700 : 800}
          c={compact ? undefined : 'teal'}
          lh={compact ? 1.2 : 1.1}
        >
          {i18n.money(project.current_amount, project.currency)}
        </Text>
        <Approximately amount={project.current_amount} currency={project.currency} size={size} />
      </Group>
      <Text size={size} c="dimmed">
        {project.goal_amount === null ? (
          i18n.t('projects.stats.raisedOfUnsetGoal')
        ) : (
          <>
            {i18n.t('projects.stats.raisedOfGoal', {
              goal: i18n.money(project.goal_amount, project.currency),
            })}{' '}
            <Approximately amount={project.goal_amount} currency={project.currency} size={size} />
          </>
        )}
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
  bar,
}: {
  project: Project;
  children?: ReactNode;
  /** The progress bar drawn by another feature (with the stretch goals' markers); the plain one otherwise. */
  bar?: ReactNode;
  /** A full-width action above the others: Back This Project. */
  primaryAction?: ReactNode;
}) {
  const i18n = useI18n();
  const percent = percentFunded(project.current_amount, project.goal_amount);
  const percentLabel = percentFundedText(i18n, project.current_amount, project.goal_amount);
  // A campaign ended early (DESIGN.md §18) has no days left, whatever its end date says.
  const ended = ENDED_EARLY_STATUSES.includes(project.status) || hasEnded(project.end_date);
  const days = campaignDaysToGo(project);
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" aria-label={i18n.t('projects.stats.heading')}>
      <Stack gap="md">
        <RaisedOfGoal project={project} />
        {bar ?? (
          <Progress
            value={percent}
            size="lg"
            radius="xl"
            color={percent >= 100 ? 'green' : 'teal'}
            aria-label={i18n.t('projects.stats.percentFunded', { percent: percentLabel })}
          />
        )}
        {/* Each figure as wide as its words, the space between them: a long label fits unbroken where it can. */}
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Figure value={percentLabel} label={i18n.t('projects.stats.funded')} />
          <BackersFigure count={project.backers_count} />
          {ended ? (
            <Figure value={i18n.t('projects.stats.ended')} label={i18n.t('projects.stats.campaign')} />
          ) : (
            <Figure value={i18n.number(days)} label={i18n.t('projects.stats.daysToGo', { count: days })} />
          )}
        </Group>
        {project.late_backers_count > 0 && (
          <Text size="sm" fw={600} c="teal.9" data-testid="late-backers">
            {i18n.t('projects.stats.lateBackers', {
              amount: i18n.money(project.late_amount, project.currency),
              count: project.late_backers_count,
            })}
          </Text>
        )}
        {project.late_pledges.open && (
          <Group gap={6} wrap="wrap">
            <Badge color="teal" variant="filled" size="lg">
              {i18n.t('projects.stats.latePledgesOpen')}
            </Badge>
            {project.late_pledges.until && (
              <Text size="sm" c="dimmed">
                {i18n.t('projects.stats.latePledgesUntil', {
                  date: i18n.calendarDate(project.late_pledges.until),
                })}
              </Text>
            )}
          </Group>
        )}
        {project.pledge_over_time && project.pledge_over_time_minimum !== null && !ended && (
          <PledgeOverTimeNote minimum={project.pledge_over_time_minimum} currency={project.currency} />
        )}
        {project.rewards_sent > 0 && (
          <Group gap={6} wrap="nowrap">
            <IconTruckDelivery size={18} color="var(--mantine-color-teal-8)" aria-hidden />
            <Text size="sm" fw={600}>
              {i18n.t('projects.stats.rewardsSent', {
                sent: project.rewards_sent,
                total: project.rewards_total,
              })}
            </Text>
          </Group>
        )}
        {primaryAction}
        {children && <Group grow>{children}</Group>}
      </Stack>
    </Paper>
  );
}

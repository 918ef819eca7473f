import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Alert, Box, Group, Skeleton, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type DailyStats, formatDollars } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useDailyStats } from '../api/tools';

const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const money = (value: number) => formatDollars(value);

/** The axis top: the next round number (1, 1.2, 1.5, 2, … 8 times a power of ten), so the ticks are too. */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 10;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/** The funding curve against the goal, pledges per day and the rewards chosen (DESIGN.md §12). */
export function FundingCharts({ stats, headingLevel = 3 }: { stats: DailyStats; headingLevel?: 2 | 3 }) {
  const last = stats.days.at(-1);
  const raised = last?.cumulative_amount ?? 0;
  const pledges = stats.days.reduce((sum, day) => sum + day.pledges, 0);
  const goal = stats.goal_amount;
  const top = niceCeil(Math.max(goal ?? 0, raised) * 1.05);
  const data = stats.days.map((day) => ({ ...day, day: shortDay(day.date) }));
  const percent = goal ? Math.round((raised / goal) * 100) : null;

  return (
    <Stack gap="lg">
      <Text size="sm" data-testid="funding-summary">
        {formatDollars(raised, 2)} raised
        {goal !== null ? ` of a ${formatDollars(goal)} goal (${percent}%)` : ''} from {pledges} live pledge
        {pledges === 1 ? '' : 's'}.
      </Text>
      <Box>
        <Title order={headingLevel} fz="md" mb="xs" id="funding-curve-title">
          Amount raised over time
        </Title>
        <Box role="img" aria-labelledby="funding-curve-title" aria-describedby="funding-summary-text">
          <AreaChart
            h={240}
            data={data}
            dataKey="day"
            series={[{ name: 'cumulative_amount', label: 'Raised', color: 'teal.6' }]}
            curveType="monotone"
            valueFormatter={money}
            yAxisProps={{ domain: [0, top], tickCount: 5, width: 72 }}
            referenceLines={
              goal !== null
                ? [
                    {
                      y: goal,
                      label: `Goal ${formatDollars(goal)}`,
                      color: 'red.7',
                      labelPosition: 'insideTopLeft',
                    },
                  ]
                : []
            }
            withDots={data.length <= 31}
          />
        </Box>
        <Text id="funding-summary-text" size="xs" c="dimmed" mt={4}>
          {`Cumulative amount per day from ${shortDay(stats.days[0]?.date ?? '')} to ${shortDay(last?.date ?? '')}${goal !== null ? `, against the goal of ${formatDollars(goal)}` : ''}.`}
        </Text>
      </Box>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Box>
          <Title order={headingLevel} fz="md" mb="xs" id="pledges-per-day-title">
            Pledges per day
          </Title>
          <Box role="img" aria-labelledby="pledges-per-day-title">
            <BarChart
              h={200}
              data={data}
              dataKey="day"
              series={[{ name: 'pledges', label: 'Pledges', color: 'blue.6' }]}
              yAxisProps={{ allowDecimals: false, width: 40 }}
            />
          </Box>
        </Box>
        <Box>
          <Title order={headingLevel} fz="md" mb="xs" id="per-reward-title">
            By reward
          </Title>
          {stats.rewards.length === 0 ? (
            <Text size="sm" c="dimmed">
              No pledges yet.
            </Text>
          ) : (
            <Stack gap="xs">
              <Box role="img" aria-labelledby="per-reward-title">
                <BarChart
                  h={Math.max(120, stats.rewards.length * 40)}
                  data={stats.rewards}
                  dataKey="title"
                  orientation="vertical"
                  series={[{ name: 'amount', label: 'Amount', color: 'grape.6' }]}
                  valueFormatter={money}
                  yAxisProps={{ width: 110 }}
                />
              </Box>
              <Table fz="sm" verticalSpacing={4} aria-labelledby="per-reward-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Reward</Table.Th>
                    <Table.Th ta="right">Backers</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {stats.rewards.map((reward) => (
                    <Table.Tr key={reward.reward_id ?? 'none'}>
                      <Table.Td>{reward.title}</Table.Td>
                      <Table.Td ta="right">{reward.backers}</Table.Td>
                      <Table.Td ta="right">{formatDollars(reward.amount, 2)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
        </Box>
      </SimpleGrid>
    </Stack>
  );
}

/** Loads a project's daily statistics and draws them. */
export function FundingCurve({ projectId, headingLevel }: { projectId: number; headingLevel?: 2 | 3 }) {
  const stats = useDailyStats(projectId);
  if (stats.isPending) {
    return (
      <Group grow aria-label="Loading the funding curve">
        <Skeleton height={240} radius="md" />
      </Group>
    );
  }
  if (stats.isError) {
    return (
      <Alert color="red" role="alert">
        {serverMessage(stats.error) ?? 'Failed to load the funding curve'}
      </Alert>
    );
  }
  return <FundingCharts stats={stats.data} headingLevel={headingLevel} />;
}

import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Box, Table } from '@mantine/core';
import { SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import type { DailyStats } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';

/** The axis top: the next round number (1, 1.2, 1.5, 2, … 8 times a power of ten), so the ticks are too. */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 10;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/** The funding curve against the goal, pledges per day and the rewards chosen (DESIGN.md §12). */
export function FundingCharts({ stats, headingLevel = 3 }: { stats: DailyStats; headingLevel?: 2 | 3 }) {
  const i18n = useI18n();
  // Days are calendar dates: read in UTC so that no time zone moves them to the day before.
  const shortDay = (date: string) => i18n.formatDate(`${date}T00:00:00Z`, 'dayMonthUtc');
  const money = (value: number) => i18n.money(value, stats.currency);
  const last = stats.days.at(-1);
  const raised = last?.cumulative_amount ?? 0;
  const pledges = stats.days.reduce((sum, day) => sum + day.pledges, 0);
  const goal = stats.goal_amount;
  const top = niceCeil(Math.max(goal ?? 0, raised) * 1.05);
  const data = stats.days.map((day) => ({ ...day, day: shortDay(day.date) }));
  // Pledges without a reward come with the server's English name: this page says it in its own language.
  const rewards = stats.rewards.map((reward) =>
    reward.reward_id === null ? { ...reward, title: i18n.t('creatorTools.funding.noReward') } : reward,
  );
  const period = { from: shortDay(stats.days[0]?.date ?? ''), to: shortDay(last?.date ?? '') };
  // Right to left, time runs from the right and the values' axis stands on the right, as the page reads.
  const rtl = i18n.dir === 'rtl';
  const timeAxis = { reversed: rtl };
  const valueSide = { orientation: rtl ? ('right' as const) : ('left' as const) };

  return (
    <Stack gap="lg">
      <Text size="sm" data-testid="funding-summary">
        {goal
          ? i18n.t('creatorTools.funding.summaryGoal', {
              raised: i18n.money(raised, stats.currency),
              goal: i18n.money(goal, stats.currency),
              percent: i18n.number(raised / goal, { style: 'percent', maximumFractionDigits: 0 }),
              count: pledges,
            })
          : i18n.t('creatorTools.funding.summary', {
              raised: i18n.money(raised, stats.currency),
              count: pledges,
            })}
      </Text>
      <Box>
        <Title order={headingLevel} fz="md" mb="xs" id="funding-curve-title">
          {i18n.t('creatorTools.funding.curveTitle')}
        </Title>
        <Box role="img" aria-labelledby="funding-curve-title" aria-describedby="funding-summary-text">
          <AreaChart
            h={240}
            data={data}
            dataKey="day"
            series={[
              { name: 'cumulative_amount', label: i18n.t('creatorTools.funding.raised'), color: 'teal.6' },
            ]}
            curveType="monotone"
            valueFormatter={money}
            xAxisProps={timeAxis}
            yAxisProps={{ domain: [0, top], tickCount: 5, width: 72, ...valueSide }}
            referenceLines={
              goal !== null
                ? [
                    {
                      y: goal,
                      label: i18n.t('creatorTools.funding.goalLine', { goal: money(goal) }),
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
          {goal !== null
            ? i18n.t('creatorTools.funding.curveDescriptionGoal', { ...period, goal: money(goal) })
            : i18n.t('creatorTools.funding.curveDescription', period)}
        </Text>
      </Box>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Box>
          <Title order={headingLevel} fz="md" mb="xs" id="pledges-per-day-title">
            {i18n.t('creatorTools.funding.perDayTitle')}
          </Title>
          <Box role="img" aria-labelledby="pledges-per-day-title">
            <BarChart
              h={200}
              data={data}
              dataKey="day"
              series={[{ name: 'pledges', label: i18n.t('creatorTools.funding.pledges'), color: 'blue.6' }]}
              valueFormatter={(value) => i18n.number(value)}
              xAxisProps={timeAxis}
              yAxisProps={{ allowDecimals: false, width: 40, ...valueSide }}
            />
          </Box>
        </Box>
        <Box>
          <Title order={headingLevel} fz="md" mb="xs" id="per-reward-title">
            {i18n.t('creatorTools.funding.perRewardTitle')}
          </Title>
          {stats.rewards.length === 0 ? (
            <Text size="sm" c="dimmed">
              {i18n.t('creatorTools.funding.noPledges')}
            </Text>
          ) : (
            <Stack gap="xs">
              <Box role="img" aria-labelledby="per-reward-title">
                <BarChart
                  h={Math.max(120, stats.rewards.length * 40)}
                  data={rewards}
                  dataKey="title"
                  orientation="vertical"
                  series={[
                    { name: 'amount', label: i18n.t('creatorTools.funding.amount'), color: 'grape.6' },
                  ]}
                  valueFormatter={money}
                  xAxisProps={{ reversed: rtl }}
                  yAxisProps={{ width: 110, ...valueSide }}
                />
              </Box>
              <Table fz="sm" verticalSpacing={4} aria-labelledby="per-reward-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{i18n.t('creatorTools.funding.reward')}</Table.Th>
                    <Table.Th ta="right">{i18n.t('creatorTools.funding.backers')}</Table.Th>
                    <Table.Th ta="right">{i18n.t('creatorTools.funding.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rewards.map((reward) => (
                    <Table.Tr key={reward.reward_id ?? 'none'}>
                      <Table.Td>{reward.title}</Table.Td>
                      <Table.Td ta="right">{i18n.number(reward.backers)}</Table.Td>
                      <Table.Td ta="right">{i18n.money(reward.amount, stats.currency)}</Table.Td>
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

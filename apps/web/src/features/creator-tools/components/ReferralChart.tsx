import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { Text, Title } from '@/components/primitives/primitives';
import type { ReferralsReport } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';

/** Visits and pledges per day, all sources together, drawn as the funding curve's charts are (FundingCharts). */
export function ReferralChart({ report }: { report: ReferralsReport }) {
  const i18n = useI18n();
  const shortDay = (date: string) => i18n.formatDate(`${date}T00:00:00Z`, 'dayMonthUtc');
  const byDay = new Map<string, { day: string; visits: number; pledges: number }>();
  for (const row of report.days) {
    const day = byDay.get(row.day) ?? { day: row.day, visits: 0, pledges: 0 };
    day.visits += row.visits;
    day.pledges += row.pledges;
    byDay.set(row.day, day);
  }
  const data = [...byDay.values()].map((day) => ({ ...day, day: shortDay(day.day) }));
  const rtl = i18n.dir === 'rtl';
  return (
    <Box>
      <Title order={3} fz="md" mb="xs" id="referral-chart-title">
        {i18n.t('creatorTools.referrals.chartTitle')}
      </Title>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {i18n.t('creatorTools.referrals.empty')}
        </Text>
      ) : (
        <Box role="img" aria-labelledby="referral-chart-title" aria-describedby="referral-chart-summary">
          <BarChart
            h={220}
            data={data}
            dataKey="day"
            withLegend
            series={[
              { name: 'visits', label: i18n.t('creatorTools.referrals.visits'), color: 'blue.6' },
              { name: 'pledges', label: i18n.t('creatorTools.referrals.pledges'), color: 'teal.7' },
            ]}
            valueFormatter={(value) => i18n.number(value)}
            xAxisProps={{ reversed: rtl }}
            yAxisProps={{ allowDecimals: false, width: 48, orientation: rtl ? 'right' : 'left' }}
          />
        </Box>
      )}
      <Text id="referral-chart-summary" size="xs" c="dimmed" mt={4}>
        {i18n.t('creatorTools.referrals.chartSummary', {
          visits: report.totals.visits,
          pledges: report.totals.pledges,
          amount: i18n.money(report.totals.amount, report.currency),
        })}
      </Text>
    </Box>
  );
}

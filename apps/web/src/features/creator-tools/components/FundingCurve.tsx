import { Alert, Skeleton } from '@mantine/core';
import { Group } from '@/components/primitives/primitives';
import { lazy, Suspense, useEffect } from 'react';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { useDailyStats } from '../api/tools';

// The charts (recharts, with its d3 and redux) are most of the creator tools' code: a chunk of their own, not
// with the backers' list and the survey editor, fetched while the statistics they draw are.
const loadCharts = () => import('./FundingCharts');
const FundingCharts = lazy(async () => ({ default: (await loadCharts()).FundingCharts }));

function Loading() {
  const i18n = useI18n();
  return (
    <Group grow aria-label={i18n.t('creatorTools.funding.loading')}>
      <Skeleton height={240} radius="md" />
    </Group>
  );
}

/** Loads a project's daily statistics and draws them. */
export function FundingCurve({ projectId, headingLevel }: { projectId: number; headingLevel?: 2 | 3 }) {
  const i18n = useI18n();
  const stats = useDailyStats(projectId);
  useEffect(() => {
    void loadCharts();
  }, []);
  if (stats.isPending) return <Loading />;
  if (stats.isError) {
    return (
      <Alert color="red" role="alert">
        {serverMessage(stats.error) ?? i18n.t('creatorTools.funding.loadFailed')}
      </Alert>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <FundingCharts stats={stats.data} headingLevel={headingLevel} />
    </Suspense>
  );
}

import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ProjectPageSlots } from '@/features/projects/routes/ProjectDetailPage';
import { ReportButton } from '@/features/reports/components/ReportButton';
import { useI18n } from '@/lib/i18n';

/**
 * The reward list is in the server's HTML; its code follows the page's own, and React hydrates it when it
 * arrives (a press on it before then is replayed), so it does not hold up the rest of the page.
 */
const RewardListCard = lazy(async () => ({
  default: (await import('@/features/backing/components/RewardListCard')).RewardListCard,
}));
const AddOnListCard = lazy(async () => ({
  default: (await import('@/features/backing/components/AddOnListCard')).AddOnListCard,
}));

function ReportProjectButton({ projectId }: { projectId: number }) {
  const i18n = useI18n();
  return <ReportButton kind="project" id={projectId} name={i18n.t('common.project.report')} />;
}

/**
 * What the public and the draft project pages both compose in: the rewards and add-ons (backing) and Report
 * (reports).
 */
export const projectSlots = {
  rewardList: (project, isCreator) => (
    <Stack gap="lg">
      <Suspense fallback={<Skeleton h={320} radius="lg" />}>
        <RewardListCard project={project} isCreator={isCreator} />
      </Suspense>
      <Suspense fallback={null}>
        <AddOnListCard projectId={project.id} />
      </Suspense>
    </Stack>
  ),
  reportButton: (project) => <ReportProjectButton projectId={project.id} />,
} satisfies ProjectPageSlots;

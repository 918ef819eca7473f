import { Skeleton } from '@mantine/core';
import { Stack } from '@/components/primitives/primitives';
import { lazy, Suspense } from 'react';
import type { Project } from '@fundry/shared';
import { creatorName } from '@/features/projects/components/detail/creator-name';
import type { ProjectPageSlots } from '@/features/projects/routes/ProjectDetailPage';
import { ProjectFundingBar } from '@/features/stretch-goals/components/ProjectFundingBar';
import { useI18n } from '@/lib/i18n';

/**
 * The reward list is in the server's HTML; its code follows the page's own, and React hydrates it when it
 * arrives (a press on it before then is replayed), so it does not hold up the rest of the page.
 */
/** Message the creator: its dialog's code loads with the button, after the page's own. */
const MessageCreatorButton = lazy(async () => ({
  default: (await import('@/features/messages/components/MessageCreatorButton')).MessageCreatorButton,
}));

const RewardListCard = lazy(async () => ({
  default: (await import('@/features/backing/components/RewardListCard')).RewardListCard,
}));
const AddOnListCard = lazy(async () => ({
  default: (await import('@/features/backing/components/AddOnListCard')).AddOnListCard,
}));

/** The list of stretch goals comes after the funding card, in the server's HTML too, its code following the page's. */
const StretchGoalsCard = lazy(async () => ({
  default: (await import('@/features/stretch-goals/components/StretchGoalsCard')).StretchGoalsCard,
}));

/** Report (a project, its creator, a comment): only a signed-in visitor sees it, below the fold; its code follows the page's. */
export const ReportButton = lazy(async () => ({
  default: (await import('@/features/reports/components/ReportButton')).ReportButton,
}));

function ReportProjectButton({ projectId }: { projectId: number }) {
  const i18n = useI18n();
  return (
    <Suspense fallback={null}>
      <ReportButton kind="project" id={projectId} name={i18n.t('common.project.report')} />
    </Suspense>
  );
}

function ReportCreatorButton({ project }: { project: Project }) {
  const i18n = useI18n();
  return (
    <Suspense fallback={null}>
      <ReportButton
        kind="user"
        id={project.creator_id}
        name={i18n.t('reports.person', { name: creatorName(i18n, project.creator) })}
      />
    </Suspense>
  );
}

function MessageTheCreator({ project }: { project: Project }) {
  const i18n = useI18n();
  return (
    <MessageCreatorButton
      projectId={project.id}
      projectTitle={project.title}
      creatorName={creatorName(i18n, project.creator)}
    />
  );
}

/**
 * What the public and the draft project pages both compose in: the funding bar and list of stretch goals (stretch
 * goals), the rewards and add-ons (backing), Report (reports) and Message the creator (messages).
 */
export const projectSlots = {
  fundingBar: (project) => <ProjectFundingBar project={project} />,
  stretchGoals: (project, isCreator) => (
    <Suspense fallback={null}>
      <StretchGoalsCard project={project} isCreator={isCreator} />
    </Suspense>
  ),
  rewardList: (project, isCreator) => (
    <Stack gap="lg">
      <Suspense fallback={<Skeleton h={320} radius="lg" />}>
        <RewardListCard project={project} isCreator={isCreator} />
      </Suspense>
      <Suspense fallback={null}>
        <AddOnListCard project={project} isCreator={isCreator} />
      </Suspense>
    </Stack>
  ),
  reportButton: (project) => <ReportProjectButton projectId={project.id} />,
  reportCreatorButton: (project) => <ReportCreatorButton project={project} />,
  messageButton: (project) => <MessageTheCreator project={project} />,
} satisfies ProjectPageSlots;

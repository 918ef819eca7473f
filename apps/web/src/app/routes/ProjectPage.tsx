import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import type { Project } from '@fundry/shared';
import { useAddOns } from '@/features/backing/api/add-ons';
import { useRewards } from '@/features/backing/api/rewards';
import { PledgeAction } from '@/features/backing/components/PledgeAction';
import { parseProjectId } from '@/features/projects/api/projects';
import { ProjectDetailPage } from '@/features/projects/routes/ProjectDetailPage';
import { ReportButton } from '@/features/reports/components/ReportButton';
import { useProjectVisit } from '@/lib/referrals';
import { useSession } from '@/lib/session';
import { useStretchGoals } from '@/features/stretch-goals/api/stretch-goals';
import { projectSlots } from './project-slots';

// The updates, comments and FAQ load when their tab is first opened (the overview is what a link opens on).
const UpdatesTab = lazy(async () => ({
  default: (await import('@/features/community/components/UpdatesTab')).UpdatesTab,
}));
const ProjectComments = lazy(async () => ({
  default: (await import('@/features/community/components/ProjectCommunity')).ProjectComments,
}));
// Only a creator sees Block on a comment: its code loads when one does.
const BlockPersonButton = lazy(async () => ({
  default: (await import('@/features/creator-tools/components/BlockPersonButton')).BlockPersonButton,
}));
const FaqSection = lazy(async () => ({
  default: (await import('@/features/community/components/FaqSection')).FaqSection,
}));
/** Only creators and admins see the creator tools: their charts stay out of everyone else's download. */
const CreatorTools = lazy(async () => ({
  default: (await import('@/features/creator-tools/components/CreatorTools')).CreatorTools,
}));
/** Only the creator sees the payout panel. */
const PayoutPanel = lazy(async () => ({
  default: (await import('@/features/payouts/components/PayoutPanel')).PayoutPanel,
}));

/** The creator messages the backers of a filter: the button comes from messages. */
const BulkMessageButton = lazy(async () => ({
  default: (await import('@/features/messages/components/BulkMessageButton')).BulkMessageButton,
}));

/**
 * The creator tools filter the backers by reward and add-on: the project's rewards and add-ons come from backing. Its creator (not an
 * admin) may message the backers the filter shows.
 */
function ProjectCreatorTools({ project }: { project: Project }) {
  const rewards = useRewards(project.id);
  const addOns = useAddOns(project.id);
  const session = useSession();
  return (
    <CreatorTools
      project={project}
      rewards={rewards.data ?? []}
      addOns={addOns.data ?? []}
      messageBackers={
        session.userId === project.creator_id
          ? (filters, pledges) => (
              <Suspense fallback={null}>
                <BulkMessageButton projectId={project.id} filter={filters} pledges={pledges} />
              </Suspense>
            )
          : undefined
      }
    />
  );
}

/**
 * The project page composes the backer's pledge and the rewards (backing), the updates, comments and FAQ
 * (community), the creator tools, the payout panel and the Report buttons (reports) into the project view
 * (projects).
 */
export function ProjectPage() {
  // The rewards and stretch goals are asked for beside the project rather than once it has loaded: the server renders the page once
  // fewer to find what it needs (decision 018), and the browser, navigating here, reads both at once.
  const projectId = parseProjectId(useParams().id);
  useProjectVisit(projectId);
  useRewards(projectId);
  useStretchGoals(projectId);
  return (
    <ProjectDetailPage
      {...projectSlots}
      pledgeAction={(project, isCreator) => <PledgeAction project={project} isCreator={isCreator} />}
      updatesTab={(project, isCreator) => <UpdatesTab project={project} isCreator={isCreator} />}
      commentsTab={(project, isCreator) => (
        <ProjectComments
          project={project}
          isCreator={isCreator}
          reportButton={(commentId, name) => (
            <ReportButton kind="comment" id={commentId} name={name} compact />
          )}
          blockButton={(userId, name) => (
            <Suspense fallback={null}>
              <BlockPersonButton projectId={project.id} userId={userId} name={name} />
            </Suspense>
          )}
        />
      )}
      faqTab={(project, isCreator) => <FaqSection projectId={project.id} isCreator={isCreator} />}
      creatorTools={(project) => <ProjectCreatorTools project={project} />}
      payoutPanel={(project) => <PayoutPanel projectId={project.id} />}
    />
  );
}

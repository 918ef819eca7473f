import { lazy, Suspense } from 'react';
import { useParams } from '@/lib/router';
import { type CollaboratorPermission, isUpcoming, type Project, todayUtc } from '@fundry/shared';
import { useAddOns } from '@/features/backing/api/add-ons';
import { useRewards } from '@/features/backing/api/rewards';
import { PledgeAction } from '@/features/backing/components/PledgeAction';
import { parseProjectId } from '@/features/projects/api/projects';
import { creatorName } from '@/features/projects/components/detail/creator-name';
import { useI18n } from '@/lib/i18n';
import { ProjectDetailPage } from '@/features/projects/routes/ProjectDetailPage';
import { useProjectVisit } from '@/lib/referrals';
import { useSession } from '@/lib/session';
import { useStretchGoals } from '@/features/stretch-goals/api/stretch-goals';
import { projectSlots, ReportButton } from './project-slots';

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
/** Only the creator sees the Team tab. */
const TeamTab = lazy(async () => ({
  default: (await import('@/features/collaborators/components/TeamTab')).TeamTab,
}));
/** Only an upcoming project's page shows Notify me on launch (and its creator's Launch now). */
const ProjectUpcomingAction = lazy(async () => ({
  default: (await import('./ProjectUpcomingAction')).ProjectUpcomingAction,
}));
/** Follow the creator: below the fold, in the creator card, its code follows the page's. */
const FollowCreatorButton = lazy(async () => ({
  default: (await import('@/features/follows/components/FollowCreatorButton')).FollowCreatorButton,
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
function ProjectCreatorTools({
  project,
  permissions,
}: {
  project: Project;
  permissions: readonly CollaboratorPermission[] | undefined;
}) {
  const rewards = useRewards(project.id);
  const addOns = useAddOns(project.id);
  const session = useSession();
  const isCreator = session.userId === project.creator_id;
  return (
    <CreatorTools
      project={project}
      rewards={rewards.data ?? []}
      addOns={addOns.data ?? []}
      permissions={permissions}
      // The team is its creator's alone (DESIGN.md §19).
      teamTab={
        isCreator ? (
          <Suspense fallback={null}>
            <TeamTab projectId={project.id} />
          </Suspense>
        ) : undefined
      }
      messageBackers={
        isCreator || permissions?.includes('fulfilment')
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
 * Before its start date a live project is upcoming (DESIGN.md §19): no Back button, but Notify me on launch, and for
 * its creator Launch now.
 */
function ProjectAction({ project, isCreator }: { project: Project; isCreator: boolean }) {
  if (isUpcoming(project, todayUtc())) {
    return (
      <Suspense fallback={null}>
        <ProjectUpcomingAction project={project} isCreator={isCreator} />
      </Suspense>
    );
  }
  return <PledgeAction project={project} isCreator={isCreator} />;
}

function FollowTheCreator({ project }: { project: Project }) {
  const i18n = useI18n();
  return (
    <Suspense fallback={null}>
      <FollowCreatorButton
        creatorId={project.creator_id}
        name={creatorName(i18n, project.creator)}
        following={project.creator.following}
      />
    </Suspense>
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
      pledgeAction={(project, isCreator) => <ProjectAction project={project} isCreator={isCreator} />}
      followCreatorButton={(project) => <FollowTheCreator project={project} />}
      updatesTab={(project, isCreator) => <UpdatesTab project={project} isCreator={isCreator} />}
      commentsTab={(project, isCreator) => (
        <ProjectComments
          project={project}
          isCreator={isCreator}
          reportButton={(commentId, name) => (
            <Suspense fallback={null}>
              <ReportButton kind="comment" id={commentId} name={name} compact />
            </Suspense>
          )}
          blockButton={(userId, name) => (
            <Suspense fallback={null}>
              <BlockPersonButton projectId={project.id} userId={userId} name={name} />
            </Suspense>
          )}
        />
      )}
      faqTab={(project, isCreator) => <FaqSection projectId={project.id} isCreator={isCreator} />}
      creatorTools={(project, permissions) => (
        <ProjectCreatorTools project={project} permissions={permissions} />
      )}
      payoutPanel={(project) => <PayoutPanel projectId={project.id} />}
    />
  );
}

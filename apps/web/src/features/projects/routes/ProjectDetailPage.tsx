import { Badge, Skeleton } from '@mantine/core';
import { Container, Group, Paper, Stack, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconEdit, IconGift, IconStar } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from '@/lib/router';
import {
  type CollaboratorPermission,
  ENDED_EARLY_STATUSES,
  isUpcoming,
  NOT_FOUND_META,
  type Project,
  projectPageMeta,
  PUBLIC_STATUSES,
  todayUtc,
} from '@fundry/shared';
import { PageLoader } from '@/components/PageLoader';
import { StatusBadge } from '@/components/projects/StatusBadge';
import { isApiError, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { parseProjectId, useProject, useProjectRoles } from '../api/projects';
import { ProjectActions } from '../components/detail/ProjectActions';
import { ProjectMedia } from '../components/detail/ProjectMedia';
import { StatsCard } from '../components/detail/StatsCard';
import { StickyPledgeBar } from '../components/detail/StickyPledgeBar';
import classes from './ProjectDetailPage.module.css';

// Only an admin sees the moderation controls: visitors skip their code.
// Only a revoked project shows it, with its tooltip.
const RevokedBadge = lazy(async () => ({
  default: (await import('@/components/projects/RevokedBadge')).RevokedBadge,
}));
const AdminControls = lazy(async () => ({
  default: (await import('../components/detail/AdminControls')).AdminControls,
}));
// Below the fold, or for a few: in the server's HTML, hydrated when their code has followed the page's.
const CreatorCard = lazy(async () => ({
  default: (await import('../components/detail/CreatorCard')).CreatorCard,
}));
/** Only a campaign ended early shows it. */
const EndedBanner = lazy(async () => ({
  default: (await import('../components/detail/EndedBanner')).EndedBanner,
}));
/** Only its creator and admins see a project under review or rejected. */
const ReviewBanner = lazy(async () => ({
  default: (await import('../components/detail/ProjectNotices')).ReviewBanner,
}));
/** A project that is not there, or could not be read: few pages show it. */
const ProjectUnavailable = lazy(async () => ({
  default: (await import('../components/detail/ProjectNotices')).ProjectUnavailable,
}));
/** Only its creator sees it. */
const CancelCampaignButton = lazy(async () => ({
  default: (await import('../components/CancelCampaignButton')).CancelCampaignButton,
}));
const ProjectTabs = lazy(async () => ({
  default: (await import('../components/detail/ProjectTabs')).ProjectTabs,
}));
/** Only an admin sees where the refunds of a campaign ended early stand. */
const RefundStatus = lazy(async () => ({
  default: (await import('../components/detail/RefundStatus')).RefundStatus,
}));

/** Statuses whose project its creator may still edit. */
const EDITABLE = ['DRAFT', 'PENDING', 'ACTIVE', 'REJECTED'];
/** Campaigns that had backers: their creator sees the funding curve and the backers. */
const CAMPAIGN_STATUSES = ['ACTIVE', 'SUCCESSFUL', 'FAILED'];

/** A project that can take money or pay it out: the only ones with a payment panel. */
function handlesMoney(project: Project) {
  return (
    project.status === 'ACTIVE' ||
    project.status === 'SUCCESSFUL' ||
    (project.status === 'FAILED' && project.funding_model === 'flexible')
  );
}

function editPath(project: Project) {
  return project.status === 'DRAFT' ? `/projects/drafts/edit/${project.id}` : `/projects/edit/${project.id}`;
}

function Header({
  project,
  isCreator,
  isAdmin,
  editsStory,
}: {
  project: Project;
  isCreator: boolean;
  isAdmin: boolean;
  /** The creator, or a collaborator with `edit` (DESIGN.md §19). */
  editsStory: boolean;
}) {
  const i18n = useI18n();
  const category = project.category?.name ?? project.category_name;
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap="xs" className={classes.title}>
        <Title order={1} fz={{ base: 28, sm: 36 }} lang={project.title ? project.language : undefined}>
          {project.title || i18n.t('projects.untitled')}
        </Title>
        <Group gap="xs">
          {category && (
            <Badge variant="light" color="blue">
              {category}
            </Badge>
          )}
          {project.status === 'REJECTED' ? (
            <Suspense fallback={<StatusBadge status={project.status} />}>
              <RevokedBadge project={project} />
            </Suspense>
          ) : isUpcoming(project, todayUtc()) ? (
            // Live but not started (DESIGN.md §19): "Upcoming", as its Notify me card says.
            <Badge color="indigo" variant="light">
              {i18n.t('follows.upcoming.badge')}
            </Badge>
          ) : (
            <StatusBadge status={project.status} />
          )}
          {isAdmin && project.featured && (
            <Badge color="grape" leftSection={<IconStar size={12} />}>
              {i18n.t('projects.detail.featured')}
            </Badge>
          )}
        </Group>
      </Stack>
      {/* Share and save actions, and the Rewards button, join the header with their own issues. */}
      <ProjectActions project={project} isCreator={isCreator} compact />
      {editsStory && !ENDED_EARLY_STATUSES.includes(project.status) && (
        <Button
          component={Link}
          to={`/projects/${project.id}/rewards`}
          variant="default"
          leftSection={<IconGift size={18} />}
        >
          {i18n.t('projects.detail.rewardsButton')}
        </Button>
      )}
      {editsStory && EDITABLE.includes(project.status) && (
        <Button
          component={Link}
          to={editPath(project)}
          variant="default"
          leftSection={<IconEdit size={18} />}
        >
          {i18n.t('projects.detail.editButton')}
        </Button>
      )}
      {isCreator && (
        <Suspense fallback={null}>
          <CancelCampaignButton project={project} />
        </Suspense>
      )}
    </Group>
  );
}

/** What the app composes into the page from other features. */
export interface ProjectPageSlots {
  /** Back This Project, or what the signed-in backer pledged (backing). */
  pledgeAction?: (project: Project, isCreator: boolean) => ReactNode;
  /** The funding card's progress bar with the stretch goals marked on it (stretch goals). */
  fundingBar?: (project: Project) => ReactNode;
  /** The list of stretch goals under the funding card, with Add and Edit for the creator (stretch goals). */
  stretchGoals?: (project: Project, isCreator: boolean) => ReactNode;
  /** The reward tiers beside the page, with Add Reward and Edit for the creator (backing). */
  rewardList?: (project: Project, isCreator: boolean) => ReactNode;
  /** The Updates, Comments and FAQ tabs (community). */
  updatesTab?: (project: Project, isCreator: boolean) => ReactNode;
  commentsTab?: (project: Project, isCreator: boolean) => ReactNode;
  faqTab?: (project: Project, isCreator: boolean) => ReactNode;
  /**
   * The funding curve and the backers, for the creator and admins (creator tools); `permissions` are a
   * collaborator's (DESIGN.md §19), undefined for the creator and admins.
   */
  creatorTools?: (project: Project, permissions: readonly CollaboratorPermission[] | undefined) => ReactNode;
  /** The creator's payment management: bank account, balance and payouts (payouts). */
  payoutPanel?: (project: Project) => ReactNode;
  /** Report this project, for signed-in people other than its creator on a public project (reports). */
  reportButton?: (project: Project) => ReactNode;
  /** Report the project's creator as a person, on their profile, for signed-in people other than them (reports). */
  reportCreatorButton?: (project: Project) => ReactNode;
  /** Message the creator, for everyone but the creator on a public project (messages). */
  messageButton?: (project: Project) => ReactNode;
  /** Follow the creator, on their card and profile (follows). */
  followCreatorButton?: (project: Project) => ReactNode;
}

function ProjectView({ project, slots }: { project: Project; slots: ProjectPageSlots }) {
  const session = useSession();
  const roles = useProjectRoles(project.id);
  // The creator: the project's roles say so, else the signed-in id is the creator's (SPEC §6).
  const isCreator =
    roles.data?.isCreator === true || (session.userId !== null && session.userId === project.creator_id);
  const isAdmin = session.isAdmin;
  const [searchParams] = useSearchParams();
  const tab = searchParams.get('tab');
  const fundingCard = useRef<HTMLDivElement>(null);
  // A campaign ended early is a tombstone (DESIGN.md §18): no backing, and its creator's tabs and lists are read-only.
  const endedEarly = ENDED_EARLY_STATUSES.includes(project.status);
  const manages = isCreator && !endedEarly;
  // A collaborator sees the controls of their permissions only (DESIGN.md §19); the server decides each call.
  const permissions = isCreator ? [] : (roles.data?.my_permissions ?? []);
  const editsStory = manages || (permissions.includes('edit') && !endedEarly);
  const speaks = manages || (permissions.includes('community') && !endedEarly);
  const pledgeAction = () => (endedEarly ? null : slots.pledgeAction?.(project, isCreator));

  return (
    <Stack gap="lg">
      {endedEarly && (
        <Suspense fallback={null}>
          <EndedBanner project={project} />
        </Suspense>
      )}
      {(project.status === 'PENDING' || project.status === 'REJECTED') && (isCreator || isAdmin) && (
        <Suspense fallback={null}>
          <ReviewBanner project={project} isCreator={isCreator} />
        </Suspense>
      )}
      <Header project={project} isCreator={isCreator} isAdmin={isAdmin} editsStory={editsStory} />
      <div className={classes.layout}>
        <div className={classes.media}>
          <ProjectMedia project={project} />
        </div>
        <Stack gap="xl" className={classes.content}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
            {/* The story is in the server's HTML; the tabs come to life when their code has followed the page's. */}
            <Suspense fallback={<Skeleton h={480} radius="md" />}>
              <ProjectTabs
                project={project}
                initialTab={tab}
                speaks={speaks}
                editsStory={editsStory}
                updatesTab={slots.updatesTab}
                commentsTab={slots.commentsTab}
                faqTab={slots.faqTab}
              />
            </Suspense>
          </Paper>
          {/* The creator's payment management panel (payouts). */}
          {isCreator && handlesMoney(project) && (
            <Suspense fallback={null}>{slots.payoutPanel?.(project)}</Suspense>
          )}
        </Stack>
        <div className={classes.side}>
          {/* The stretch goals follow the funding card, under its bar, on a phone too. */}
          <Stack gap="lg" className={classes.funding}>
            <div ref={fundingCard}>
              <StatsCard project={project} primaryAction={pledgeAction()} bar={slots.fundingBar?.(project)}>
                <ProjectActions project={project} isCreator={isCreator} />
              </StatsCard>
            </div>
            {slots.stretchGoals?.(project, editsStory)}
          </Stack>
          <Stack gap="lg" className={classes.aside}>
            {slots.rewardList?.(project, editsStory)}
            <Suspense fallback={null}>
              <CreatorCard
                creator={project.creator}
                team={project.team}
                reportAction={
                  session.isSignedIn && !isCreator ? slots.reportCreatorButton?.(project) : undefined
                }
                followAction={!isCreator ? slots.followCreatorButton?.(project) : undefined}
              />
            </Suspense>
            {slots.messageButton && !isCreator && PUBLIC_STATUSES.includes(project.status) && (
              <Suspense fallback={null}>{slots.messageButton(project)}</Suspense>
            )}
            {slots.reportButton &&
              session.isSignedIn &&
              !isCreator &&
              PUBLIC_STATUSES.includes(project.status) && (
                <Group justify="flex-end">{slots.reportButton(project)}</Group>
              )}
            {isAdmin && (
              <Suspense fallback={null}>
                <AdminControls project={project} />
              </Suspense>
            )}
            {isAdmin && endedEarly && (
              <Suspense fallback={null}>
                <RefundStatus project={project} />
              </Suspense>
            )}
          </Stack>
        </div>
      </div>
      {!endedEarly && (
        <StickyPledgeBar fundingCard={fundingCard} project={project}>
          {pledgeAction()}
        </StickyPledgeBar>
      )}
      {/* The creator's tools take the page's whole width: the backers table has many columns. */}
      {(isCreator || isAdmin) && CAMPAIGN_STATUSES.includes(project.status) && (
        <Suspense fallback={null}>{slots.creatorTools?.(project, undefined)}</Suspense>
      )}
      {!isCreator &&
        !isAdmin &&
        (permissions.includes('fulfilment') || permissions.includes('edit')) &&
        CAMPAIGN_STATUSES.includes(project.status) && (
          <Suspense fallback={null}>{slots.creatorTools?.(project, permissions)}</Suspense>
        )}
    </Stack>
  );
}

/** /projects/{id} and /projects/drafts/{id} (SPEC §2 'Project detail page'). */
export function ProjectDetailPage(slots: ProjectPageSlots = {}) {
  const i18n = useI18n();
  const { id: param } = useParams();
  const id = parseProjectId(param);
  const project = useProject(id);
  const notFound = id === null || isApiError(project.error, 404);
  const failure =
    project.isError && !notFound
      ? (serverMessage(project.error) ?? i18n.t('projects.detail.loadFailed'))
      : null;
  usePageMeta(notFound ? NOT_FOUND_META : project.data && projectPageMeta(project.data), {
    canonical: !notFound,
  });

  useEffect(() => {
    if (failure) notify.error(failure);
  }, [failure]);

  let content;
  if (notFound || failure) {
    content = (
      <Suspense fallback={null}>
        <ProjectUnavailable failure={failure} />
      </Suspense>
    );
  } else if (!project.data) {
    content = <PageLoader />;
  } else {
    content = <ProjectView project={project.data} slots={slots} />;
  }
  return (
    <Container size="lg" py={32}>
      {content}
    </Container>
  );
}

import { Alert, Badge, Center, Loader } from '@mantine/core';
import { Tabs } from '@/components/primitives/tabs';
import { Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCalendarEvent,
  IconEdit,
  IconGift,
  IconHelpCircle,
  IconInfoCircle,
  IconMessageCircle,
  IconNews,
  IconStar,
} from '@tabler/icons-react';
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
import { RichTextContent } from '@/components/projects/RichTextContent';
import { StatusBadge } from '@/components/projects/StatusBadge';
import { isApiError, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { parseProjectId, useProject, useProjectRoles } from '../api/projects';
import { CancelCampaignButton } from '../components/CancelCampaignButton';
import { CreatorCard } from '../components/detail/CreatorCard';
import { EndedBanner } from '../components/detail/EndedBanner';
import { ProjectActions } from '../components/detail/ProjectActions';
import { ProjectMedia } from '../components/detail/ProjectMedia';
import { StatsCard } from '../components/detail/StatsCard';
import { StickyPledgeBar } from '../components/detail/StickyPledgeBar';
import classes from './ProjectDetailPage.module.css';
import { revocationReasonText } from '@/lib/project-text';

// Only an admin sees the moderation controls: visitors skip their code.
// Only a revoked project shows it, with its tooltip.
const RevokedBadge = lazy(async () => ({
  default: (await import('@/components/projects/RevokedBadge')).RevokedBadge,
}));
const AdminControls = lazy(async () => ({
  default: (await import('../components/detail/AdminControls')).AdminControls,
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
      {isCreator && <CancelCampaignButton project={project} />}
    </Group>
  );
}

function Overview({ project }: { project: Project }) {
  const i18n = useI18n();
  return (
    <Stack gap="xl">
      <section aria-labelledby="project-description">
        <Title order={2} fz="xl" mb="sm" id="project-description">
          {i18n.t('projects.story.description')}
        </Title>
        <RichTextContent
          html={project.description}
          fallback={i18n.t('projects.story.noDescription')}
          lang={project.language}
        />
      </section>
      <section aria-labelledby="project-risks">
        <Title order={2} fz="xl" mb="sm" id="project-risks">
          {i18n.t('projects.story.risks')}
        </Title>
        <RichTextContent
          html={project.risks_and_challenges ?? project.risk_and_challenges}
          fallback={i18n.t('projects.story.noRisks')}
          lang={project.language}
        />
      </section>
      <section aria-labelledby="project-timeline">
        <Title order={2} fz="xl" mb="sm" id="project-timeline">
          {i18n.t('projects.detail.timeline')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {[
            { label: i18n.t('projects.detail.startDate'), date: project.start_date },
            { label: i18n.t('projects.detail.endDate'), date: project.end_date },
          ].map(({ label, date }) => (
            <Paper key={label} bg="gray.0" radius="md" p="md">
              <Group gap="sm" wrap="nowrap">
                <IconCalendarEvent size={20} color="var(--mantine-color-teal-7)" />
                <div>
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                    {label}
                  </Text>
                  <Text fw={500}>{date ? i18n.calendarDate(date) : i18n.t('common.date.notSpecified')}</Text>
                </div>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}

function EmptyTab({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      <Text c="dimmed">{text}</Text>
      {children}
    </Stack>
  );
}

/** A tab's content while its code loads (the updates, comments and FAQ load when their tab is first opened). */
function TabLoader() {
  const i18n = useI18n();
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={i18n.t('projects.detail.loadingTab')} />
    </Center>
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

/** Tabs a link may open with `?tab=` (a notification about a comment opens Comments). */
const TABS = ['overview', 'updates', 'comments', 'faq'];

function ProjectView({ project, slots }: { project: Project; slots: ProjectPageSlots }) {
  const i18n = useI18n();
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
      {endedEarly && <EndedBanner project={project} />}
      {project.status === 'PENDING' && (isCreator || isAdmin) && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status">
          {i18n.t('projects.detail.underReview')}
        </Alert>
      )}
      {project.status === 'REJECTED' && (isCreator || isAdmin) && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={i18n.t('projects.detail.rejectedTitle')}
          data-testid="rejection-banner"
        >
          <Stack gap={4}>
            <Text size="sm">
              <Text span fw={600}>
                {i18n.t('projects.detail.rejectedReasonLabel')}
              </Text>{' '}
              {revocationReasonText(i18n, project)}
            </Text>
            {isCreator && <Text size="sm">{i18n.t('projects.detail.rejectedAdvice')}</Text>}
          </Stack>
        </Alert>
      )}
      <Header project={project} isCreator={isCreator} isAdmin={isAdmin} editsStory={editsStory} />
      <div className={classes.layout}>
        <div className={classes.media}>
          <ProjectMedia project={project} />
        </div>
        <Stack gap="xl" className={classes.content}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
            {/* Only the open tab is on the page: the others' data, HTML and hydration wait for their click. */}
            <Tabs
              defaultValue={TABS.includes(tab ?? '') ? (tab ?? 'overview') : 'overview'}
              keepMounted={false}
            >
              <Tabs.List mb="lg">
                <Tabs.Tab value="overview" leftSection={<IconInfoCircle size={16} />}>
                  {i18n.t('projects.detail.tab.overview')}
                </Tabs.Tab>
                <Tabs.Tab value="updates" leftSection={<IconNews size={16} />}>
                  {i18n.t('projects.detail.tab.updates')}
                </Tabs.Tab>
                <Tabs.Tab value="comments" leftSection={<IconMessageCircle size={16} />}>
                  {i18n.t('projects.detail.tab.comments')}
                </Tabs.Tab>
                {slots.faqTab && (
                  <Tabs.Tab value="faq" leftSection={<IconHelpCircle size={16} />}>
                    {i18n.t('projects.detail.tab.faq')}
                  </Tabs.Tab>
                )}
              </Tabs.List>
              <Tabs.Panel value="overview">
                <Overview project={project} />
              </Tabs.Panel>
              <Tabs.Panel value="updates">
                <Suspense fallback={<TabLoader />}>
                  {slots.updatesTab?.(project, speaks) ?? (
                    <EmptyTab text={i18n.t('projects.detail.noUpdates')} />
                  )}
                </Suspense>
              </Tabs.Panel>
              <Tabs.Panel value="comments">
                <Suspense fallback={<TabLoader />}>
                  {slots.commentsTab?.(project, speaks) ?? (
                    <EmptyTab text={i18n.t('projects.detail.noComments')} />
                  )}
                </Suspense>
              </Tabs.Panel>
              {slots.faqTab && (
                <Tabs.Panel value="faq">
                  <Suspense fallback={<TabLoader />}>{slots.faqTab(project, editsStory)}</Suspense>
                </Tabs.Panel>
              )}
            </Tabs>
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
            <CreatorCard
              creator={project.creator}
              team={project.team}
              reportAction={
                session.isSignedIn && !isCreator ? slots.reportCreatorButton?.(project) : undefined
              }
              followAction={!isCreator ? slots.followCreatorButton?.(project) : undefined}
            />
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
  if (notFound) {
    content = (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
        <Stack gap="sm" align="flex-start">
          {/* The page's one h1, as on every page. */}
          <Title order={1} fz="md">
            {i18n.t('projects.detail.notFound')}
          </Title>
          <Text size="sm">{i18n.t('projects.detail.notFoundHint')}</Text>
          <Button component={Link} to="/" size="xs" variant="light">
            {i18n.t('projects.detail.backHome')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (failure) {
    content = (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={i18n.t('projects.detail.errorTitle')}
        role="alert"
      >
        {failure}
      </Alert>
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

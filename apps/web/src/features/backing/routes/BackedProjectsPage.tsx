import { Alert, Badge } from '@mantine/core';
import { Tabs } from '@/components/primitives/tabs';
import { Anchor, Container, Group, Paper, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconHeartHandshake } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { type BackedProject, type Donation, ENDED_EARLY_STATUSES, type Translator } from '@fundry/shared';
import { ListEmptyState } from '@/components/ListEmptyState';
import { PageHeader } from '@/components/PageHeader';
import { PageNavigation } from '@/components/PageNavigation';
import { ViewProjectButton } from '@/components/projects/ViewProjectButton';
import { formatBaseFigure } from '@/components/money/base-figure';
import { readPage, withPage } from '@/lib/pagination';
import { Rich, useI18n } from '@/lib/i18n';
import { pledgedAddOnsText } from '@/lib/pledged-add-ons';
import { notify } from '@/lib/notify';
import { type BackedTab, useBackedProjects } from '../api/backing';
import { FulfilmentState } from '../components/FulfilmentState';
import { HeldPledge, OnHoldBadge } from '../components/HeldPledge';
import { PLEDGE_STATUS } from '../pledge-status';
import { InstalmentPlan } from '@/components/instalments/InstalmentPlan';
import { ProjectGrid } from '@/components/projects/ProjectGrid';

const TABS: { value: BackedTab; label: string }[] = [
  { value: 'all', label: 'backing.backed.tabAll' },
  { value: 'active', label: 'backing.backed.tabActive' },
  { value: 'successful', label: 'backing.backed.tabSuccessful' },
  { value: 'failed', label: 'backing.backed.tabFailed' },
];

/** A charged pledge's page is its receipt; before that it shows what was pledged. */
const isReceipt = (status: Donation['status']) => status === 'SUCCEEDED';

/**
 * What became of the backer's pledge to a campaign ended early (DESIGN.md §18): released with nothing charged, or
 * refunded, in the project's currency; null for any other pledge.
 */
function endedPledgeText(i18n: Translator, project: BackedProject): string | null {
  if (!ENDED_EARLY_STATUSES.includes(project.status) || !project.pledge) return null;
  if (project.pledge.status === 'RELEASED') return i18n.t('backing.backed.pledgeReleased');
  if (project.pledge.status === 'REFUNDED') {
    return i18n.t('backing.backed.pledgeRefunded', {
      amount: i18n.money(project.pledge.amount, project.pledge.currency),
    });
  }
  return null;
}

/**
 * What the backer pledged: the sum of their pledges that count, or on a campaign ended early the pledge as it stood
 * before it was released or refunded (which count nothing any more), so the card does not say "You pledged $0".
 */
function pledgedText(i18n: Translator, project: BackedProject): string {
  if (endedPledgeText(i18n, project) !== null && project.pledge) {
    return i18n.money(project.pledge.amount, project.pledge.currency);
  }
  return project.total_amount === null ? '—' : i18n.money(project.total_amount, project.currency);
}

/** The pledge's state: what became of it when its campaign ended early, else its badge. */
function PledgeState({
  project,
  pledge,
}: {
  project: BackedProject;
  pledge: NonNullable<BackedProject['pledge']>;
}) {
  const i18n = useI18n();
  const ended = endedPledgeText(i18n, project);
  if (ended) {
    return (
      <Text size="sm" fw={600}>
        {ended}
      </Text>
    );
  }
  return (
    <Badge color={PLEDGE_STATUS[pledge.status].color} variant="light">
      {i18n.t(PLEDGE_STATUS[pledge.status].label)}
    </Badge>
  );
}

function readTab(value: string | null): BackedTab {
  return TABS.some((tab) => tab.value === value) ? (value as BackedTab) : 'all';
}

function EmptyState({ tab }: { tab: BackedTab }) {
  const i18n = useI18n();
  return (
    <ListEmptyState
      icon={<IconHeartHandshake size={28} />}
      title={i18n.t(tab === 'all' ? 'backing.backed.emptyTitle' : 'backing.backed.emptyTabTitle')}
      action={
        <Button component={Link} to="/projects/explore">
          {i18n.t('backing.backed.explore')}
        </Button>
      }
    >
      {i18n.t(tab === 'all' ? 'backing.backed.emptyBody' : 'backing.backed.emptyTabBody')}
    </ListEmptyState>
  );
}

/** /backed-projects (SPEC §2): tabs, cards with the person's own contribution, numbered pagination. */
export function BackedProjectsPage() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('tab'));
  const page = readPage(params);
  const backed = useBackedProjects(tab, page);
  const list = backed.data;

  useEffect(() => {
    if (backed.isError) notify.error(i18n.t('backing.backed.loadFailed'));
  }, [backed.isError, i18n]);

  const update = (nextTab: BackedTab, nextPage: number) => {
    const query = withPage(params, nextPage);
    if (nextTab === 'all') query.delete('tab');
    else query.set('tab', nextTab);
    setParams(query);
  };

  return (
    <Container size="lg" py={40}>
      <Stack gap="lg">
        <PageHeader
          title={i18n.t('backing.backed.title')}
          description={i18n.t('backing.backed.description')}
        />
        {list && list.meta.total_amount !== null && list.meta.total > 0 && (
          <Paper withBorder radius="lg" p="md" bg="teal.0" aria-label={i18n.t('backing.backed.supportLabel')}>
            <Group gap="xl">
              <div>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  {i18n.t('backing.backed.total')}
                </Text>
                <Text fz={24} fw={800} c="teal">
                  {formatBaseFigure(i18n, { ...list.meta, amount: list.meta.total_amount })}
                </Text>
              </div>
              {list.meta.first_backed_at && (
                <div>
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                    {i18n.t('backing.backed.since')}
                  </Text>
                  <Text fw={600}>{i18n.timestampDate(list.meta.first_backed_at)}</Text>
                </div>
              )}
            </Group>
          </Paper>
        )}
        <Tabs value={tab} onChange={(value) => update(readTab(value), 1)}>
          <Tabs.List>
            {TABS.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {i18n.t(item.label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {backed.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {i18n.t('backing.backed.loadFailed')}
          </Alert>
        ) : list && list.meta.total === 0 ? (
          <EmptyState tab={tab} />
        ) : (
          <>
            {list && (
              <Text size="sm" c="dimmed" role="status">
                {i18n.t('backing.backed.count', { count: list.meta.total })}
              </Text>
            )}
            <ProjectGrid
              skeletons={3}
              projects={list?.data}
              loading={backed.isPending}
              // A campaign on hold has no page to open (DESIGN.md §18): its card says so and cancels here.
              statusBadge={(project) => (project.on_hold ? <OnHoldBadge /> : undefined)}
              href={(project) => (project.on_hold ? undefined : `/projects/${project.id}`)}
              actions={(project) => (
                <Stack gap={6}>
                  {ENDED_EARLY_STATUSES.includes(project.status) && (
                    // The tombstone's words, in short (DESIGN.md §18).
                    <Text size="sm" fw={600} c={project.status === 'SUSPENDED' ? 'red.8' : undefined}>
                      {i18n.t(
                        project.status === 'CANCELED'
                          ? 'backing.backed.endedCanceled'
                          : 'backing.backed.endedSuspended',
                      )}
                    </Text>
                  )}
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">
                      <Rich
                        id="backing.backed.pledged"
                        values={{ amount: pledgedText(i18n, project) }}
                        tags={{
                          amount: (text) => (
                            <Text span fw={700} c="teal">
                              {text}
                            </Text>
                          ),
                        }}
                      />
                    </Text>
                    <Text size="xs" c="dimmed">
                      {i18n.t('backing.backed.pledgedSince', {
                        date: i18n.timestampDate(project.first_backed_at),
                      })}
                    </Text>
                  </Group>
                  {project.pledge && (
                    <Stack
                      // Its small links and buttons stand far enough apart to be tapped alone (WCAG 2.5.8).
                      gap={8}
                      aria-label={i18n.t('backing.backed.pledgeLabel', { project: project.title })}
                    >
                      <Group gap="xs" justify="space-between">
                        <PledgeState project={project} pledge={project.pledge} />
                        <Text size="xs">
                          {project.pledge.reward?.title ?? i18n.t('backing.pledge.noReward')}
                        </Text>
                      </Group>
                      {project.pledge.add_ons.length > 0 && (
                        <Text size="xs" c="dimmed">
                          {i18n.t('backing.pledge.withAddOns', {
                            items: pledgedAddOnsText(i18n, project.pledge.add_ons),
                          })}
                        </Text>
                      )}
                      <FulfilmentState
                        donationId={project.pledge.donation_id}
                        project={project.title}
                        status={project.pledge.fulfilment_status}
                        trackingUrl={project.pledge.tracking_url}
                      />
                      {project.pledge.survey !== null && (
                        <Anchor
                          component={Link}
                          to={`/backed-projects/${project.pledge.donation_id}/survey`}
                          size="sm"
                        >
                          {i18n.t('survey.page.link', { title: project.title })}
                        </Anchor>
                      )}
                      {project.on_hold && project.pledge.status === 'PLEDGED' && (
                        <HeldPledge donationId={project.pledge.donation_id} project={project.title} />
                      )}
                      {project.pledge.status === 'PLEDGED' && project.pledge.charge_date && (
                        <Text size="xs" c="dimmed">
                          {i18n.t('backing.backed.chargedIfFunded', {
                            date: i18n.calendarDate(project.pledge.charge_date),
                          })}
                        </Text>
                      )}
                      {project.pledge.instalments.length > 0 && (
                        <InstalmentPlan
                          instalments={project.pledge.instalments}
                          currency={project.pledge.currency}
                          caption={i18n.t('backing.instalments.yourPlan')}
                        />
                      )}
                      {project.pledge.status === 'PAYMENT_FAILED' && (
                        <Anchor
                          component={Link}
                          size="xs"
                          c="red"
                          to={`/projects/${project.id}?manage_pledge=1`}
                        >
                          {i18n.t('backing.backed.declined')}
                        </Anchor>
                      )}
                      <Anchor
                        component={Link}
                        size="xs"
                        to={`/donation/success?donation_id=${project.pledge.donation_id}`}
                        aria-label={i18n.t(
                          isReceipt(project.pledge.status)
                            ? 'backing.backed.receiptFor'
                            : 'backing.backed.detailsFor',
                          { project: project.title },
                        )}
                      >
                        {i18n.t(
                          isReceipt(project.pledge.status)
                            ? 'backing.backed.receipt'
                            : 'backing.backed.details',
                        )}
                      </Anchor>
                    </Stack>
                  )}
                  {!project.on_hold && <ViewProjectButton project={project} />}
                </Stack>
              )}
            />
            {list && (
              <PageNavigation page={page} total={list.meta.pages} onChange={(next) => update(tab, next)} />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

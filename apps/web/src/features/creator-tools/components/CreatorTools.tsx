import { Tabs } from '@/components/primitives/tabs';
import { Paper, Stack, Title } from '@/components/primitives/primitives';
import { IconChartLine, IconClipboardList, IconRoute, IconUserOff, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { AddOn, Project, Reward } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import type { BackerFilters } from '../api/tools';
import { BackersTable } from './BackersTable';
import { BlockedPeople } from './BlockedPeople';
import { FundingCurve } from './FundingCurve';
import { LatePledgesControl } from './LatePledgesControl';
import { ReferralSources } from './ReferralSources';
import { SurveyEditor } from './SurveyEditor';

/** Statuses of a campaign that has (or had) backers. */
export const CAMPAIGN_STATUSES = ['ACTIVE', 'SUCCESSFUL', 'FAILED'];

/**
 * The creator's (and admins') tools on the project page: the funding curve and the backers, whom the creator
 * filters by the project's `rewards` and `addOns` (the app passes them in from backing).
 */
export function CreatorTools({
  project,
  rewards,
  addOns = [],
  messageBackers,
}: {
  project: Project;
  rewards: Reward[];
  addOns?: AddOn[];
  /** Message the backers of the list's filter (the app passes it in from messages, for the creator). */
  messageBackers?: (filters: BackerFilters, pledges: number) => ReactNode;
}) {
  const i18n = useI18n();
  const session = useSession();
  const [tab, setTab] = useState<string | null>('funding');
  return (
    <Stack gap="lg">
      <LatePledgesControl project={project} />
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        shadow="xs"
        component="section"
        aria-labelledby="creator-tools"
      >
        <Title order={2} fz="xl" mb="md" id="creator-tools">
          {i18n.t('creatorTools.title')}
        </Title>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="funding" leftSection={<IconChartLine size={16} />}>
              {i18n.t('creatorTools.tabs.funding')}
            </Tabs.Tab>
            <Tabs.Tab value="backers" leftSection={<IconUsers size={16} />}>
              {i18n.t('creatorTools.tabs.backers')}
            </Tabs.Tab>
            <Tabs.Tab value="referrals" leftSection={<IconRoute size={16} />}>
              {i18n.t('creatorTools.tabs.referrals')}
            </Tabs.Tab>
            {CAMPAIGN_STATUSES.includes(project.status) && (
              <Tabs.Tab value="survey" leftSection={<IconClipboardList size={16} />}>
                {i18n.t('creatorTools.tabs.survey')}
              </Tabs.Tab>
            )}
            <Tabs.Tab value="blocked" leftSection={<IconUserOff size={16} />}>
              {i18n.t('creatorTools.blocks.title')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="funding">
            {tab === 'funding' && <FundingCurve projectId={project.id} />}
          </Tabs.Panel>
          <Tabs.Panel value="backers">
            {tab === 'backers' && (
              <BackersTable
                projectId={project.id}
                rewards={rewards}
                addOns={addOns}
                messageBackers={messageBackers}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="referrals">
            {tab === 'referrals' && (
              <ReferralSources projectId={project.id} mayCreateTags={session.userId === project.creator_id} />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="survey">
            {tab === 'survey' && <SurveyEditor projectId={project.id} rewards={rewards} />}
          </Tabs.Panel>
          <Tabs.Panel value="blocked">
            {tab === 'blocked' && (
              <BlockedPeople projectId={project.id} mayUnblock={session.userId === project.creator_id} />
            )}
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}

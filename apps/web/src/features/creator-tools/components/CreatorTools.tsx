import { Tabs } from '@/components/primitives/tabs';
import { Paper, Stack, Title } from '@/components/primitives/primitives';
import {
  IconChartLine,
  IconClipboardList,
  IconRoute,
  IconUserOff,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import type { AddOn, CollaboratorPermission, Project, Reward } from '@fundry/shared';
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
  permissions,
  teamTab,
}: {
  project: Project;
  rewards: Reward[];
  addOns?: AddOn[];
  /** Message the backers of the list's filter (the app passes it in from messages, for the creator). */
  messageBackers?: (filters: BackerFilters, pledges: number) => ReactNode;
  /**
   * A collaborator's permissions (DESIGN.md §19): their tabs are only those the server lets them use; left out,
   * the caller is the creator or an admin.
   */
  permissions?: readonly CollaboratorPermission[];
  /** The creator's Team tab (the app passes it in from collaborators, for the creator only). */
  teamTab?: ReactNode;
}) {
  const i18n = useI18n();
  const session = useSession();
  const runs = permissions === undefined;
  const fulfils = runs || permissions.includes('fulfilment');
  const offers = runs || permissions.includes('edit');
  // A notification of the team's answer opens the Team tab (`?tab=team`).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<string | null>(
    teamTab && params.get('tab') === 'team' ? 'team' : runs ? 'funding' : 'backers',
  );
  return (
    <Stack gap="lg">
      {offers && <LatePledgesControl project={project} />}
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
            {runs && (
              <Tabs.Tab value="funding" leftSection={<IconChartLine size={16} />}>
                {i18n.t('creatorTools.tabs.funding')}
              </Tabs.Tab>
            )}
            {fulfils && (
              <Tabs.Tab value="backers" leftSection={<IconUsers size={16} />}>
                {i18n.t('creatorTools.tabs.backers')}
              </Tabs.Tab>
            )}
            {runs && (
              <Tabs.Tab value="referrals" leftSection={<IconRoute size={16} />}>
                {i18n.t('creatorTools.tabs.referrals')}
              </Tabs.Tab>
            )}
            {fulfils && CAMPAIGN_STATUSES.includes(project.status) && (
              <Tabs.Tab value="survey" leftSection={<IconClipboardList size={16} />}>
                {i18n.t('creatorTools.tabs.survey')}
              </Tabs.Tab>
            )}
            {runs && (
              <Tabs.Tab value="blocked" leftSection={<IconUserOff size={16} />}>
                {i18n.t('creatorTools.blocks.title')}
              </Tabs.Tab>
            )}
            {teamTab && (
              <Tabs.Tab value="team" leftSection={<IconUsersGroup size={16} />}>
                {i18n.t('collaborators.team.title')}
              </Tabs.Tab>
            )}
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
          {teamTab && <Tabs.Panel value="team">{tab === 'team' && teamTab}</Tabs.Panel>}
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

import { Select } from '@mantine/core';
import { Group, Paper, Stack, Title } from '@/components/primitives/primitives';
import { useState } from 'react';
import { useI18n } from '@/lib/i18n';
import { useMyProjects } from '@/lib/projects';
import { CAMPAIGN_STATUSES } from './CreatorTools';
import { FundingCurve } from './FundingCurve';

/** The dashboard's funding curve: one of the creator's campaigns at a time (nothing when they have none). */
export function DashboardFunding() {
  const i18n = useI18n();
  const projects = useMyProjects({ perPage: 100 });
  const campaigns = (projects.data?.projects ?? []).filter((p) => CAMPAIGN_STATUSES.includes(p.status));
  const [chosen, setChosen] = useState<string | null>(null);
  if (campaigns.length === 0) return null;
  const projectId = Number(chosen ?? campaigns[0]?.id);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      shadow="xs"
      component="section"
      aria-labelledby="dashboard-funding"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} fz="xl" id="dashboard-funding">
            {i18n.t('creatorTools.dashboard.title')}
          </Title>
          {campaigns.length > 1 && (
            <Select
              label={i18n.t('creatorTools.dashboard.project')}
              w={280}
              allowDeselect={false}
              data={campaigns.map((p) => ({ value: String(p.id), label: p.title }))}
              value={String(projectId)}
              onChange={setChosen}
            />
          )}
        </Group>
        <FundingCurve key={projectId} projectId={projectId} />
      </Stack>
    </Paper>
  );
}

import { Alert, Skeleton } from '@mantine/core';
import { Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconGift, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from '@/lib/router';
import type { ProjectStatus, Reward } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { useRewards } from '../api/rewards';
import { useCanManageRewards } from '../reward-permissions';
import { isSoldOut } from '../reward-status';
import { canBackProject, useBackingStarter } from './BackProjectButton';
import type { BackableProject } from './BackProjectDialog';
import { RewardCard } from './RewardCard';

// Only the creator edits rewards; their form loads when first opened.
const RewardFormDialog = lazy(async () => ({
  default: (await import('./RewardFormDialog')).RewardFormDialog,
}));

/** How many available rewards the project page shows before 'View All Available Rewards'. */
export const REWARDS_PREVIEW = 2;

/**
 * The project page's reward list card (SPEC §2): the first two available rewards, 'View All Available Rewards
 * (count)', and for creators an Edit action per reward and an Add Reward button.
 */
export function RewardListCard({
  project,
  isCreator,
}: {
  project: BackableProject & { status: ProjectStatus };
  isCreator: boolean;
}) {
  const i18n = useI18n();
  const rewards = useRewards(project.id);
  const canManage = useCanManageRewards(isCreator, project.status);
  const backing = useBackingStarter(project);
  const form = useLazyDialog<Reward | null>();
  const available = (rewards.data ?? []).filter((reward) => !isSoldOut(reward));
  const shown = available.slice(0, REWARDS_PREVIEW);
  const backable = canBackProject(project, isCreator);

  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-labelledby="rewards-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs">
          <Group gap={8}>
            <IconGift size={20} color="var(--mantine-color-teal-7)" />
            <Title order={2} fz="lg" id="rewards-heading">
              {i18n.t('backing.rewardList.title')}
            </Title>
          </Group>
          {canManage && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.open(null)}
            >
              {i18n.t('backing.rewards.add')}
            </Button>
          )}
        </Group>
        {rewards.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {i18n.t('backing.rewardList.loadFailed')}
          </Alert>
        ) : rewards.isPending ? (
          <Stack gap="sm">
            <Skeleton h={120} radius="md" />
            <Skeleton h={120} radius="md" />
          </Stack>
        ) : shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {i18n.t(rewards.data.length === 0 ? 'backing.rewardList.empty' : 'backing.rewards.allSoldOut')}
          </Text>
        ) : (
          shown.map((reward) => (
            <RewardCard
              key={reward.id}
              reward={reward}
              late={project.late_pledges?.open === true}
              onSelect={backable ? (picked) => backing.start(picked.id) : undefined}
              onEdit={canManage ? (picked) => form.open(picked) : undefined}
            />
          ))
        )}
        {rewards.data && rewards.data.length > 0 && (
          <Button component={Link} to={`/projects/${project.id}/rewards`} variant="default" fullWidth>
            {i18n.t('backing.rewardList.viewAll', { count: available.length })}
          </Button>
        )}
      </Stack>
      {canManage && form.state && (
        <Suspense fallback={null}>
          <RewardFormDialog
            projectId={project.id}
            currency={project.currency}
            opened={form.state.opened}
            reward={form.state.value}
            onClose={form.close}
          />
        </Suspense>
      )}
      {backable && backing.dialog}
    </Paper>
  );
}

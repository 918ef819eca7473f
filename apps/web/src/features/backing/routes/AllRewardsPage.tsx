import { Alert, Breadcrumbs, Skeleton, Switch } from '@mantine/core';
import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from '@/lib/router';
import { type Project, projectRewardsPageMeta, type Reward } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { usePageMeta } from '@/lib/page-meta';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useDeleteReward, useRewards } from '../api/rewards';
import { canBackProject, useBackingStarter } from '../components/BackProjectButton';
import { RewardCard } from '../components/RewardCard';
import { RewardFormDialog } from '../components/RewardFormDialog';
import { useCanManageRewards } from '../reward-permissions';
import { isSoldOut } from '../reward-status';

/**
 * /projects/{id}/rewards (SPEC §2 'Reward dialogs and All Rewards page'). The app reads the address's project
 * (projects) and passes it in: `projectId` is null when the address names none, `project` undefined until it
 * has loaded.
 */
export function AllRewardsPage({ projectId, project }: { projectId: number | null; project?: Project }) {
  const i18n = useI18n();
  const session = useSession();
  const rewards = useRewards(projectId);
  usePageMeta(project && projectRewardsPageMeta(project));
  const isCreator = Boolean(project && session.userId !== null && session.userId === project.creator_id);
  const canManage = useCanManageRewards(isCreator, project?.status);
  const backing = useBackingStarter({
    id: projectId ?? 0,
    title: project?.title ?? '',
    funding_model: project?.funding_model ?? 'all_or_nothing',
    end_date: project?.end_date ?? null,
    currency: project?.currency ?? '',
  });
  const remove = useDeleteReward(projectId ?? 0);
  const [showSoldOut, setShowSoldOut] = useState(false);
  const [form, setForm] = useState<{ opened: boolean; reward: Reward | null }>({
    opened: false,
    reward: null,
  });
  const [deleting, setDeleting] = useState<Reward | null>(null);

  useEffect(() => {
    if (rewards.isError) notify.error(i18n.t('backing.allRewards.loadFailed'));
  }, [rewards.isError, i18n]);

  if (projectId === null) {
    return (
      <Container size="lg" py={32}>
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {i18n.t('backing.allRewards.noProject')}
        </Alert>
      </Container>
    );
  }

  const all = rewards.data ?? [];
  const soldOutCount = all.filter(isSoldOut).length;
  const shown = showSoldOut ? all : all.filter((reward) => !isSoldOut(reward));
  const backable = project ? canBackProject(project, isCreator) : false;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(i18n.t('backing.allRewards.deleted'));
        setDeleting(null);
      },
      onError: (error) => {
        const message = serverMessage(error);
        notify.error(
          message
            ? i18n.t('backing.allRewards.deleteFailedWith', { message })
            : i18n.t('backing.allRewards.deleteFailed'),
        );
        setDeleting(null);
      },
    });
  };

  return (
    <Container size="lg" py={32}>
      <Stack gap="lg">
        <Breadcrumbs>
          <Anchor component={Link} to={`/projects/${projectId}`} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} className="mirror-in-rtl" />
              {project?.title ?? i18n.t('backing.allRewards.backToProject')}
            </Group>
          </Anchor>
          <Text size="sm">{i18n.t('backing.rewardList.title')}</Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {i18n.t('backing.allRewards.title')}
            </Title>
            {project && (
              <Text c="dimmed">{i18n.t('backing.allRewards.subtitle', { project: project.title })}</Text>
            )}
          </div>
          <Group gap="md">
            <Switch
              label={i18n.t('backing.allRewards.showSoldOut', { count: soldOutCount })}
              checked={showSoldOut}
              onChange={(event) => setShowSoldOut(event.currentTarget.checked)}
            />
            {canManage && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setForm({ opened: true, reward: null })}
              >
                {i18n.t('backing.rewards.add')}
              </Button>
            )}
          </Group>
        </Group>
        {project && !backable && project.status !== 'ACTIVE' && (
          <Alert color="yellow" variant="light">
            {i18n.t('backing.allRewards.notAccepting')}
          </Alert>
        )}
        {rewards.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {i18n.t('backing.rewards.couldNotLoad')}
          </Alert>
        ) : rewards.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <Skeleton h={200} radius="md" />
            <Skeleton h={200} radius="md" />
            <Skeleton h={200} radius="md" />
          </SimpleGrid>
        ) : shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {i18n.t(all.length === 0 ? 'backing.allRewards.empty' : 'backing.rewards.allSoldOut')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {shown.map((reward) => (
              <RewardCard
                key={reward.id}
                reward={reward}
                late={project?.late_pledges?.open === true}
                headingOrder={2}
                selectLabel={i18n.t('backing.allRewards.select')}
                onSelect={backable ? (picked) => backing.start(picked.id) : undefined}
                onEdit={canManage ? (picked) => setForm({ opened: true, reward: picked }) : undefined}
                onDelete={canManage ? setDeleting : undefined}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {canManage && project && (
        <RewardFormDialog
          projectId={projectId}
          currency={project.currency}
          opened={form.opened}
          reward={form.reward}
          onClose={() => setForm((current) => ({ ...current, opened: false }))}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={i18n.t('backing.allRewards.deleteTitle')}
        confirmLabel={i18n.t('backing.rewardCard.delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {i18n.t('backing.allRewards.deleteConfirm')}
      </ConfirmDialog>
      {backable && backing.dialog}
    </Container>
  );
}

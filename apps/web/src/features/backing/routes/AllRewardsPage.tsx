import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { projectPageMeta, type Reward } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { canBackProject, useBackingStarter } from '@/components/rewards/BackProjectButton';
import { REWARD_UI_MESSAGES } from '@/components/rewards/messages';
import { RewardCard } from '@/components/rewards/RewardCard';
import { RewardFormDialog } from '@/components/rewards/RewardFormDialog';
import { useCanManageRewards } from '@/components/rewards/RewardListCard';
import { serverMessage } from '@/lib/api-errors';
import { usePageMeta } from '@/lib/page-meta';
import { notify } from '@/lib/notify';
import { isSoldOut, useDeleteReward, useProjectSummary, useRewards } from '@/lib/rewards';
import { useSession } from '@/lib/session';

function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /projects/{id}/rewards (SPEC §2 'Reward dialogs and All Rewards page'). */
export function AllRewardsPage() {
  const { id: param } = useParams();
  const id = parseId(param);
  const session = useSession();
  const project = useProjectSummary(id);
  const rewards = useRewards(id);
  usePageMeta(
    project.data && { ...projectPageMeta(project.data), title: `Rewards of ${project.data.title}` },
  );
  const isCreator = Boolean(
    project.data && session.userId !== null && session.userId === project.data.creator_id,
  );
  const canManage = useCanManageRewards(isCreator);
  const backing = useBackingStarter({
    id: id ?? 0,
    title: project.data?.title ?? '',
    funding_model: project.data?.funding_model ?? 'all_or_nothing',
    end_date: project.data?.end_date ?? null,
  });
  const remove = useDeleteReward(id ?? 0);
  const [showSoldOut, setShowSoldOut] = useState(false);
  const [form, setForm] = useState<{ opened: boolean; reward: Reward | null }>({
    opened: false,
    reward: null,
  });
  const [deleting, setDeleting] = useState<Reward | null>(null);

  useEffect(() => {
    if (rewards.isError) notify.error(REWARD_UI_MESSAGES.loadFailed);
  }, [rewards.isError]);

  if (id === null) {
    return (
      <Container size="lg" py={32}>
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          Project ID is required
        </Alert>
      </Container>
    );
  }

  const all = rewards.data ?? [];
  const soldOutCount = all.filter(isSoldOut).length;
  const shown = showSoldOut ? all : all.filter((reward) => !isSoldOut(reward));
  const backable = project.data ? canBackProject(project.data, isCreator) : false;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(REWARD_UI_MESSAGES.deleted);
        setDeleting(null);
      },
      onError: (error) => {
        const message = serverMessage(error);
        notify.error(
          message ? REWARD_UI_MESSAGES.deleteFailedWith(message) : REWARD_UI_MESSAGES.deleteFailed,
        );
        setDeleting(null);
      },
    });
  };

  return (
    <Container size="lg" py={32}>
      <Stack gap="lg">
        <Breadcrumbs>
          <Anchor component={Link} to={`/projects/${id}`} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} />
              {project.data?.title ?? 'Back to project'}
            </Group>
          </Anchor>
          <Text size="sm">Rewards</Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              All Rewards
            </Title>
            {project.data && <Text c="dimmed">Reward tiers of {project.data.title}</Text>}
          </div>
          <Group gap="md">
            <Switch
              label={`Show sold-out rewards${soldOutCount ? ` (${soldOutCount})` : ''}`}
              checked={showSoldOut}
              onChange={(event) => setShowSoldOut(event.currentTarget.checked)}
            />
            {canManage && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setForm({ opened: true, reward: null })}
              >
                Add Reward
              </Button>
            )}
          </Group>
        </Group>
        {project.data && !backable && project.data.status !== 'ACTIVE' && (
          <Alert color="yellow" variant="light">
            This project is not accepting pledges right now.
          </Alert>
        )}
        {rewards.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {REWARD_UI_MESSAGES.couldNotLoad}
          </Alert>
        ) : rewards.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <Skeleton h={200} radius="md" />
            <Skeleton h={200} radius="md" />
            <Skeleton h={200} radius="md" />
          </SimpleGrid>
        ) : shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {all.length === 0 ? 'This project has no rewards yet.' : 'Every reward is sold out.'}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {shown.map((reward) => (
              <RewardCard
                key={reward.id}
                reward={reward}
                headingOrder={2}
                selectLabel="Back with this reward"
                onSelect={backable ? (picked) => backing.start(picked.id) : undefined}
                onEdit={canManage ? (picked) => setForm({ opened: true, reward: picked }) : undefined}
                onDelete={canManage ? setDeleting : undefined}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {canManage && (
        <RewardFormDialog
          projectId={id}
          opened={form.opened}
          reward={form.reward}
          onClose={() => setForm((current) => ({ ...current, opened: false }))}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete reward"
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {REWARD_UI_MESSAGES.deleteConfirm}
      </ConfirmDialog>
      {backable && backing.dialog}
    </Container>
  );
}

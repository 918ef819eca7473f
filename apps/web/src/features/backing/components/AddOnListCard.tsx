import { Alert, Badge } from '@mantine/core';
import { Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconEdit, IconPackage, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { AddOn, ProjectStatus, Reward } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { useAddOns } from '../api/add-ons';
import { useRewards } from '../api/rewards';
import { useCanManageRewards } from '../reward-permissions';
import { AddOnImage } from './AddOnImage';
import { addOnShippingSummary } from './shipping';

// Only the creator edits add-ons; their form loads when first opened.
const AddOnFormDialog = lazy(async () => ({
  default: (await import('./AddOnFormDialog')).AddOnFormDialog,
}));

/**
 * The project page's add-ons beneath the rewards (DESIGN.md §16): each with its price in the project's currency,
 * what is left, where it ships and which rewards it comes with. Backers choose them in the Back dialog. Nothing
 * shows while a project has none, but to those who may add one.
 */
export function AddOnListCard({
  project,
  isCreator,
}: {
  project: { id: number; currency: string; status: ProjectStatus };
  isCreator: boolean;
}) {
  const i18n = useI18n();
  const addOns = useAddOns(project.id);
  const rewards = useRewards(project.id);
  const canManage = useCanManageRewards(isCreator, project.status);
  const form = useLazyDialog<AddOn | null>();
  if (addOns.isPending || (addOns.data && addOns.data.length === 0 && !canManage)) return null;
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-labelledby="add-ons-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs">
          <Group gap={8}>
            <IconPackage size={20} color="var(--mantine-color-teal-7)" aria-hidden />
            <Title order={2} fz="lg" id="add-ons-heading">
              {i18n.t('backing.addOns.title')}
            </Title>
          </Group>
          {canManage && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.open(null)}
            >
              {i18n.t('backing.addOns.add')}
            </Button>
          )}
        </Group>
        {addOns.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {i18n.t('backing.addOns.loadFailed')}
          </Alert>
        ) : (
          addOns.data.map((addOn) => (
            <AddOnRow
              key={addOn.id}
              addOn={addOn}
              rewards={rewards.data ?? []}
              onEdit={canManage ? () => form.open(addOn) : undefined}
            />
          ))
        )}
      </Stack>
      {canManage && form.state && (
        <Suspense fallback={null}>
          <AddOnFormDialog
            projectId={project.id}
            currency={project.currency}
            rewards={rewards.data ?? []}
            opened={form.state.opened}
            addOn={form.state.value}
            onClose={form.close}
          />
        </Suspense>
      )}
    </Paper>
  );
}

function AddOnRow({ addOn, rewards, onEdit }: { addOn: AddOn; rewards: Reward[]; onEdit?: () => void }) {
  const i18n = useI18n();
  const withRewards = rewards.filter((reward) => addOn.available_with.includes(reward.id));
  return (
    <Group component="article" aria-label={addOn.title} gap="sm" align="flex-start" wrap="nowrap">
      {addOn.image_url && <AddOnImage url={addOn.image_url} size={72} />}
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {addOn.title}
          </Text>
          <Text fw={700} style={{ flexShrink: 0 }}>
            {i18n.money(addOn.price, addOn.currency)}
          </Text>
        </Group>
        {addOn.description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {addOn.description}
          </Text>
        )}
        <Group gap="xs">
          {addOn.remaining !== null && (
            <Badge variant="light" color={addOn.is_available ? 'teal' : 'gray'}>
              {addOn.is_available
                ? i18n.t('backing.addOns.left', { count: addOn.remaining })
                : i18n.t('backing.addOns.soldOut')}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {addOnShippingSummary(i18n, addOn)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {withRewards.length === 0
            ? i18n.t('backing.addOns.withAny')
            : i18n.t('backing.addOns.withRewards', {
                rewards: withRewards.map((reward) => reward.title).join(' · '),
              })}
        </Text>
        {onEdit && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconEdit size={14} />}
            onClick={onEdit}
            style={{ alignSelf: 'flex-start' }}
            aria-label={i18n.t('backing.addOns.edit', { title: addOn.title })}
          >
            {i18n.t('backing.addOns.editShort')}
          </Button>
        )}
      </Stack>
    </Group>
  );
}

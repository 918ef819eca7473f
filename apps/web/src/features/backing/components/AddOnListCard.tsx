import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPackage } from '@tabler/icons-react';
import type { AddOn, Reward } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useAddOns } from '../api/add-ons';
import { useRewards } from '../api/rewards';
import { addOnShippingSummary } from './shipping';

/**
 * The project page's add-ons beneath the rewards (DESIGN.md §16): each with its price in the project's currency,
 * what is left, where it ships and which rewards it comes with. Backers choose them in the Back dialog. Nothing
 * shows while a project has none.
 */
export function AddOnListCard({ projectId }: { projectId: number }) {
  const i18n = useI18n();
  const addOns = useAddOns(projectId);
  const rewards = useRewards(projectId);
  if (addOns.isPending || (addOns.data && addOns.data.length === 0)) return null;
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-labelledby="add-ons-heading">
      <Stack gap="md">
        <Group gap={8}>
          <IconPackage size={20} color="var(--mantine-color-teal-7)" aria-hidden />
          <Title order={2} fz="lg" id="add-ons-heading">
            {i18n.t('backing.addOns.title')}
          </Title>
        </Group>
        {addOns.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {i18n.t('backing.addOns.loadFailed')}
          </Alert>
        ) : (
          addOns.data.map((addOn) => <AddOnRow key={addOn.id} addOn={addOn} rewards={rewards.data ?? []} />)
        )}
      </Stack>
    </Paper>
  );
}

function AddOnRow({ addOn, rewards }: { addOn: AddOn; rewards: Reward[] }) {
  const i18n = useI18n();
  const withRewards = rewards.filter((reward) => addOn.available_with.includes(reward.id));
  return (
    <Stack gap={4} component="article" aria-label={addOn.title}>
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
    </Stack>
  );
}

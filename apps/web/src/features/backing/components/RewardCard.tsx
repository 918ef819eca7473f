import { Badge } from '@mantine/core';
import { Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import {
  IconCalendarEvent,
  IconCloudDownload,
  IconEdit,
  IconPackage,
  IconTrash,
  IconTruckDelivery,
  IconUsers,
} from '@tabler/icons-react';
import { isEndingSoon, type Reward, REWARD_MESSAGES } from '@fundry/shared';
import { Fact } from '@/components/facts/Fact';
import { Approximately } from '@/components/money/Approximately';
import { useI18n } from '@/lib/i18n';
import { isSoldOut } from '../reward-status';
import { shippingSummary } from './shipping';

/**
 * One reward tier (SPEC §2): title, minimum pledge, description, estimated delivery, shipping, backers and what
 * remains, with a Sold Out state, an Ending Soon badge (delivery 1 to 7 days away) and a Digital marker.
 * Creators get Edit (and, on the All Rewards page, Delete); backers may pick it through `onSelect`.
 */
export function RewardCard({
  reward,
  onEdit,
  onDelete,
  onSelect,
  selectLabel,
  headingOrder = 3,
  late = false,
}: {
  reward: Reward;
  /** The project takes late pledges (DESIGN.md §16): the late price leads, the campaign's price struck through. */
  late?: boolean;
  onEdit?: (reward: Reward) => void;
  onDelete?: (reward: Reward) => void;
  onSelect?: (reward: Reward) => void;
  /** The pick button's words; "Select this reward" unless given. */
  selectLabel?: string;
  /** The title's heading level: 2 on the All Rewards page, under its h1. */
  headingOrder?: 2 | 3;
}) {
  const i18n = useI18n();
  const soldOut = isSoldOut(reward);
  const endingSoon = isEndingSoon(reward.estimated_delivery_date);
  const remaining =
    reward.remaining === null
      ? i18n.t('backing.rewardCard.unlimited')
      : i18n.t('backing.rewardCard.remaining', {
          remaining: reward.remaining,
          total: reward.quantity_available ?? reward.remaining,
        });
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={reward.title}
      bg={soldOut ? 'gray.0' : undefined}
      style={soldOut ? { opacity: 0.85 } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={headingOrder} fz="md" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {reward.title}
          </Title>
          <Stack gap={0} align="flex-end">
            {late && reward.late_price !== null && reward.late_price !== reward.minimum_amount ? (
              <>
                <Text fw={800} c="teal" ta="end">
                  {i18n.t('backing.late.rewardPrice', {
                    amount: i18n.money(reward.late_price, reward.currency),
                  })}
                </Text>
                <Text size="xs" c="dimmed" ta="end">
                  {i18n.t('backing.late.campaignPrice')}{' '}
                  <Text span inherit td="line-through">
                    {i18n.money(reward.minimum_amount, reward.currency)}
                  </Text>
                </Text>
                <Approximately amount={reward.late_price} currency={reward.currency} size="xs" />
              </>
            ) : (
              <>
                <Text fw={800} c="teal" style={{ whiteSpace: 'nowrap' }}>
                  {i18n.t('backing.rewardCard.minimum', {
                    amount: i18n.money(reward.minimum_amount, reward.currency),
                  })}
                </Text>
                <Approximately amount={reward.minimum_amount} currency={reward.currency} size="xs" />
              </>
            )}
          </Stack>
        </Group>
        <Group gap={6}>
          {soldOut && (
            <Badge color="red" variant="filled" size="sm">
              {i18n.t('backing.rewardCard.soldOut')}
            </Badge>
          )}
          {endingSoon && (
            <Badge color="orange" variant="light" size="sm">
              {i18n.t('backing.rewardCard.endingSoon')}
            </Badge>
          )}
          {reward.is_digital && (
            <Badge color="indigo" variant="light" size="sm" leftSection={<IconCloudDownload size={12} />}>
              {i18n.t('backing.rewardCard.digital')}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {reward.description}
        </Text>
        <Stack gap={4}>
          <Fact gap={6} icon={<IconCalendarEvent size={14} />}>
            {i18n.t('backing.rewardCard.delivery', {
              date: reward.estimated_delivery_date
                ? i18n.calendarDate(reward.estimated_delivery_date)
                : i18n.t('backing.rewardCard.deliveryUnknown'),
            })}
          </Fact>
          <Fact
            gap={6}
            icon={
              reward.shipping_type === 'none' ? <IconPackage size={14} /> : <IconTruckDelivery size={14} />
            }
          >
            {shippingSummary(i18n, reward)}
          </Fact>
          <Group gap="md">
            <Fact gap={6} icon={<IconUsers size={14} />}>
              {i18n.t('backing.rewardCard.backers', { count: reward.backers_count })}
            </Fact>
            <Text size="xs" c={soldOut ? 'red.7' : 'dimmed'} fw={soldOut ? 600 : undefined}>
              {soldOut ? i18n.t('backing.rewardCard.noneLeft') : remaining}
            </Text>
          </Group>
        </Stack>
        {(onSelect ?? onEdit ?? onDelete) && (
          <Group gap="xs" mt={4}>
            {onSelect && (
              <Button size="xs" disabled={soldOut} onClick={() => onSelect(reward)}>
                {soldOut
                  ? i18n.t('backing.rewardCard.soldOut')
                  : (selectLabel ?? i18n.t('backing.rewardCard.select'))}
              </Button>
            )}
            {onEdit && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} />}
                onClick={() => onEdit(reward)}
                aria-label={i18n.t('backing.rewardCard.editLabel', { title: reward.title })}
              >
                {i18n.t('backing.rewardCard.edit')}
              </Button>
            )}
            {onDelete && (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                disabled={reward.backers_count > 0}
                title={reward.backers_count > 0 ? i18n.t(REWARD_MESSAGES.hasBackers) : undefined}
                onClick={() => onDelete(reward)}
                aria-label={i18n.t('backing.rewardCard.deleteLabel', { title: reward.title })}
              >
                {i18n.t('backing.rewardCard.delete')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

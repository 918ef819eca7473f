import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCloudDownload,
  IconEdit,
  IconPackage,
  IconTrash,
  IconTruckDelivery,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDollars, isEndingSoon, type Reward } from '@fundry/shared';
import { formatCalendarDate } from '@/lib/dates';
import { isSoldOut } from '../reward-status';
import { shippingSummary } from './shipping';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

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
  selectLabel = 'Select this reward',
  headingOrder = 3,
}: {
  reward: Reward;
  onEdit?: (reward: Reward) => void;
  onDelete?: (reward: Reward) => void;
  onSelect?: (reward: Reward) => void;
  selectLabel?: string;
  /** The title's heading level: 2 on the All Rewards page, under its h1. */
  headingOrder?: 2 | 3;
}) {
  const soldOut = isSoldOut(reward);
  const endingSoon = isEndingSoon(reward.estimated_delivery_date);
  const remaining =
    reward.remaining === null
      ? 'Unlimited'
      : `${reward.remaining} of ${reward.quantity_available ?? reward.remaining} left`;
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
          <Text fw={800} c="teal" style={{ whiteSpace: 'nowrap' }}>
            {formatDollars(reward.minimum_amount)}+
          </Text>
        </Group>
        <Group gap={6}>
          {soldOut && (
            <Badge color="red" variant="filled" size="sm">
              Sold Out
            </Badge>
          )}
          {endingSoon && (
            <Badge color="orange" variant="light" size="sm">
              Ending Soon
            </Badge>
          )}
          {reward.is_digital && (
            <Badge color="indigo" variant="light" size="sm" leftSection={<IconCloudDownload size={12} />}>
              Digital
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {reward.description}
        </Text>
        <Stack gap={4}>
          <Fact icon={<IconCalendarEvent size={14} />}>
            Estimated delivery: {formatCalendarDate(reward.estimated_delivery_date, 'Not available')}
          </Fact>
          <Fact
            icon={
              reward.shipping_type === 'none' ? <IconPackage size={14} /> : <IconTruckDelivery size={14} />
            }
          >
            {shippingSummary(reward)}
          </Fact>
          <Group gap="md">
            <Fact icon={<IconUsers size={14} />}>
              {reward.backers_count} {reward.backers_count === 1 ? 'backer' : 'backers'}
            </Fact>
            <Text size="xs" c={soldOut ? 'red.7' : 'dimmed'} fw={soldOut ? 600 : undefined}>
              {soldOut ? 'None left' : remaining}
            </Text>
          </Group>
        </Stack>
        {(onSelect ?? onEdit ?? onDelete) && (
          <Group gap="xs" mt={4}>
            {onSelect && (
              <Button size="xs" disabled={soldOut} onClick={() => onSelect(reward)}>
                {soldOut ? 'Sold Out' : selectLabel}
              </Button>
            )}
            {onEdit && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} />}
                onClick={() => onEdit(reward)}
                aria-label={`Edit ${reward.title}`}
              >
                Edit
              </Button>
            )}
            {onDelete && (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                disabled={reward.backers_count > 0}
                title={reward.backers_count > 0 ? 'A reward with backers cannot be deleted' : undefined}
                onClick={() => onDelete(reward)}
                aria-label={`Delete ${reward.title}`}
              >
                Delete
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

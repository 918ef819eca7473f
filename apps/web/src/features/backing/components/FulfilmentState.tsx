import { Badge } from '@mantine/core';
import { Anchor, Group } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconCircleCheck, IconExternalLink, IconTruckDelivery } from '@tabler/icons-react';
import type { FulfilmentStatus } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useConfirmReceived } from '../api/backing';

/**
 * Where a pledge's reward is (DESIGN.md §17): nothing until the creator sends it; then "Reward sent", the parcel's
 * tracking link and "I received it"; then "Received".
 */
export function FulfilmentState({
  donationId,
  project,
  status,
  trackingUrl,
  justify = 'space-between',
}: {
  donationId: number;
  /** The project's title, for the names of the link and the button. */
  project: string;
  status: FulfilmentStatus | null;
  trackingUrl: string | null;
  /** Spread across a card, or to the end of a summary's row. */
  justify?: 'space-between' | 'flex-end';
}) {
  const i18n = useI18n();
  const confirm = useConfirmReceived();
  if (status === null) return null;
  const received = status === 'received';
  return (
    <Group gap="xs" justify={justify} wrap="wrap">
      <Badge
        color={received ? 'green' : 'blue'}
        variant="light"
        leftSection={received ? <IconCircleCheck size={12} /> : <IconTruckDelivery size={12} />}
      >
        {i18n.t(received ? 'backing.backed.rewardReceived' : 'backing.backed.rewardSent')}
      </Badge>
      {trackingUrl && (
        <Anchor
          href={trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          aria-label={i18n.t('backing.backed.trackFor', { project })}
        >
          <Group gap={4} wrap="nowrap" component="span">
            {i18n.t('backing.backed.track')}
            <IconExternalLink size={12} aria-hidden />
          </Group>
        </Anchor>
      )}
      {!received && (
        <Button
          size="compact-xs"
          variant="light"
          color="green"
          aria-label={i18n.t('backing.backed.confirmReceivedFor', { project })}
          loading={confirm.isPending}
          onClick={() =>
            confirm.mutate(donationId, {
              onSuccess: (response) => notify.success(response.message),
              onError: (error) =>
                notify.error(serverMessage(error) ?? i18n.t('backing.backed.confirmFailed')),
            })
          }
        >
          {i18n.t('backing.backed.confirmReceived')}
        </Button>
      )}
    </Group>
  );
}

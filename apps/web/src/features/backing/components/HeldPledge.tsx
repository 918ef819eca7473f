import { Badge } from '@mantine/core';
import { Button } from '@/components/primitives/buttons';
import { Text } from '@/components/primitives/primitives';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useCancelDonation } from '../api/backing';

/** A campaign on hold (DESIGN.md §18), as its card in the backer's own Backed Projects labels it. */
export function OnHoldBadge() {
  const i18n = useI18n();
  return (
    <Badge color="orange" variant="light">
      {i18n.t('backing.status.onHold')}
    </Badge>
  );
}

/**
 * A pledge to a campaign on hold: nothing is charged while it lasts, and the backer may cancel it here (its
 * project's page is hidden while it is on hold).
 */
export function HeldPledge({ donationId, project }: { donationId: number; project: string }) {
  const i18n = useI18n();
  const cancel = useCancelDonation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Text size="xs" c="dimmed">
        {i18n.t('backing.backed.onHoldNotice')}
      </Text>
      <Button
        size="xs"
        variant="outline"
        color="red"
        onClick={() => setConfirming(true)}
        aria-label={i18n.t('backing.backed.cancelFor', { project })}
      >
        {i18n.t('backing.manage.cancelPledge')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={i18n.t('backing.manage.cancelTitle')}
        confirmLabel={i18n.t('backing.manage.cancelPledge')}
        cancelLabel={i18n.t('backing.manage.keepPledge')}
        loading={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          // The promise, not mutate's callbacks: once cancelled, the refreshed list drops this card, and callbacks
          // of an unmounted mutation never run.
          void cancel.mutateAsync(donationId).then(
            () => notify.success(i18n.t('backing.manage.cancelled')),
            (error: unknown) => {
              setConfirming(false);
              notify.error(serverMessage(error) ?? i18n.t('backing.backed.cancelFailed'));
            },
          );
        }}
      >
        {i18n.t('backing.backed.onHoldCancelBody')}
      </ConfirmDialog>
    </>
  );
}

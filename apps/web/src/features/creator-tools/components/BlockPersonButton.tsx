import { Button } from '@/components/primitives/buttons';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useBlockActions } from '../api/blocks';

/**
 * A comment's Block action, for the project's creator (DESIGN.md §18): after a confirmation, the author can no
 * longer comment on any of the creator's projects or message them, and their comments there are hidden.
 */
export function BlockPersonButton({
  projectId,
  userId,
  name,
}: {
  projectId: number;
  userId: number;
  name: string;
}) {
  const i18n = useI18n();
  const [confirming, setConfirming] = useState(false);
  const { block } = useBlockActions(projectId);
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        color="gray"
        onClick={() => setConfirming(true)}
        aria-label={i18n.t('creatorTools.blocks.blockLabel', { name })}
      >
        {i18n.t('creatorTools.blocks.block')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={i18n.t('creatorTools.blocks.confirmTitle', { name })}
        confirmLabel={i18n.t('creatorTools.blocks.block')}
        loading={block.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          block.mutate(userId, {
            onSuccess: (reply) => {
              notify.success(reply.message);
              setConfirming(false);
            },
            onError: (error) => notify.error(serverMessage(error) ?? i18n.t('creatorTools.blocks.failed')),
          })
        }
      >
        {i18n.t('creatorTools.blocks.confirmBody', { name })}
      </ConfirmDialog>
    </>
  );
}

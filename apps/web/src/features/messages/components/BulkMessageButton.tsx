import { Modal } from '@mantine/core';
import { Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import type { BulkMessageFilter } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useMessageActions } from '../api/messages';
import { MessageComposer } from './MessageComposer';

/**
 * "Message these backers" on the creator's backers list: one message to every backer the list's current filter
 * shows, each in their conversation with the creator and by e-mail.
 */
export function BulkMessageButton({
  projectId,
  filter,
  pledges,
}: {
  projectId: number;
  filter: BulkMessageFilter;
  /** How many pledges the filter shows now (a backer with two pledges gets one message). */
  pledges: number;
}) {
  const i18n = useI18n();
  const [opened, setOpened] = useState(false);
  const { bulk } = useMessageActions();
  return (
    <>
      <Button
        variant="outline"
        leftSection={<IconMessages size={18} />}
        disabled={pledges === 0}
        onClick={() => setOpened(true)}
      >
        {i18n.t('messages.bulk.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={<Text fw={700}>{i18n.t('messages.bulk.title')}</Text>}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': i18n.t('common.actions.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{i18n.t('messages.bulk.description', { count: pledges })}</Text>
          <MessageComposer
            label={i18n.t('messages.composer.label')}
            sendLabel={i18n.t('messages.bulk.send')}
            loading={bulk.isPending}
            autoFocus
            onCancel={() => setOpened(false)}
            onSend={async (body) => {
              try {
                const reply = await bulk.mutateAsync({ projectId, body, filter });
                notify.success(reply.message);
                setOpened(false);
              } catch (error) {
                notify.error(serverMessage(error) ?? i18n.t('messages.composer.failed'));
                throw error;
              }
            }}
          />
        </Stack>
      </Modal>
    </>
  );
}

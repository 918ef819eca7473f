import { Modal } from '@mantine/core';
import { useNavigate } from '@/lib/router';
import { Stack, Text } from '@/components/primitives/primitives';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useMessageActions } from '../api/messages';
import { MessageComposer } from './MessageComposer';

/** The box to write the first message to a project's creator in; sent, the conversation opens. */
export function MessageCreatorDialog({
  opened,
  onClose,
  projectId,
  projectTitle,
  creatorName,
}: {
  opened: boolean;
  onClose: () => void;
  projectId: number;
  projectTitle: string;
  creatorName: string;
}) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const { open } = useMessageActions();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{i18n.t('messages.ask.title', { name: creatorName })}</Text>}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': i18n.t('common.actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm">
          {i18n.t('messages.ask.description', { name: creatorName, title: projectTitle })}
        </Text>
        <MessageComposer
          label={i18n.t('messages.composer.label')}
          sendLabel={i18n.t('messages.composer.send')}
          loading={open.isPending}
          autoFocus
          onCancel={onClose}
          onSend={async (body) => {
            try {
              const reply = await open.mutateAsync({ projectId, body });
              notify.success(reply.message);
              onClose();
              void navigate(`/messages/${reply.data.thread_id}`);
            } catch (error) {
              notify.error(serverMessage(error) ?? i18n.t('messages.composer.failed'));
              throw error;
            }
          }}
        />
      </Stack>
    </Modal>
  );
}

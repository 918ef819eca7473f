import { Modal } from '@mantine/core';
import { Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconMessage2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useStoredAccessToken } from '@/lib/session';
import { useMessageActions } from '../api/messages';
import { MessageComposer } from './MessageComposer';

/**
 * "Message the creator" on a project page, for anyone but its creator: a box to write in, then the conversation.
 * A visitor who is not signed in is sent to sign in and brought back.
 */
export function MessageCreatorButton({
  projectId,
  projectTitle,
  creatorName,
}: {
  projectId: number;
  projectTitle: string;
  creatorName: string;
}) {
  const i18n = useI18n();
  const token = useStoredAccessToken();
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  const { open } = useMessageActions();
  const start = () => {
    if (!token) {
      void navigate('/signin', {
        state: {
          from: `${location.pathname}${location.search}${location.hash}`,
          notice: i18n.t('messages.ask.signIn'),
        },
      });
      return;
    }
    setOpened(true);
  };
  return (
    <>
      <Button variant="light" leftSection={<IconMessage2 size={18} />} onClick={start} fullWidth>
        {i18n.t('messages.ask.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
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
            onCancel={() => setOpened(false)}
            onSend={async (body) => {
              try {
                const reply = await open.mutateAsync({ projectId, body });
                notify.success(reply.message);
                setOpened(false);
                void navigate(`/messages/${reply.data.thread_id}`);
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

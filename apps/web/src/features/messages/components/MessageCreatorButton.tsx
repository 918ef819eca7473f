import { Button } from '@/components/primitives/buttons';
import { IconMessage2 } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { useI18n } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { useStoredAccessToken } from '@/lib/session';

// The dialog (Mantine's Modal, its focus trap and scroll lock, the composer) loads when someone opens it, not with
// every project page.
const MessageCreatorDialog = lazy(async () => ({
  default: (await import('./MessageCreatorDialog')).MessageCreatorDialog,
}));

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
  const dialog = useLazyDialog();
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
    dialog.open();
  };
  return (
    <>
      <Button variant="light" leftSection={<IconMessage2 size={18} />} onClick={start} fullWidth>
        {i18n.t('messages.ask.button')}
      </Button>
      {dialog.state && (
        <Suspense fallback={null}>
          <MessageCreatorDialog
            opened={dialog.state.opened}
            onClose={dialog.close}
            projectId={projectId}
            projectTitle={projectTitle}
            creatorName={creatorName}
          />
        </Suspense>
      )}
    </>
  );
}

import { Group, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import { AUTH_MESSAGES } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { authStorage } from '@/lib/auth-storage';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDeleteAccount } from '../api/profile';
import { PROFILE_MESSAGES } from '../messages';
import { SettingsCard } from './SettingsCard';

export function DeleteAccountCard() {
  const i18n = useI18n();
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const deleteAccount = () =>
    remove.mutate(undefined, {
      onSuccess: (response) => {
        setConfirming(false);
        authStorage.clear();
        queryClient.clear();
        notify.success(response.message || i18n.t(AUTH_MESSAGES.accountDeleted));
        void navigate('/', { replace: true });
      },
      onError: () => notify.error(i18n.t(PROFILE_MESSAGES.deleteFailed)),
    });

  return (
    <SettingsCard
      title={i18n.t('profile.delete.title')}
      description={i18n.t('profile.delete.description')}
      icon={<IconTrash size={20} />}
      danger
    >
      <Text size="sm">{i18n.t('profile.delete.warning')}</Text>
      <Group>
        <Button color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
          {i18n.t('profile.delete.button')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={i18n.t('profile.delete.confirmTitle')}
        confirmLabel={i18n.t('profile.delete.confirmButton')}
        loading={remove.isPending}
        onConfirm={deleteAccount}
        onClose={() => setConfirming(false)}
      >
        {i18n.t('profile.delete.confirmBody')}
      </ConfirmDialog>
    </SettingsCard>
  );
}

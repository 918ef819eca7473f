import { Button, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { authStorage } from '@/lib/auth-storage';
import { notify } from '@/lib/notify';
import { useDeleteAccount } from '../api/profile';
import { PROFILE_MESSAGES } from '../messages';
import { SettingsCard } from './SettingsCard';

export function DeleteAccountCard() {
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
        notify.success(response.message || AUTH_MESSAGES.accountDeleted);
        void navigate('/', { replace: true });
      },
      onError: () => notify.error(PROFILE_MESSAGES.deleteFailed),
    });

  return (
    <SettingsCard
      title="Delete Account"
      description="Permanently delete your account and your personal data."
      icon={<IconTrash size={20} />}
      danger
    >
      <Text size="sm">
        Once your account is deleted you are signed out everywhere and it cannot be recovered. Please be
        certain.
      </Text>
      <Group>
        <Button color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
          Delete Account
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Delete your account?"
        confirmLabel="Delete my account"
        loading={remove.isPending}
        onConfirm={deleteAccount}
        onClose={() => setConfirming(false)}
      >
        This permanently deletes your Fundry account. This action cannot be undone.
      </ConfirmDialog>
    </SettingsCard>
  );
}

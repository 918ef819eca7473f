import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '@fundry/shared';
import { PasswordRequirements } from '@/components/PasswordRequirements';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/security';
import { PROFILE_MESSAGES } from '../messages';
import { SettingsCard } from './SettingsCard';

export function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    validate: {
      current_password: (value) => (value ? null : 'Current password is required'),
      new_password: (value) => (value ? null : 'New password is required'),
      confirm_password: (value, values) =>
        value === values.new_password ? null : PASSWORD_MESSAGES.newMismatch,
    },
  });

  const submit = form.onSubmit(({ current_password, new_password }) => {
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: (response) => {
          form.reset();
          notify.success(response.message || AUTH_MESSAGES.passwordChanged);
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          notify.error(serverMessage(error) ?? PROFILE_MESSAGES.changePasswordFailed);
        },
      },
    );
  });

  return (
    <SettingsCard
      title="Change Password"
      description="Use a strong password that you do not use anywhere else."
      icon={<IconLock size={20} />}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={440}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('new_password')}
          />
          {form.values.new_password && <PasswordRequirements password={form.values.new_password} />}
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirm_password')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

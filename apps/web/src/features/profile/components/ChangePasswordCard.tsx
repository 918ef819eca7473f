import { PasswordInput } from '@mantine/core';
import { Group, Stack } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '@fundry/shared';
import { PasswordRequirements } from '@/components/PasswordRequirements';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/security';
import { PROFILE_MESSAGES } from '../messages';
import { SettingsCard } from './SettingsCard';

export function ChangePasswordCard() {
  const i18n = useI18n();
  const change = useChangePassword();
  const form = useForm({
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    validate: {
      current_password: (value) => (value ? null : i18n.t('profile.password.currentRequired')),
      new_password: (value) => (value ? null : i18n.t('profile.password.newRequired')),
      confirm_password: (value, values) =>
        value === values.new_password ? null : i18n.t(PASSWORD_MESSAGES.newMismatch),
    },
  });

  const submit = form.onSubmit(({ current_password, new_password }) => {
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: (response) => {
          form.reset();
          notify.success(response.message || i18n.t(AUTH_MESSAGES.passwordChanged));
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          notify.error(serverMessage(error) ?? i18n.t(PROFILE_MESSAGES.changePasswordFailed));
        },
      },
    );
  });

  return (
    <SettingsCard
      title={i18n.t('profile.password.title')}
      description={i18n.t('profile.password.description')}
      icon={<IconLock size={20} />}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={440}>
          <PasswordInput
            label={i18n.t('profile.password.current')}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label={i18n.t('profile.password.new')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('new_password')}
          />
          {form.values.new_password && <PasswordRequirements password={form.values.new_password} />}
          <PasswordInput
            label={i18n.t('profile.password.confirm')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirm_password')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {i18n.t('profile.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

import { Textarea, TextInput } from '@mantine/core';
import { Group, SimpleGrid, Stack } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { IconAt, IconWorld } from '@tabler/icons-react';
import {
  EMAIL_PATTERN,
  INVALID_EMAIL_MESSAGE,
  PROFILE_PHOTO_MESSAGES,
  type UserProfile,
} from '@fundry/shared';
import { fieldErrors, isApiError, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { type ProfileFormValues, useUpdateProfile } from '../api/profile';
import { PROFILE_MESSAGES } from '../messages';

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function initialValues(user: UserProfile): ProfileFormValues {
  return {
    full_name: user.full_name,
    email: user.email,
    location: user.location ?? '',
    bio: user.bio ?? '',
    website: user.website ?? '',
    twitter: user.twitter ?? '',
  };
}

export function ProfileForm({
  user,
  photo,
  onSaved,
}: {
  user: UserProfile;
  photo: File | null;
  onSaved: () => void;
}) {
  const i18n = useI18n();
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    initialValues: initialValues(user),
    validate: {
      full_name: (value) => (value.trim() ? null : i18n.t('profile.form.fullNameRequired')),
      email: (value) => {
        if (!value.trim()) return i18n.t('profile.form.emailRequired');
        return EMAIL_PATTERN.test(value.trim()) ? null : i18n.t(INVALID_EMAIL_MESSAGE);
      },
      website: (value) =>
        !value.trim() || isWebAddress(value.trim()) ? null : i18n.t('profile.form.websiteInvalid'),
    },
  });

  const submit = form.onSubmit((values) => {
    update.mutate(
      { values: { ...values, twitter: values.twitter.trim().replace(/^@/, '') }, photo },
      {
        onSuccess: () => {
          form.resetDirty();
          onSaved();
          notify.success(i18n.t(PROFILE_MESSAGES.updated));
        },
        onError: (error) => {
          if (isApiError(error, 413)) return notify.error(i18n.t(PROFILE_PHOTO_MESSAGES.size));
          if (isApiError(error, 415)) return notify.error(i18n.t(PROFILE_PHOTO_MESSAGES.type));
          const errors = fieldErrors(error);
          if (isApiError(error, 409) && !errors.email) errors.email = serverMessage(error) ?? '';
          form.setErrors(errors);
          notify.error(i18n.t(PROFILE_MESSAGES.updateFailed));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={i18n.t('profile.form.fullName')}
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('full_name')}
          />
          <TextInput
            label={i18n.t('profile.form.email')}
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <TextInput
            label={i18n.t('profile.form.username')}
            value={user.username}
            readOnly
            description={i18n.t('profile.form.usernameFixed')}
            variant="filled"
          />
          <TextInput
            label={i18n.t('profile.form.location')}
            placeholder={i18n.t('profile.form.locationPlaceholder')}
            {...form.getInputProps('location')}
          />
        </SimpleGrid>
        <Textarea
          label={i18n.t('profile.form.bio')}
          placeholder={i18n.t('profile.form.bioPlaceholder')}
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('bio')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={i18n.t('profile.form.website')}
            type="url"
            placeholder={i18n.t('profile.form.websitePlaceholder')}
            leftSection={<IconWorld size={16} />}
            {...form.getInputProps('website')}
          />
          <TextInput
            label={i18n.t('profile.form.twitter')}
            placeholder={i18n.t('profile.form.twitterPlaceholder')}
            leftSection={<IconAt size={16} />}
            {...form.getInputProps('twitter')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {i18n.t('profile.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

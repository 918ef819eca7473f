import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconWorld } from '@tabler/icons-react';
import {
  EMAIL_PATTERN,
  INVALID_EMAIL_MESSAGE,
  PROFILE_PHOTO_MESSAGES,
  type UserProfile,
} from '@fundry/shared';
import { fieldErrors, isApiError, serverMessage } from '@/lib/api-errors';
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
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    initialValues: initialValues(user),
    validate: {
      full_name: (value) => (value.trim() ? null : 'Full name is required'),
      email: (value) => {
        if (!value.trim()) return 'Email is required';
        return EMAIL_PATTERN.test(value.trim()) ? null : INVALID_EMAIL_MESSAGE;
      },
      website: (value) =>
        !value.trim() || isWebAddress(value.trim()) ? null : 'Website must be a valid URL',
    },
  });

  const submit = form.onSubmit((values) => {
    update.mutate(
      { values: { ...values, twitter: values.twitter.trim().replace(/^@/, '') }, photo },
      {
        onSuccess: () => {
          form.resetDirty();
          onSaved();
          notify.success(PROFILE_MESSAGES.updated);
        },
        onError: (error) => {
          if (isApiError(error, 413)) return notify.error(PROFILE_PHOTO_MESSAGES.size);
          if (isApiError(error, 415)) return notify.error(PROFILE_PHOTO_MESSAGES.type);
          const errors = fieldErrors(error);
          if (isApiError(error, 409) && !errors.email) errors.email = serverMessage(error) ?? '';
          form.setErrors(errors);
          notify.error(PROFILE_MESSAGES.updateFailed);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Full name"
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('full_name')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Username"
            value={user.username}
            readOnly
            description="Your username cannot be changed"
            variant="filled"
          />
          <TextInput label="Location" placeholder="City, Country" {...form.getInputProps('location')} />
        </SimpleGrid>
        <Textarea
          label="Bio"
          placeholder="Tell backers a little about yourself"
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('bio')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Website"
            type="url"
            placeholder="https://example.com"
            leftSection={<IconWorld size={16} />}
            {...form.getInputProps('website')}
          />
          <TextInput
            label="Twitter handle"
            placeholder="yourhandle"
            leftSection={<IconAt size={16} />}
            {...form.getInputProps('twitter')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

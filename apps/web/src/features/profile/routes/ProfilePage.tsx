import { Alert } from '@mantine/core';
import { Tabs } from '@/components/primitives/tabs';
import { Container, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconSettings, IconUser } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { MAX_PROFILE_PHOTO_BYTES, PROFILE_PHOTO_MESSAGES } from '@fundry/shared';
import { PageLoader } from '@/components/PageLoader';
import { isApiError } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useMyProfile, useStoredAccessToken } from '../api/profile';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { DeleteAccountCard } from '../components/DeleteAccountCard';
import { PHOTO_TYPES, ProfileHeader } from '../components/ProfileHeader';
import { ProfileForm } from '../components/ProfileForm';
import { TwoFactorCard } from '../components/TwoFactorCard';
import { PROFILE_MESSAGES } from '../messages';

interface PickedPhoto {
  file: File;
  previewUrl: string;
}

/** The catalog key of what is wrong with a picked photo, or null. */
function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PROFILE_PHOTO_MESSAGES.type;
  if (file.size > MAX_PROFILE_PHOTO_BYTES) return PROFILE_PHOTO_MESSAGES.size;
  return null;
}

function loadError(error: unknown): string {
  return isApiError(error, 404) ? PROFILE_MESSAGES.notFound : PROFILE_MESSAGES.loadFailed;
}

function SignInPrompt() {
  const i18n = useI18n();
  return (
    <Container size="sm" py={80}>
      <Paper withBorder radius="lg" p="xl" ta="center">
        <Stack align="center" gap="md">
          <Title order={1} fz={26}>
            {i18n.t('profile.page.title')}
          </Title>
          <Text c="dimmed">{i18n.t('profile.page.signInPrompt')}</Text>
          <Button component={Link} to="/signin" state={{ from: '/profile' }}>
            {i18n.t('profile.page.signIn')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

export function ProfilePage() {
  const i18n = useI18n();
  const token = useStoredAccessToken();
  const [searchParams] = useSearchParams();
  const profile = useMyProfile();
  const [photo, setPhoto] = useState<PickedPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);

  // The preview address of a picked photo is released once it is replaced, saved or the page closes.
  useEffect(() => {
    if (!photo) return;
    return () => URL.revokeObjectURL(photo.previewUrl);
  }, [photo]);

  useEffect(() => {
    if (profile.isError) notify.error(i18n.t(loadError(profile.error)));
  }, [profile.isError, profile.error, i18n]);

  const pickPhoto = (file: File | null) => {
    if (!file) return;
    const problem = photoProblem(file);
    setPhotoError(problem);
    if (!problem) setPhoto({ file, previewUrl: URL.createObjectURL(file) });
  };

  if (!token) return <SignInPrompt />;
  if (profile.isError) {
    return (
      <Container size="sm" py={80}>
        <Alert color="red" title={i18n.t('profile.page.unavailable')} role="alert">
          {i18n.t(loadError(profile.error))}
        </Alert>
      </Container>
    );
  }
  if (!profile.data) return <PageLoader />;
  const user = profile.data;

  return (
    <Container size="lg" py={40}>
      <Stack gap="xl">
        <Title order={1}>{i18n.t('profile.page.title')}</Title>
        <ProfileHeader
          user={user}
          previewUrl={photo?.previewUrl ?? null}
          photoError={photoError}
          onPickPhoto={pickPhoto}
        />
        <Paper withBorder radius="lg" p="lg" shadow="xs">
          <Tabs defaultValue={searchParams.get('tab') === 'account' ? 'account' : 'profile'}>
            <Tabs.List mb="lg">
              <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
                {i18n.t('profile.page.profileTab')}
              </Tabs.Tab>
              <Tabs.Tab value="account" leftSection={<IconSettings size={16} />}>
                {i18n.t('profile.page.accountTab')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile">
              <ProfileForm
                key={user.id}
                user={user}
                photo={photo?.file ?? null}
                onSaved={() => setPhoto(null)}
              />
            </Tabs.Panel>
            <Tabs.Panel value="account">
              <Stack gap="lg">
                <ChangePasswordCard />
                <TwoFactorCard />
                <DeleteAccountCard />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </Container>
  );
}

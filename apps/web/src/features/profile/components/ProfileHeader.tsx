import { Avatar, Badge, FileButton } from '@mantine/core';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconCalendar, IconCamera, IconMapPin } from '@tabler/icons-react';
import type { Translator, UserProfile } from '@fundry/shared';
import { formatBaseFigure } from '@/components/money/base-figure';
import { useI18n } from '@/lib/i18n';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** Month and year only ("Joined March 2024"), which none of the translator's date formats gives. */
function joinDate(createdAt: string, i18n: Translator): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? i18n.t('common.date.unknown') : i18n.formatDate(date, 'monthYear');
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper bg="gray.0" radius="md" p="md" ta="center">
      <Text fz={22} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
    </Paper>
  );
}

export function ProfileHeader({
  user,
  previewUrl,
  photoError,
  onPickPhoto,
}: {
  user: UserProfile;
  previewUrl: string | null;
  /** A catalog key: why the picked photo was refused. */
  photoError: string | null;
  onPickPhoto: (file: File | null) => void;
}) {
  const i18n = useI18n();
  const name = user.full_name || user.username;
  return (
    <Paper withBorder radius="lg" p="xl" shadow="xs">
      <Group justify="space-between" align="center" gap="xl">
        <Group gap="lg" wrap="nowrap" align="center">
          <Stack gap={8} align="center">
            <Avatar
              src={previewUrl ?? user.profile_image}
              alt={i18n.t('profile.header.photoAlt', { name })}
              name={name}
              color="initials"
              size={104}
              radius={104}
            />
            <FileButton
              onChange={onPickPhoto}
              accept={PHOTO_TYPES.join(',')}
              inputProps={{ 'aria-label': i18n.t('profile.header.uploadPhoto') }}
            >
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconCamera size={14} />}>
                  {i18n.t('profile.header.changePhoto')}
                </Button>
              )}
            </FileButton>
          </Stack>
          <Stack gap={6}>
            <Title order={2}>{name}</Title>
            <Text c="dimmed">@{user.username}</Text>
            <Group gap="md">
              {user.location && (
                <Group gap={4}>
                  <IconMapPin size={16} />
                  <Text size="sm">{user.location}</Text>
                </Group>
              )}
              <Group gap={4}>
                <IconCalendar size={16} />
                <Text size="sm">
                  {i18n.t('profile.header.joined', { date: joinDate(user.created_at, i18n) })}
                </Text>
              </Group>
            </Group>
            {previewUrl && (
              <Badge variant="light" color="yellow">
                {i18n.t('profile.header.newPhoto')}
              </Badge>
            )}
            {photoError && (
              <Text size="sm" c="red" role="alert">
                {i18n.t(photoError)}
              </Text>
            )}
          </Stack>
        </Group>
        <SimpleGrid cols={3} spacing="sm" style={{ flexGrow: 1, maxWidth: 480 }}>
          <Stat
            label={i18n.t('profile.header.projectsCreated')}
            value={i18n.number(user.projects_created_count)}
          />
          <Stat
            label={i18n.t('profile.header.projectsBacked')}
            value={i18n.number(user.backed_projects_count)}
          />
          <Stat
            label={i18n.t('profile.header.totalDonations')}
            value={formatBaseFigure(i18n, { ...user, amount: user.total_donations })}
          />
        </SimpleGrid>
      </Group>
    </Paper>
  );
}

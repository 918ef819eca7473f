import {
  Avatar,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendar, IconCamera, IconMapPin } from '@tabler/icons-react';
import { formatDollars, type UserProfile } from '@fundry/shared';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

function joinDate(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? 'Unknown date'
    : date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
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
  photoError: string | null;
  onPickPhoto: (file: File | null) => void;
}) {
  const name = user.full_name || user.username;
  return (
    <Paper withBorder radius="lg" p="xl" shadow="xs">
      <Group justify="space-between" align="center" gap="xl">
        <Group gap="lg" wrap="nowrap" align="center">
          <Stack gap={8} align="center">
            <Avatar
              src={previewUrl ?? user.profile_image}
              alt={`Profile photo of ${name}`}
              name={name}
              color="initials"
              size={104}
              radius={104}
            />
            <FileButton
              onChange={onPickPhoto}
              accept={PHOTO_TYPES.join(',')}
              inputProps={{ 'aria-label': 'Upload profile photo' }}
            >
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconCamera size={14} />}>
                  Change photo
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
                <Text size="sm">Joined {joinDate(user.created_at)}</Text>
              </Group>
            </Group>
            {previewUrl && (
              <Badge variant="light" color="yellow">
                New photo: save your profile to upload it
              </Badge>
            )}
            {photoError && (
              <Text size="sm" c="red" role="alert">
                {photoError}
              </Text>
            )}
          </Stack>
        </Group>
        <SimpleGrid cols={3} spacing="sm" style={{ flexGrow: 1, maxWidth: 480 }}>
          <Stat label="Projects Created" value={String(user.projects_created_count)} />
          <Stat label="Projects Backed" value={String(user.backed_projects_count)} />
          <Stat label="Total Donations" value={formatDollars(user.total_donations, 2)} />
        </SimpleGrid>
      </Group>
    </Paper>
  );
}

import { Anchor, Avatar, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandX, IconWorld } from '@tabler/icons-react';
import { mediaUrl, type ProjectCreator } from '@fundry/shared';
import { Count, creatorName } from './CreatorCard';

/** The month and year someone joined ('Mar 2024'), or N/A. */
function joinedLabel(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? 'N/A'
    : date.toLocaleDateString(undefined, { month: 'short', year: 'numeric' });
}

function CreatorLinks({ creator }: { creator: ProjectCreator }) {
  const handle = creator.twitter?.trim().replace(/^@/, '');
  if (!creator.website && !handle) {
    return (
      <Text size="sm" c="dimmed">
        No links provided.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {creator.website && (
        <Group gap={6} wrap="nowrap">
          <IconWorld size={16} />
          <Anchor href={creator.website} target="_blank" rel="noopener noreferrer nofollow" size="sm">
            {creator.website}
          </Anchor>
        </Group>
      )}
      {handle && (
        <Group gap={6} wrap="nowrap">
          <IconBrandX size={16} />
          <Anchor
            href={`https://twitter.com/${encodeURIComponent(handle)}`}
            target="_blank"
            rel="noopener noreferrer nofollow"
            size="sm"
          >
            @{handle}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}

/** 'View more about this creator': the creator's whole bio, counts and links. */
export function CreatorDialog({
  creator,
  opened,
  onClose,
}: {
  creator: ProjectCreator;
  opened: boolean;
  onClose: () => void;
}) {
  const name = creatorName(creator);
  const avatar = mediaUrl(creator.profile_image);
  const bio = creator.bio?.trim();
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>About {name}</Text>} size="md">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar src={avatar} alt={name} size={96} radius={96} />
          <Stack gap={2}>
            <Text fw={700} fz="lg">
              {name}
            </Text>
            {creator.location && (
              <Text size="sm" c="dimmed">
                {creator.location}
              </Text>
            )}
          </Stack>
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          <Count label="Projects Created" value={String(creator.projects_created_count)} />
          <Count label="Projects Backed" value={String(creator.backed_projects_count)} />
          <Count label="Joined" value={joinedLabel(creator.created_at)} />
        </SimpleGrid>
        <div>
          <Text fw={600} size="sm" mb={4}>
            Bio
          </Text>
          <Text size="sm" c={bio ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
            {bio ?? 'No bio provided.'}
          </Text>
        </div>
        <div>
          <Text fw={600} size="sm" mb={4}>
            Links
          </Text>
          <CreatorLinks creator={creator} />
        </div>
      </Stack>
    </Modal>
  );
}

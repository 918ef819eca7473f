import { Anchor, Avatar, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBrandX, IconMapPin, IconWorld } from '@tabler/icons-react';
import { BIO_PREVIEW_LENGTH, mediaUrl, type ProjectCreator, truncate } from '@fundry/shared';
import { yearOf } from '@/lib/dates';
import { PROJECT_PAGE_MESSAGES } from '@/features/projects/messages';

/** Full name, else name, else 'Anonymous Creator' (SPEC §2). */
export function creatorName(creator: Pick<ProjectCreator, 'full_name' | 'name'> | null | undefined) {
  return creator?.full_name?.trim() || creator?.name?.trim() || PROJECT_PAGE_MESSAGES.anonymousCreator;
}

function Count({ label, value }: { label: string; value: string }) {
  return (
    <Paper bg="gray.0" radius="md" p="xs" ta="center">
      <Text fw={700}>{value}</Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

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

/** 'About the Creator' with the 'View more about this creator' dialog (SPEC §2). */
export function CreatorCard({ creator }: { creator: ProjectCreator | null | undefined }) {
  const [opened, dialog] = useDisclosure(false);
  const name = creatorName(creator);
  const avatar = mediaUrl(creator?.profile_image);
  const bio = creator?.bio?.trim();
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-label="About the Creator">
      <Stack gap="md">
        <Title order={2} fz="lg">
          About the Creator
        </Title>
        <Group gap="md" wrap="nowrap">
          <Avatar src={avatar} alt={name} size={56} radius="xl" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} lineClamp={1}>
              {name}
            </Text>
            {creator?.location && (
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={14} />
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {creator.location}
                </Text>
              </Group>
            )}
          </Stack>
        </Group>
        {bio && (
          <Text size="sm" data-testid="creator-bio">
            {truncate(bio, BIO_PREVIEW_LENGTH)}
          </Text>
        )}
        <SimpleGrid cols={3} spacing="xs">
          <Count label="Created" value={String(creator?.projects_created_count ?? 0)} />
          <Count label="Backed" value={String(creator?.backed_projects_count ?? 0)} />
          <Count label="Joined" value={yearOf(creator?.created_at)} />
        </SimpleGrid>
        {creator && (
          <Button variant="subtle" onClick={dialog.open}>
            View more about this creator
          </Button>
        )}
      </Stack>
      {creator && (
        <Modal opened={opened} onClose={dialog.close} title={<Text fw={700}>About {name}</Text>} size="md">
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
      )}
    </Paper>
  );
}

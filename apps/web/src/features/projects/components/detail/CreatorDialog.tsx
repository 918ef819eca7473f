import type { ReactNode } from 'react';
import { Avatar, Modal } from '@mantine/core';
import { Anchor, Group, SimpleGrid, Stack, Text } from '@/components/primitives/primitives';
import { IconBrandX, IconWorld } from '@tabler/icons-react';
import { mediaUrl, type ProjectCreator, type Translator } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { Count } from './Count';
import { creatorName } from './creator-name';

/** The month and year someone joined ('Mar 2024'), or N/A. */
function joinedLabel(i18n: Translator, createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? i18n.t('projects.creator.notAvailable')
    : i18n.formatDate(date, 'monthYearShort');
}

function CreatorLinks({ creator }: { creator: ProjectCreator }) {
  const i18n = useI18n();
  const handle = creator.twitter?.trim().replace(/^@/, '');
  if (!creator.website && !handle) {
    return (
      <Text size="sm" c="dimmed">
        {i18n.t('projects.creator.noLinks')}
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
  reportAction,
  followAction,
}: {
  creator: ProjectCreator;
  opened: boolean;
  onClose: () => void;
  /** Report this person (reports), for signed-in people other than the creator. */
  reportAction?: ReactNode;
  /** Follow them (follows). */
  followAction?: ReactNode;
}) {
  const i18n = useI18n();
  const name = creatorName(i18n, creator);
  const avatar = mediaUrl(creator.profile_image);
  const bio = creator.bio?.trim();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{i18n.t('projects.creator.dialogTitle', { name })}</Text>}
      size="md"
    >
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
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
          <Count label={i18n.t('projects.creator.followers')} value={i18n.number(creator.followers_count)} />
          <Count
            label={i18n.t('projects.creator.projectsCreated')}
            value={i18n.number(creator.projects_created_count)}
          />
          <Count
            label={i18n.t('projects.creator.projectsBacked')}
            value={i18n.number(creator.backed_projects_count)}
          />
          <Count label={i18n.t('projects.creator.joined')} value={joinedLabel(i18n, creator.created_at)} />
        </SimpleGrid>
        <div>
          <Text fw={600} size="sm" mb={4}>
            {i18n.t('projects.creator.bio')}
          </Text>
          <Text size="sm" c={bio ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
            {bio ?? i18n.t('projects.creator.noBio')}
          </Text>
        </div>
        <div>
          <Text fw={600} size="sm" mb={4}>
            {i18n.t('projects.creator.links')}
          </Text>
          <CreatorLinks creator={creator} />
        </div>
        {(followAction || reportAction) && (
          <Group justify="space-between">
            {followAction}
            {reportAction}
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

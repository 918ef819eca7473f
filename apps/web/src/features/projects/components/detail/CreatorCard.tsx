import { Avatar } from '@mantine/core';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconMapPin } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import {
  BIO_PREVIEW_LENGTH,
  mediaUrl,
  type ProjectCreator,
  type TeamMember,
  type Translator,
  truncate,
} from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { Count } from './Count';
import { creatorName } from './creator-name';

// The creator's whole profile loads when a visitor asks for it.
const CreatorDialog = lazy(async () => ({ default: (await import('./CreatorDialog')).CreatorDialog }));

/** The year someone joined, or N/A. */
function joinedYear(i18n: Translator, createdAt: string | null | undefined): string {
  const date = new Date(createdAt ?? Number.NaN);
  return Number.isNaN(date.getTime())
    ? i18n.t('projects.creator.notAvailable')
    : i18n.number(date.getFullYear(), { useGrouping: false });
}

/** 'About the Creator' with the 'View more about this creator' dialog (SPEC §2). */
export function CreatorCard({
  creator,
  team = [],
  reportAction,
  followAction,
}: {
  creator: ProjectCreator | null | undefined;
  /** The people who help the creator run the project (DESIGN.md §19), shown beside them. */
  team?: readonly TeamMember[];
  /** Report the creator, shown on their profile (the 'View more' dialog). */
  reportAction?: ReactNode;
  /** Follow the creator (follows), on the card and on their profile. */
  followAction?: ReactNode;
}) {
  const i18n = useI18n();
  const bioDialog = useLazyDialog();
  const name = creatorName(i18n, creator);
  const avatar = mediaUrl(creator?.profile_image);
  const bio = creator?.bio?.trim();
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      shadow="xs"
      component="section"
      aria-label={i18n.t('projects.creator.heading')}
    >
      <Stack gap="md">
        <Title order={2} fz="lg">
          {i18n.t('projects.creator.heading')}
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
          <Count
            label={i18n.t('projects.creator.created')}
            value={i18n.number(creator?.projects_created_count ?? 0)}
          />
          <Count
            label={i18n.t('projects.creator.backed')}
            value={i18n.number(creator?.backed_projects_count ?? 0)}
          />
          <Count label={i18n.t('projects.creator.joined')} value={joinedYear(i18n, creator?.created_at)} />
        </SimpleGrid>
        {team.length > 0 && (
          <Stack gap={6}>
            <Text fw={600} size="sm" id="project-team">
              {i18n.t('projects.creator.team')}
            </Text>
            <Stack component="ul" gap={6} p={0} m={0} aria-labelledby="project-team">
              {team.map((member) => (
                <Group component="li" key={member.id} gap="sm" wrap="nowrap" style={{ listStyle: 'none' }}>
                  <Avatar src={mediaUrl(member.profile_image)} alt="" size={28} radius="xl">
                    {member.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Text size="sm" lineClamp={1}>
                    {member.name}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        )}
        {followAction}
        {creator && (
          <Button variant="subtle" onClick={() => bioDialog.open()}>
            {i18n.t('projects.creator.viewMore')}
          </Button>
        )}
      </Stack>
      {creator && bioDialog.state && (
        <Suspense fallback={null}>
          <CreatorDialog
            creator={creator}
            opened={bioDialog.state.opened}
            onClose={bioDialog.close}
            reportAction={reportAction}
            followAction={followAction}
          />
        </Suspense>
      )}
    </Paper>
  );
}

import { Badge, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { formatDollars } from '@fundry/shared';
import { RichTextContent } from '@/components/projects/RichTextContent';
import { formatCalendarDate } from '@/lib/dates';
import { PROJECT_PAGE_MESSAGES } from '@/features/projects/messages';
import { MediaPreview } from './MediaPreview';
import type { ProjectFormValues } from './values';

export interface PreviewMedia {
  image: { src: string; path: string } | null;
  video: { src: string; path: string } | null;
}

/** The project as the form holds it now, before it is saved (SPEC §2 'Preview'). */
export function PreviewDialog({
  opened,
  onClose,
  values,
  categoryName,
  media,
}: {
  opened: boolean;
  onClose: () => void;
  values: ProjectFormValues;
  categoryName: string | null;
  media: PreviewMedia;
}) {
  const goal = Number(String(values.goal_amount).trim() || Number.NaN);
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Project Preview</Text>} size="xl">
      <Stack gap="md">
        <Title order={2}>{values.title.trim() || PROJECT_PAGE_MESSAGES.untitled}</Title>
        <Group gap="xs">
          <Badge variant="light">{categoryName ?? 'No category'}</Badge>
          <Badge variant="outline" color="gray">
            {values.funding_model === 'flexible' ? 'Flexible funding' : 'All or nothing'}
          </Badge>
        </Group>
        <Group gap="xl">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Funding goal
            </Text>
            <Text fw={700}>{Number.isFinite(goal) && goal > 0 ? formatDollars(goal) : '$0'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Campaign
            </Text>
            <Text>
              From {formatCalendarDate(values.start_date)} to {formatCalendarDate(values.end_date)}
            </Text>
          </div>
        </Group>
        {(media.image ?? media.video) && (
          <Group align="flex-start" gap="lg">
            {media.image && <MediaPreview kind="image" src={media.image.src} path={media.image.path} />}
            {media.video && <MediaPreview kind="video" src={media.video.src} path={media.video.path} />}
          </Group>
        )}
        <Divider />
        <Title order={3} fz="lg">
          Description
        </Title>
        <RichTextContent html={values.description} fallback={PROJECT_PAGE_MESSAGES.noDescription} />
        <Title order={3} fz="lg">
          Risks and Challenges
        </Title>
        <RichTextContent html={values.risk_and_challenges} fallback={PROJECT_PAGE_MESSAGES.noRisks} />
      </Stack>
    </Modal>
  );
}

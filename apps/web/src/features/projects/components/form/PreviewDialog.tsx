import { Badge, Divider, Modal } from '@mantine/core';
import { Group, Stack, Text, Title } from '@/components/primitives/primitives';
import { RichTextContent } from '@/components/projects/RichTextContent';
import { useI18n } from '@/lib/i18n';
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
  currency,
  categoryName,
  media,
}: {
  opened: boolean;
  onClose: () => void;
  values: ProjectFormValues;
  /** The goal's currency; null until the site's configuration is known. */
  currency: string | null;
  categoryName: string | null;
  media: PreviewMedia;
}) {
  const i18n = useI18n();
  const goal = Number(String(values.goal_amount).trim() || Number.NaN);
  const date = (value: string) => (value ? i18n.calendarDate(value) : i18n.t('common.date.notSpecified'));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{i18n.t('projects.preview.title')}</Text>}
      size="xl"
    >
      <Stack gap="md">
        <Title order={2}>{values.title.trim() || i18n.t('projects.untitled')}</Title>
        <Group gap="xs">
          <Badge variant="light">{categoryName ?? i18n.t('projects.preview.noCategory')}</Badge>
          <Badge variant="outline" color="gray">
            {i18n.t(
              values.funding_model === 'flexible'
                ? 'projects.preview.flexible'
                : 'projects.preview.allOrNothing',
            )}
          </Badge>
        </Group>
        <Group gap="xl">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {i18n.t('projects.preview.goal')}
            </Text>
            <Text fw={700}>
              {currency ? i18n.money(Number.isFinite(goal) && goal > 0 ? goal : 0, currency) : '—'}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {i18n.t('projects.preview.campaign')}
            </Text>
            <Text>
              {i18n.t('projects.preview.dates', {
                start: date(values.start_date),
                end: date(values.end_date),
              })}
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
          {i18n.t('projects.story.description')}
        </Title>
        <RichTextContent html={values.description} fallback={i18n.t('projects.story.noDescription')} />
        <Title order={3} fz="lg">
          {i18n.t('projects.story.risks')}
        </Title>
        <RichTextContent html={values.risk_and_challenges} fallback={i18n.t('projects.story.noRisks')} />
      </Stack>
    </Modal>
  );
}

import { Alert, Blockquote } from '@mantine/core';
import { Stack, Text } from '@/components/primitives/primitives';
import { IconCircleOff } from '@tabler/icons-react';
import { type Project, SUSPENSION_REASON_KEYS } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';

/**
 * The tombstone of a campaign ended early (DESIGN.md §18), at the top of its page for everyone: cancelled by its
 * creator, with their message quoted, or suspended, with the reason's wording only (never the admin's message).
 */
export function EndedBanner({
  project,
}: {
  project: Pick<Project, 'status' | 'end_message' | 'language' | 'suspension_reason'>;
}) {
  const i18n = useI18n();
  const canceled = project.status === 'CANCELED';
  const title = i18n.t(canceled ? 'projects.ended.canceledTitle' : 'projects.ended.suspendedTitle');
  const message = canceled ? project.end_message?.trim() : null;
  return (
    <Alert
      color={canceled ? 'gray' : 'red'}
      variant="light"
      icon={<IconCircleOff size={20} />}
      title={title}
      role="region"
      aria-label={title}
      data-testid="ended-banner"
    >
      <Stack gap="xs">
        {message && (
          <div>
            <Text size="sm" fw={600}>
              {i18n.t('projects.ended.creatorMessage')}
            </Text>
            {/* The creator's own words, as they wrote them, in the project's language. */}
            <Blockquote
              color="gray"
              p="sm"
              mt={4}
              lang={project.language}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {message}
            </Blockquote>
          </div>
        )}
        {!canceled && project.suspension_reason && (
          <Text size="sm">
            {i18n.t('projects.ended.reason', {
              reason: i18n.t(SUSPENSION_REASON_KEYS[project.suspension_reason]),
            })}
          </Text>
        )}
        <Text size="sm">{i18n.t('projects.ended.backersNote')}</Text>
      </Stack>
    </Alert>
  );
}

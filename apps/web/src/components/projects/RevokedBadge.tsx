import { Badge, type BadgeProps, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { statusColor, type Translator } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { projectStatusText, type Revocation, revocationReasonText } from '@/lib/project-text';

/** The revocation in words: when, and why. */
function revocationText(i18n: Translator, date: string | null | undefined, reason: string) {
  return date
    ? i18n.t('common.revocation.datedWithReason', { date: i18n.timestampDate(date), reason })
    : i18n.t('common.revocation.undatedWithReason', { reason });
}

/** A revoked project's badge tells, on hover or focus, when and why it was revoked (SPEC §2 My Projects). */
export function RevokedBadge({
  project,
  ...props
}: { project: Revocation & { revocation_date: string | null } } & BadgeProps) {
  const i18n = useI18n();
  const status = projectStatusText(i18n, 'REJECTED');
  const details = revocationText(i18n, project.revocation_date, revocationReasonText(i18n, project));
  return (
    <Tooltip label={details} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        color={statusColor('REJECTED')}
        variant="light"
        rightSection={<IconInfoCircle size={12} />}
        tabIndex={0}
        aria-label={i18n.t('common.revocation.badgeLabel', { status, details })}
        style={{ cursor: 'help' }}
        {...props}
      >
        {status}
      </Badge>
    </Tooltip>
  );
}

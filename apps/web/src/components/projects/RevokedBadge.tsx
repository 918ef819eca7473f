import { Badge, type BadgeProps, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { statusColor, type Translator } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { projectStatusText } from '@/lib/project-text';

/** The revocation in words: when, and why. */
function revocationText(
  i18n: Translator,
  date: string | null | undefined,
  reason: string | null | undefined,
) {
  if (date) {
    const when = i18n.timestampDate(date);
    return reason
      ? i18n.t('common.revocation.datedWithReason', { date: when, reason })
      : i18n.t('common.revocation.dated', { date: when });
  }
  return reason
    ? i18n.t('common.revocation.undatedWithReason', { reason })
    : i18n.t('common.revocation.undated');
}

/** A revoked project's badge tells, on hover or focus, when and why it was revoked (SPEC §2 My Projects). */
export function RevokedBadge({
  revocationDate,
  revocationReason,
  ...props
}: { revocationDate: string | null; revocationReason: string | null } & BadgeProps) {
  const i18n = useI18n();
  const status = projectStatusText(i18n, 'REJECTED');
  const details = revocationText(i18n, revocationDate, revocationReason);
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

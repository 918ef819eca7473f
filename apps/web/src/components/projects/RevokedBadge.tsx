import { Badge, type BadgeProps, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { statusColor } from '@fundry/shared';
import { formatTimestampDate } from '@/lib/dates';

/** The revocation in words: when, and why. */
export function revocationText(date: string | null | undefined, reason: string | null | undefined) {
  const when = date ? `Revoked on ${formatTimestampDate(date)}` : 'Revoked';
  return reason ? `${when}. Reason: ${reason}` : when;
}

/** A revoked project's badge tells, on hover or focus, when and why it was revoked (SPEC §2 My Projects). */
export function RevokedBadge({
  revocationDate,
  revocationReason,
  ...props
}: { revocationDate: string | null; revocationReason: string | null } & BadgeProps) {
  return (
    <Tooltip
      label={revocationText(revocationDate, revocationReason)}
      multiline
      w={280}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        color={statusColor('REJECTED')}
        variant="light"
        rightSection={<IconInfoCircle size={12} />}
        tabIndex={0}
        aria-label={`REJECTED: ${revocationText(revocationDate, revocationReason)}`}
        style={{ cursor: 'help' }}
        {...props}
      >
        REJECTED
      </Badge>
    </Tooltip>
  );
}

import { Badge, type BadgeProps } from '@mantine/core';
import { statusColor } from '@fundry/shared';

/** A project's status in its list colour (SPEC §4); a missing status reads DRAFT. */
export function StatusBadge({ status, ...props }: { status: string | null | undefined } & BadgeProps) {
  const label = (status ?? 'DRAFT').toUpperCase();
  return (
    <Badge color={statusColor(label)} variant="light" {...props}>
      {label}
    </Badge>
  );
}

import { Badge, type BadgeProps } from '@mantine/core';
import { statusColor } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { projectStatusText } from '@/lib/project-text';

/** A project's status in its list colour (SPEC §4); a missing status reads DRAFT. */
export function StatusBadge({ status, ...props }: { status: string | null | undefined } & BadgeProps) {
  const i18n = useI18n();
  const code = (status ?? 'DRAFT').toUpperCase();
  return (
    <Badge color={statusColor(code)} variant="light" {...props}>
      {projectStatusText(i18n, code)}
    </Badge>
  );
}

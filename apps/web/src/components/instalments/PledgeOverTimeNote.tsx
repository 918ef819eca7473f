import { INSTALMENT_COUNT } from '@fundry/shared';
import { Approximately } from '@/components/money/Approximately';
import { Group, Text } from '@/components/primitives/primitives';
import { useI18n } from '@/lib/i18n';

// Apart from the plan's table: the project page shows this line before anyone opens a dialog with a plan.
/** The project page's line (DESIGN.md §20): "Pay in 3 instalments available for pledges of $125 or more". */
export function PledgeOverTimeNote({ minimum, currency }: { minimum: number; currency: string }) {
  const i18n = useI18n();
  return (
    <Group gap={4} data-testid="pledge-over-time">
      <Text size="sm">
        {i18n.t('backing.instalments.offered', {
          count: INSTALMENT_COUNT,
          amount: i18n.money(minimum, currency),
        })}
      </Text>
      <Approximately amount={minimum} currency={currency} size="sm" />
    </Group>
  );
}

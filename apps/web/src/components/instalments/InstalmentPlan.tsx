import { Badge, Table } from '@mantine/core';
import { exponent, INSTALMENT_COUNT, type Instalment, majorToMinor, minorToMajor } from '@fundry/shared';
import { Approximately } from '@/components/money/Approximately';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { useI18n } from '@/lib/i18n';

/** An instalment as a plan shows it: planned (the back dialog), or as the API reports it (with its status). */
export type PlanLine = Pick<Instalment, 'number' | 'amount' | 'due_on'> & Partial<Pick<Instalment, 'status'>>;

const STATUS_COLOR: Record<Instalment['status'], string> = {
  scheduled: 'gray',
  paid: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/**
 * A plan of instalments (DESIGN.md §20): each one's date and amount in the pledge's currency and the reader's locale,
 * with its state once the plan exists; under it, what is paid and what comes next.
 */
export function InstalmentPlan({
  instalments,
  currency,
  caption,
}: {
  instalments: readonly PlanLine[];
  currency: string;
  caption: string;
}) {
  const i18n = useI18n();
  const withStatus = instalments.some((line) => line.status !== undefined);
  // Summed in minor units, and every amount shown with the currency's decimals (83.34, 83.33, 83.33).
  const digits = exponent(currency);
  const paid = minorToMajor(
    instalments
      .filter((line) => line.status === 'paid')
      .reduce((sum, line) => sum + majorToMinor(line.amount, currency), 0),
    currency,
  );
  const next = instalments.find((line) => line.status === 'scheduled' || line.status === 'failed');
  return (
    <Stack gap={6} data-testid="instalment-plan">
      <Table withTableBorder verticalSpacing={4} fz="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{i18n.t('backing.instalments.number')}</Table.Th>
            <Table.Th scope="col">{i18n.t('backing.instalments.due')}</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'end' }}>
              {i18n.t('backing.instalments.amount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {instalments.map((line) => (
            <Table.Tr key={line.number}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {/* The state under the number rather than in a column of its own: four columns overflow a phone. */}
                <Stack gap={2} align="flex-start">
                  <span>
                    {i18n.t('backing.instalments.numberOf', { number: line.number, count: INSTALMENT_COUNT })}
                  </span>
                  {line.status && (
                    <Badge color={STATUS_COLOR[line.status]} variant="light" size="sm" tt="none">
                      {i18n.t(`backing.instalments.state.${line.status}`)}
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>{i18n.calendarDate(line.due_on)}</Table.Td>
              <Table.Td style={{ textAlign: 'end' }}>
                <Group gap={4} justify="flex-end">
                  <span>{i18n.money(line.amount, currency, digits)}</span>
                  <Approximately amount={line.amount} currency={currency} size="xs" />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {withStatus && (
        <Text size="sm" data-testid="instalment-summary">
          {next
            ? i18n.t('backing.instalments.paidAndNext', {
                paid: i18n.money(paid, currency, digits),
                amount: i18n.money(next.amount, currency, digits),
                date: i18n.calendarDate(next.due_on),
              })
            : i18n.t('backing.instalments.paid', { paid: i18n.money(paid, currency, digits) })}
        </Text>
      )}
    </Stack>
  );
}

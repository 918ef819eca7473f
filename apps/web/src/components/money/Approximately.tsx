import { Text, VisuallyHidden } from '@/components/primitives/primitives';
import { approximateWholeUnits } from '@fundry/shared';
import { useDisplayCurrency, useFxRates } from '@/lib/display-currency';
import { useI18n } from '@/lib/i18n';

/**
 * "≈ 92 €" beside an amount in another currency than the visitor's display currency (DESIGN.md §15): the day's
 * reference rate, in whole units, read out as approximate. Nothing when the currencies match, there are no rates,
 * or the amount is nothing (0 is 0 in any currency).
 */
export function Approximately({
  amount,
  currency,
  size = 'sm',
}: {
  /** Major units of `currency`, as the API sends amounts. */
  amount: number;
  currency: string;
  size?: 'xs' | 'sm' | 'md';
}) {
  const display = useDisplayCurrency();
  // Only an amount that needs the rates reads them: most amounts are in the visitor's own currency, and each read
  // is a query observer, which a list's server render would otherwise build for every amount (decision 018).
  if (display === null || display === currency || amount <= 0) return null;
  return <Approximation amount={amount} currency={currency} display={display} size={size} />;
}

function Approximation({
  amount,
  currency,
  display,
  size,
}: {
  amount: number;
  currency: string;
  display: string;
  size: 'xs' | 'sm' | 'md';
}) {
  const i18n = useI18n();
  const rates = useFxRates();
  if (!rates) return null;
  const whole = approximateWholeUnits(amount, currency, display, rates);
  if (whole === null) return null;
  const shown = i18n.money(whole, display);
  const spoken = i18n.t('common.money.approximatelyLabel', { amount: shown });
  return (
    <Text span size={size} c="dimmed" title={spoken}>
      <span aria-hidden>{i18n.t('common.money.approximately', { amount: shown })}</span>
      <VisuallyHidden>{spoken}</VisuallyHidden>
    </Text>
  );
}

import { NumberInput, type NumberInputProps } from '@mantine/core';
import { exponent, MIN_PLEDGE_DOLLARS } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { amountStep, currencySymbol } from '@/lib/money';

/**
 * A pledge in the project's currency, with no more decimals than it has (none on yen), never below the platform's
 * minimum; the reward's minimum shows under it.
 */
export function PledgeAmountInput({ currency, ...props }: NumberInputProps & { currency: string }) {
  const symbol = currencySymbol(useI18n(), currency);
  return (
    <NumberInput
      min={MIN_PLEDGE_DOLLARS}
      step={Number(amountStep(currency))}
      decimalScale={exponent(currency)}
      leftSection={symbol}
      leftSectionWidth={16 + symbol.length * 9}
      leftSectionProps={{ 'aria-hidden': true }}
      allowNegative={false}
      hideControls
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...props}
    />
  );
}

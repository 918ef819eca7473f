import { NumberInput, type NumberInputProps } from '@mantine/core';
import { MIN_PLEDGE_DOLLARS } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { amountInputProps } from '@/lib/money';

/**
 * A pledge in the project's currency, with no more decimals than it has (none on yen), never below the platform's
 * minimum; the reward's minimum shows under it.
 */
export function PledgeAmountInput({ currency, ...props }: NumberInputProps & { currency: string }) {
  return (
    <NumberInput
      min={MIN_PLEDGE_DOLLARS}
      {...amountInputProps(useI18n(), currency)}
      allowNegative={false}
      hideControls
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...props}
    />
  );
}

import { NumberInput, type NumberInputProps } from '@mantine/core';
import { MIN_PLEDGE_DOLLARS } from '@fundry/shared';

/** A pledge in dollars and cents, never below the platform's minimum; the reward's minimum shows under it. */
export function PledgeAmountInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={MIN_PLEDGE_DOLLARS}
      step={0.01}
      decimalScale={2}
      allowNegative={false}
      hideControls
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...props}
    />
  );
}

import { NativeSelect } from '@/components/primitives/inputs';
import { IconCoins } from '@tabler/icons-react';
import { useChooseDisplayCurrency, useDisplayCurrency } from '@/lib/display-currency';
import { takeEarlyChoice, useEarlyChoice } from '@/lib/early-choices';
import { useI18n } from '@/lib/i18n';
import { currencyName } from '@/lib/money';
import { useSiteConfig } from '@/lib/site-config';

/**
 * The display currency beside the language (DESIGN.md §15): amounts in other currencies show an approximation in
 * it. Kept in this browser's cookie, signed in or not; only shown when the site offers more than one currency.
 */
export function CurrencyMenu({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const i18n = useI18n();
  const offered = useSiteConfig().data?.currencies ?? [];
  const current = useDisplayCurrency();
  const choose = useChooseDisplayCurrency();
  useEarlyChoice('currency', choose);
  if (offered.length < 2 || !current) return null;
  return (
    <NativeSelect
      label={i18n.t('common.currency')}
      size={size}
      w={200}
      leftSection={<IconCoins size={16} aria-hidden />}
      data={offered.map((value) => ({ value, label: `${value} · ${currencyName(i18n, value)}` }))}
      value={current}
      data-early-choice="currency"
      onChange={(event) => choose(takeEarlyChoice('currency') ?? event.currentTarget.value)}
    />
  );
}

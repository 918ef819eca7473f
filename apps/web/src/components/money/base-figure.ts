import type { Translator } from '@fundry/shared';

/** A figure that adds up several projects' amounts, as the API counts it in the base currency (DESIGN.md §15). */
interface BaseFigure {
  amount: number;
  currency: string;
  /** It adds amounts of several currencies through their rates. */
  approximate: boolean;
}

/** The figure in its currency, "≈ $1,234" when it mixes currencies; `fractionDigits` as `Translator.money`'s. */
export function formatBaseFigure(
  i18n: Translator,
  { amount, currency, approximate }: BaseFigure,
  fractionDigits?: number,
): string {
  const shown = i18n.money(amount, currency, fractionDigits);
  return approximate ? i18n.t('common.money.approximately', { amount: shown }) : shown;
}

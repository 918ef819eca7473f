import type { PledgedAddOn, Translator } from '@fundry/shared';

/** A pledge's add-ons in one line, as its backer and its creator read them: "Mug × 2 · Sticker sheet × 1". */
export function pledgedAddOnsText(i18n: Translator, addOns: PledgedAddOn[]): string {
  return addOns
    .map((line) => i18n.t('backing.pledge.addOnItem', { title: line.title, quantity: line.quantity }))
    .join(' · ');
}

import { type AddOn, type Locale, REST_OF_WORLD, type Reward, type Translator } from '@fundry/shared';
import { countryName } from '@/lib/countries';

/** How many destinations the card names before it sums up the rest. */
const SHOWN_DESTINATIONS = 4;

// A list of destinations as the reader's language writes one ("A, B, C" in English), built once per language.
const destinationLists = new Map<Locale, Intl.ListFormat>();

function destinationList(locale: Locale, items: string[]): string {
  let format = destinationLists.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'unit', style: 'short' });
    destinationLists.set(locale, format);
  }
  return format.format(items);
}

/**
 * Where a reward ships and at what price, in one line: "Ships to United States ($5), Canada ($12), rest of the
 * world ($20)". The rest of the world always comes last; a long list names the first few and counts the others.
 */
export function shippingSummary(
  i18n: Translator,
  reward: Pick<Reward, 'shipping_type' | 'shipping_rules' | 'currency'>,
): string {
  if (reward.shipping_type === 'none') return i18n.t('backing.shipping.digital');
  const rules = [...reward.shipping_rules].sort(
    (a, b) => Number(a.country === REST_OF_WORLD) - Number(b.country === REST_OF_WORLD),
  );
  if (rules.length === 0)
    return i18n.t(
      reward.shipping_type === 'domestic' ? 'backing.shipping.domestic' : 'backing.shipping.worldwide',
    );
  const named = (rule: (typeof rules)[number]) =>
    i18n.t('backing.shipping.destination', {
      place:
        rule.country === REST_OF_WORLD
          ? i18n.t('backing.shipping.restOfWorld')
          : countryName(i18n, rule.country),
      cost: rule.cost === 0 ? i18n.t('backing.shipping.free') : i18n.money(rule.cost, reward.currency),
    });
  const shown = rules.length > SHOWN_DESTINATIONS + 1 ? rules.slice(0, SHOWN_DESTINATIONS) : rules;
  const destinations = destinationList(i18n.locale, shown.map(named));
  const others = rules.length - shown.length;
  return others > 0
    ? i18n.t('backing.shipping.shipsToMore', { destinations, count: others })
    : i18n.t('backing.shipping.shipsTo', { destinations });
}

/** Where an add-on ships and at what price per item; one that has no rules does not ship. */
export function addOnShippingSummary(
  i18n: Translator,
  addOn: Pick<AddOn, 'shipping_rules' | 'currency'>,
): string {
  return shippingSummary(i18n, {
    shipping_type: addOn.shipping_rules.length === 0 ? 'none' : 'international',
    shipping_rules: addOn.shipping_rules,
    currency: addOn.currency,
  });
}

import { formatDollars, REST_OF_WORLD, type Reward } from '@fundry/shared';
import { countryName } from './countries';

/** Where a rule ships, as words inside a sentence: "Canada", "the rest of the world". */
export function destinationName(code: string): string {
  return code === REST_OF_WORLD ? 'the rest of the world' : countryName(code);
}

/** A shipping price as a backer reads it: "$5", "$12.50", "free". */
export function shippingCost(cost: number): string {
  return cost === 0 ? 'free' : formatDollars(cost);
}

/** How many destinations the card names before it sums up the rest. */
const SHOWN_DESTINATIONS = 4;

/**
 * Where a reward ships and at what price, in one line: "Ships to United States ($5), Canada ($12), rest of the
 * world ($20)". The rest of the world always comes last; a long list names the first few and counts the others.
 */
export function shippingSummary(reward: Pick<Reward, 'shipping_type' | 'shipping_rules'>): string {
  if (reward.shipping_type === 'none') return 'Digital delivery (no shipping)';
  const rules = [...reward.shipping_rules].sort(
    (a, b) => Number(a.country === REST_OF_WORLD) - Number(b.country === REST_OF_WORLD),
  );
  if (rules.length === 0)
    return reward.shipping_type === 'domestic' ? 'Ships domestically' : 'Ships worldwide';
  const named = (rule: (typeof rules)[number]) =>
    `${rule.country === REST_OF_WORLD ? 'rest of the world' : countryName(rule.country)} (${shippingCost(rule.cost)})`;
  const shown = rules.length > SHOWN_DESTINATIONS + 1 ? rules.slice(0, SHOWN_DESTINATIONS) : rules;
  const others = rules.length - shown.length;
  const rest = others > 0 ? ` and ${others} more` : '';
  return `Ships to ${shown.map(named).join(', ')}${rest}`;
}

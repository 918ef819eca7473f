import type { Reward } from '@fundry/shared';

/** A calendar date (UTC) some days from today. */
export function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A reward as the API returns it; every field can be overridden. */
export function makeReward(overrides: Partial<Reward> = {}): Reward {
  const quantity = overrides.quantity_available === undefined ? 10 : overrides.quantity_available;
  const claimed = overrides.quantity_claimed ?? 2;
  const remaining = quantity === null ? null : Math.max(0, quantity - claimed);
  const minimum = overrides.minimum_amount ?? 25;
  const shipping = overrides.shipping_type ?? 'domestic';
  return {
    id: 11,
    currency: 'USD',
    project_id: 1,
    title: 'Early Bird Lantern',
    description: 'One lantern at the early price.',
    minimum_amount: minimum,
    late_price: null,
    quantity_available: quantity,
    quantity_claimed: claimed,
    estimated_delivery_date: dateIn(60),
    shipping_type: shipping,
    shipping_rules: shipping === 'none' ? [] : [{ country: 'US', cost: 5, currency: 'USD' }],
    backers_count: claimed,
    remaining,
    is_available: remaining === null || remaining > 0,
    amount: minimum,
    inventory: quantity,
    original_inventory: quantity,
    is_digital: shipping === 'none',
    created_at: '2029-12-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An access token whose claims the session reads (the signature is never checked in the browser). */
export function fakeAccessToken(claims: { sub: number; roles?: string[]; permissions?: string[] }): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ roles: ['User'], permissions: [], ...claims })}.signature`;
}

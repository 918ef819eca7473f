import type { Reward } from '@fundry/shared';

/** Sold out: nothing remains, or the claimed count reached the quantity (SPEC §4). */
export function isSoldOut(reward: Reward): boolean {
  if (!reward.is_available) return true;
  if (reward.remaining !== null && reward.remaining <= 0) return true;
  if (reward.inventory !== null && reward.inventory - reward.backers_count <= 0) return true;
  return reward.quantity_available !== null && reward.quantity_claimed >= reward.quantity_available;
}

import { describe, expect, it } from 'vitest';
import { formatPercentFunded, percentFunded } from './projects';

describe('percent funded', () => {
  it('is current over goal, capped at 100, 0 without a goal', () => {
    expect(percentFunded(50, 200)).toBe(25);
    expect(percentFunded(500, 200)).toBe(100);
    expect(percentFunded(10, 0)).toBe(0);
    expect(percentFunded(10, null)).toBe(0);
    expect(percentFunded(null, 100)).toBe(0);
  });

  it('reads "<1%" when money was raised but under 1% of the goal', () => {
    expect(formatPercentFunded(1, 10_000)).toBe('<1%');
    expect(formatPercentFunded(99.99, 10_000)).toBe('<1%');
  });

  it('reads whole percents, rounded down, otherwise', () => {
    expect(formatPercentFunded(0, 10_000)).toBe('0%');
    expect(formatPercentFunded(100, 10_000)).toBe('1%');
    expect(formatPercentFunded(9_999, 10_000)).toBe('99%');
    expect(formatPercentFunded(25_000, 10_000)).toBe('100%');
    expect(formatPercentFunded(5, null)).toBe('0%');
  });
});

import { describe, expect, it } from 'vitest';
import { percentFunded } from './projects';

describe('percent funded', () => {
  it('is current over goal, capped at 100, 0 without a goal', () => {
    expect(percentFunded(50, 200)).toBe(25);
    expect(percentFunded(500, 200)).toBe(100);
    expect(percentFunded(10, 0)).toBe(0);
    expect(percentFunded(10, null)).toBe(0);
    expect(percentFunded(null, 100)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { majorToMinor } from '../money/amounts';
import { planInstalments, pledgeOverTimeMinimum } from './instalments';

const sum = (plan: { amountMinor: number }[]) => plan.reduce((total, item) => total + item.amountMinor, 0);

describe('planInstalments (DESIGN.md §20)', () => {
  it('splits USD in cents, the remainder on the first', () => {
    const plan = planInstalments(majorToMinor(250, 'USD'), '2027-03-02', 30);
    expect(plan.map((item) => item.amountMinor)).toEqual([8334, 8333, 8333]);
    expect(sum(plan)).toBe(25_000);
  });

  it('splits EUR in cents with add-ons and shipping in the amount', () => {
    // A reward of 199.99, an add-on of 12.50 and shipping of 7.01.
    const total = majorToMinor(199.99, 'EUR') + majorToMinor(12.5, 'EUR') + majorToMinor(7.01, 'EUR');
    const plan = planInstalments(total, '2027-03-02', 30);
    expect(plan.map((item) => item.amountMinor)).toEqual([7318, 7316, 7316]);
    expect(sum(plan)).toBe(total);
  });

  it('splits JPY in whole yen (no minor unit)', () => {
    const total = majorToMinor(20_000, 'JPY');
    const plan = planInstalments(total, '2027-03-02', 30);
    expect(plan.map((item) => item.amountMinor)).toEqual([6668, 6666, 6666]);
    expect(sum(plan)).toBe(20_000);
  });

  it('sums exactly for any amount', () => {
    for (const total of [3, 4, 5, 100, 12_501, 99_999_999]) {
      const plan = planInstalments(total, '2027-01-31', 30);
      expect(sum(plan)).toBe(total);
      expect(plan[0]!.amountMinor - plan[2]!.amountMinor).toBeLessThan(3);
    }
  });

  it('schedules the first on the charge date, then every interval', () => {
    expect(planInstalments(30_000, '2027-01-31', 30).map((item) => item.dueOn)).toEqual([
      '2027-01-31',
      '2027-03-02',
      '2027-04-01',
    ]);
    expect(planInstalments(30_000, '2027-12-20', 7).map((item) => [item.number, item.dueOn])).toEqual([
      [1, '2027-12-20'],
      [2, '2027-12-27'],
      [3, '2028-01-03'],
    ]);
  });

  it('refuses an amount too small to split', () => {
    expect(() => planInstalments(2, '2027-01-31', 30)).toThrow(RangeError);
  });
});

describe('pledgeOverTimeMinimum', () => {
  it('is the minimum itself in the base currency', () => {
    expect(pledgeOverTimeMinimum(125, 'USD', 'USD', null)).toBe(12_500);
  });

  it('converts through the project base rate (units of base per unit of the project currency)', () => {
    // 1 EUR = 1.08 USD: 125 USD is 115.74 EUR.
    expect(pledgeOverTimeMinimum(125, 'USD', 'EUR', '1.08')).toBe(11_574);
    // 1 JPY = 0.0067 USD: 125 USD is 18,657 yen.
    expect(pledgeOverTimeMinimum(125, 'USD', 'JPY', '0.0067')).toBe(18_657);
  });

  it('is unknown without a rate', () => {
    expect(pledgeOverTimeMinimum(125, 'USD', 'EUR', null)).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Locale, StretchGoal } from '@fundry/shared';
import { TestProviders } from '@/test/i18n';
import { FundingBar, fundingScale } from './FundingBar';

const goals: StretchGoal[] = [
  {
    id: 1,
    amount: 1500,
    currency: 'USD',
    title: 'Second colour',
    description: '',
    reached_at: '2026-11-20T10:00:00.000Z',
  },
  { id: 2, amount: 2000, currency: 'USD', title: 'Solar upgrade', description: '', reached_at: null },
];

function renderBar(locale: Locale, current: number, list: StretchGoal[] = goals) {
  return render(
    <TestProviders locale={locale}>
      <FundingBar current={current} goal={1000} currency="USD" goals={list} />
    </TestProviders>,
  );
}

const positions = () =>
  screen.queryAllByRole('img').map((marker) => Number(marker.getAttribute('data-position')));

describe('the funding bar with stretch goals', () => {
  it('runs to the largest goal and places each goal by its amount', () => {
    const { fill, markers } = fundingScale(1600, 1000, goals);
    expect(fill).toBe(80);
    expect(markers.map((m) => [m.kind, m.position, m.reached])).toEqual([
      ['goal', 50, true],
      ['stretch', 75, true],
      ['stretch', 100, false],
    ]);
    // The goal alone when there are none: the plain bar, no marker.
    expect(fundingScale(250, 1000, [])).toEqual({ fill: 25, markers: [] });
    // A total past every goal fills the bar and no more.
    expect(fundingScale(5000, 1000, goals).fill).toBe(100);
  });

  it('names every marker for assistive technology and shows it on focus', async () => {
    renderBar('en', 1600);
    expect(screen.getByRole('progressbar', { name: '100% funded' })).toHaveAttribute('aria-valuenow', '80');
    expect(screen.getByRole('img', { name: 'Funding goal: $1,000' })).toBeInTheDocument();
    const reached = screen.getByRole('img', { name: 'Stretch goal “Second colour”: $1,500, reached' });
    expect(reached).toHaveAttribute('data-reached', 'true');
    expect(
      screen.getByRole('img', { name: 'Stretch goal “Solar upgrade”: $2,000, not reached yet' }),
    ).toHaveAttribute('data-reached', 'false');
    expect(positions()).toEqual([50, 75, 100]);

    await userEvent.tab();
    expect(screen.getByRole('img', { name: 'Funding goal: $1,000' })).toHaveFocus();
    await userEvent.tab();
    expect(reached).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Stretch goal “Second colour”: $1,500, reached',
    );
  });

  it('keeps a marker on the bar at its far end and places them from the start of the line', () => {
    renderBar('ar', 500);
    const last = screen.getAllByRole('img').at(-1)!;
    // Logical placement: from the right in Arabic, where the bar fills from the right.
    expect(last.getAttribute('style')).toContain('inset-inline-start: calc(100% - 14px)');
    expect(last).toHaveAccessibleName(/Solar upgrade/);
    expect(last.getAttribute('aria-label')).toContain('الهدف الإضافي');
    expect(screen.getByRole('img', { name: /هدف التمويل/ })).toBeInTheDocument();
  });

  it('draws the plain bar of the goal when there are no stretch goals', () => {
    renderBar('en', 250, []);
    expect(screen.getByRole('progressbar', { name: '25% funded' })).toHaveAttribute('aria-valuenow', '25');
    expect(positions()).toEqual([]);
  });
});

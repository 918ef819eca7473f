import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FundingProgress } from './FundingProgress';
import { MoneyProviders } from '@/test/money';

const renderProgress = (current: number, goal: number | null) =>
  render(
    <MoneyProviders>
      <FundingProgress current={current} goal={goal} currency="USD" />
    </MoneyProviders>,
  );

describe('FundingProgress', () => {
  it('reads "<1% funded" when money was raised but under 1% of the goal', () => {
    renderProgress(25, 10_000);
    expect(screen.getByText('<1% funded')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '<1% funded' })).toBeInTheDocument();
  });

  it('reads "0% funded" only when nothing was raised, and whole percents otherwise', () => {
    const { unmount } = renderProgress(0, 10_000);
    expect(screen.getByText('0% funded')).toBeInTheDocument();
    unmount();
    renderProgress(2_599, 10_000);
    expect(screen.getByText('25% funded')).toBeInTheDocument();
  });
});

describe('FundingProgress in another language', () => {
  it('shows the amount and the percentage in German', () => {
    render(
      <MoneyProviders locale="de" chosen="USD">
        <FundingProgress current={2_599} goal={10_000} currency="USD" />
      </MoneyProviders>,
    );
    expect(screen.getByRole('progressbar', { name: '25\u00a0% finanziert' })).toBeInTheDocument();
    // The matcher reads the no-break spaces of German amounts as plain spaces.
    expect(screen.getByText('gesammelt').parentElement).toHaveTextContent('2.599 $ gesammelt');
  });
});

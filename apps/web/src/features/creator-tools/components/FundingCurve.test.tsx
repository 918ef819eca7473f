import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DailyStats } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, type Responder, testUser } from '@/test/api';
import { TestProviders } from '@/test/i18n';
import { renderPage } from '@/test/render';
import { FundingCharts, niceCeil } from './FundingCharts';
import { FundingCurve } from './FundingCurve';

const STATS: DailyStats = {
  goal_amount: 1000,
  currency: 'USD',
  days: [
    { date: '2026-03-01', pledges: 2, amount: 100, cumulative_amount: 100 },
    { date: '2026-03-02', pledges: 0, amount: 0, cumulative_amount: 100 },
    { date: '2026-03-03', pledges: 1, amount: 150, cumulative_amount: 250 },
  ],
  rewards: [
    { reward_id: 3, title: 'Kettle', backers: 2, amount: 200 },
    { reward_id: null, title: 'No reward', backers: 1, amount: 50 },
  ],
};

function renderCurve(reply: Responder) {
  authStorage.setTokens('access', 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: testUser } } },
    'GET projects/5/stats/daily': reply,
  });
  return { calls, ...renderPage(<FundingCurve projectId={5} />, { path: '/p' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('FundingCurve', () => {
  it('loads the daily statistics and shows the curve, pledges per day and the rewards', async () => {
    const { calls } = renderCurve({ body: { data: STATS } });
    expect(screen.getByLabelText('Loading the funding curve')).toBeInTheDocument();
    expect(await screen.findByTestId('funding-summary')).toHaveTextContent(
      '$250 raised of a $1,000 goal (25%) from 3 live pledges.',
    );
    expect(screen.getByRole('img', { name: 'Amount raised over time' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Pledges per day' })).toBeInTheDocument();
    expect(
      screen.getByText(/Cumulative amount per day from Mar 1 to Mar 3, against the goal of \$1,000/),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'By reward' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['RewardBackersAmount', 'Kettle2$200', 'No reward1$50']);
    expect(calls.some((call) => call.path === 'projects/5/stats/daily')).toBe(true);
  });

  it('says so when there are no pledges yet', async () => {
    renderCurve({ body: { data: { ...STATS, days: [STATS.days[1]!], rewards: [] } } });
    expect(await screen.findByText('No pledges yet.')).toBeInTheDocument();
  });

  it('shows the server’s message when the statistics cannot be read', async () => {
    renderCurve(apiError(403, 'FORBIDDEN', 'Only the project’s creator or an administrator can do this'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the project’s creator or an administrator can do this',
    );
  });
});

describe('FundingCharts in another language', () => {
  it('writes the summary, the headings and the amounts in German', () => {
    render(
      <TestProviders locale="de">
        <FundingCharts stats={STATS} />
      </TestProviders>,
    );
    expect(screen.getByTestId('funding-summary')).toHaveTextContent(
      '250 $ eingenommen – 25 % des Ziels von 1.000 $ – aus 3 laufenden Unterstützungen.',
    );
    expect(screen.getByRole('img', { name: 'Eingenommener Betrag im Zeitverlauf' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Nach Belohnung' });
    // The server names pledges without a reward in English; the page says it in the reader's language.
    expect(within(table).getByText('Keine Belohnung')).toBeInTheDocument();
    expect(within(table).getByText('200 $')).toBeInTheDocument();
  });
});

describe('niceCeil', () => {
  it('rounds an axis top up to a round number', () => {
    expect([525, 1000, 1050, 73, 0, 2600].map(niceCeil)).toEqual([600, 1000, 1200, 80, 10, 3000]);
  });
});

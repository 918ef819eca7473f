import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api';
import { testConfig } from '@/test/money';
import { renderPage } from '@/test/render';
import { AboutPage } from './AboutPage';

const figure = (label: string) => screen.getByText(label).closest('[data-figure]') as HTMLElement;

describe('AboutPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the figures the server counted, and none it did not', async () => {
    const calls = mockApi({
      'GET config': { body: { data: testConfig() } },
      'GET stats': {
        body: {
          data: {
            projects_funded: 1234,
            live_projects: 7,
            amount_raised: 98765.4,
            currency: 'USD',
            approximate: false,
            pledges: 4321,
          },
        },
      },
    });
    renderPage(<AboutPage />, { path: '/about' });
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(within(figure('Projects funded')).getByText('1,234')).toBeInTheDocument();
    expect(within(figure('Campaigns running now')).getByText('7')).toBeInTheDocument();
    expect(
      within(figure('Pledged to running and funded campaigns')).getByText('$98,765'),
    ).toBeInTheDocument();
    expect(within(figure('Pledges from backers')).getByText('4,321')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'stats')).toHaveLength(1);
    // The invented figures are gone.
    for (const invented of ['12,400+', '$48M', '310,000', 'Countries', 'Creator satisfaction', '24/7']) {
      expect(screen.queryByText(invented)).not.toBeInTheDocument();
    }
  });

  it('says so, with a way to try again, when the figures cannot be loaded', async () => {
    let fail = true;
    mockApi({
      'GET stats': () =>
        fail
          ? { status: 500, body: {} }
          : {
              body: {
                data: {
                  projects_funded: 2,
                  live_projects: 1,
                  amount_raised: 50,
                  currency: 'USD',
                  approximate: false,
                  pledges: 3,
                },
              },
            },
    });
    const { user } = renderPage(<AboutPage />, { path: '/about' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(figure('Projects funded')).getByText('2')).toBeInTheDocument());
  });
});

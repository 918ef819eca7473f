import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYOUT_MESSAGES } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { makeProject } from '@/test/projects';
import { testTranslator } from '@/test/i18n';
import { renderPage } from '@/test/render';
import { CreatorPayoutsPage } from './CreatorPayoutsPage';

/** A message as an English reader sees it, as the API also writes it. */
const english = (key: string) => testTranslator().t(key);

const funds = { total_donations: 100, platform_fee: 10, total_paid_out: 0 };

describe('CreatorPayoutsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the bank connection and each published project with its eligibility', async () => {
    authStorage.setTokens('access', 'refresh');
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET bank-accounts/bank-account-status': {
        body: {
          data: {
            account_connected: true,
            payouts_enabled: true,
            account_id: 'acct_1',
            requirements: { currently_due: [] },
          },
        },
      },
      'GET projects/': {
        body: {
          data: {
            projects: [
              makeProject({ id: 1, title: 'Solar Lantern', status: 'ACTIVE' }),
              makeProject({ id: 2, title: 'Quiet Book', status: 'SUCCESSFUL' }),
              makeProject({ id: 3, title: 'Secret Draft', status: 'DRAFT' }),
            ],
            total: 3,
            pages: 1,
            page: 1,
            per_page: 100,
          },
        },
      },
      'GET payouts/projects/1/payout/eligibility': {
        body: {
          data: { eligible: true, available_amount: 90, reason: null, funds_info: funds, to_come: [] },
        },
      },
      'GET payouts/projects/2/payout/eligibility': {
        body: {
          data: {
            eligible: false,
            available_amount: 0,
            reason: PAYOUT_MESSAGES.nothing,
            funds_info: { ...funds, total_donations: 0, platform_fee: 0 },
            to_come: [],
          },
        },
      },
    });
    renderPage(<CreatorPayoutsPage />, { path: '/dashboard/creator' });
    expect(await screen.findByText('Payouts enabled')).toBeInTheDocument();
    const lantern = await screen.findByRole('listitem', { name: 'Solar Lantern' });
    expect(await within(lantern).findByText('Eligible for payout')).toBeInTheDocument();
    expect(within(lantern).getByText('$90')).toBeInTheDocument();
    expect(within(lantern).getByRole('link', { name: 'Manage Payouts' })).toHaveAttribute(
      'href',
      '/projects/1',
    );
    const book = screen.getByRole('listitem', { name: 'Quiet Book' });
    expect(await within(book).findByText(english(PAYOUT_MESSAGES.nothing))).toBeInTheDocument();
    expect(screen.queryByText('Secret Draft')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === 'projects/')?.query.get('my_projects')).toBe('true');
  });
});

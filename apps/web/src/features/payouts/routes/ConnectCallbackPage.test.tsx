import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BankAccountStatus } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, type Responder, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { ConnectCallbackPage } from './ConnectCallbackPage';

function renderCallback(at: string, status: Responder) {
  authStorage.setTokens('access', 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: testUser } } },
    'GET bank-accounts/bank-account-status': status,
  });
  return { calls, ...renderPage(<ConnectCallbackPage />, { path: '/connect/callback', at }) };
}

const status = (data: Partial<BankAccountStatus>): Responder => ({
  body: {
    data: {
      account_connected: true,
      payouts_enabled: true,
      account_id: 'acct_1',
      requirements: { currently_due: [] },
      ...data,
    },
  },
});

describe('ConnectCallbackPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows success when payouts are enabled, with a way to the creator dashboard', async () => {
    renderCallback('/connect/callback?account_id=acct_1', status({}));
    expect(await screen.findByRole('heading', { name: 'Bank account connected' })).toBeInTheDocument();
    expect(screen.getByText('Your bank account is connected and payouts are enabled.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Creator Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/creator',
    );
  });

  it('shows an incomplete connection with the requirements still due', async () => {
    renderCallback(
      '/connect/callback?account_id=acct_1',
      status({
        payouts_enabled: false,
        requirements: { currently_due: ['external_account', 'individual.verification.document'] },
      }),
    );
    expect(await screen.findByText('Bank account connection process was not completed')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Requirements still due' });
    expect(within(list).getByText('Bank account details')).toBeInTheDocument();
    expect(within(list).getByText('Identity verification document')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue Bank Account Setup' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Creator Dashboard' })).toBeInTheDocument();
  });

  it('without a session says so at once and offers sign-in that comes back here (never a spinner)', async () => {
    const calls = mockApi({});
    renderPage(<ConnectCallbackPage />, {
      path: '/connect/callback',
      at: '/connect/callback?account_id=acct_1',
    });
    expect(await screen.findByRole('heading', { name: 'Bank connection failed' })).toBeInTheDocument();
    expect(screen.getByText(/You are not signed in/)).toBeInTheDocument();
    expect(screen.queryByText('Checking your bank account…')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    const signIn = screen.getByRole('link', { name: 'Sign in to check your bank account' });
    expect(signIn).toHaveAttribute('href', '/signin');
    await userEvent.click(signIn);
    const probe = await screen.findByTestId('location');
    expect(JSON.parse(probe.dataset.state!)).toEqual({ from: '/connect/callback?account_id=acct_1' });
  });

  it('reports that no account information came back without asking the server', async () => {
    const { calls } = renderCallback('/connect/callback', status({}));
    expect(await screen.findByText('No account information was received')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bank connection failed' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'bank-accounts/bank-account-status')).toBe(false);
    expect(screen.getByRole('link', { name: 'Go to Creator Dashboard' })).toBeInTheDocument();
  });

  it('shows a generic error when the status cannot be read', async () => {
    renderCallback('/connect/callback?account_id=acct_1', apiError(500, 'INTERNAL', 'Boom'));
    expect(await screen.findByRole('heading', { name: 'Bank connection failed' })).toBeInTheDocument();
    expect(
      screen.getByText('Something went wrong while checking your bank account connection. Please try again.'),
    ).toBeInTheDocument();
  });
});

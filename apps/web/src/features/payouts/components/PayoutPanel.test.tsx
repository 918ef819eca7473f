import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BankAccountStatus,
  type Payout,
  PAYOUT_MESSAGES,
  type PayoutEligibility,
  TIMINGS_MS,
} from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, type Responder, testUser } from '@/test/api';
import { TestProviders, testTranslator } from '@/test/i18n';
import { renderPage } from '@/test/render';
import { DueRequirements } from './BankConnection';
import { PayoutStatusBadge } from './PayoutHistory';
import { PayoutPanel } from './PayoutPanel';

/** A message as an English reader sees it, as the API also writes it. */
const english = (key: string) => testTranslator().t(key);

const ENABLED: BankAccountStatus = {
  account_connected: true,
  payouts_enabled: true,
  account_id: 'acct_1',
  requirements: { currently_due: [] },
};
const ELIGIBLE: PayoutEligibility = {
  eligible: true,
  available_amount: 180.5,
  currency: 'USD',
  reason: null,
  funds_info: { total_donations: 200, platform_fee: 19.5, total_paid_out: 0 },
  to_come: [],
};

function payout(id: number, overrides: Partial<Payout> = {}): Payout {
  return {
    id,
    currency: 'USD',
    project_id: 5,
    amount: id * 10,
    fee_amount: 0,
    status: 'COMPLETED',
    failure_reason: null,
    created_at: `2026-03-${String(id % 28 || 1).padStart(2, '0')}T10:00:00.000Z`,
    completed_at: null,
    ...overrides,
  };
}

function renderPanel({
  status = ENABLED,
  eligibility = ELIGIBLE,
  routes = {},
}: {
  status?: BankAccountStatus;
  eligibility?: PayoutEligibility;
  routes?: Record<string, Responder>;
} = {}) {
  authStorage.setTokens('access', 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: testUser } } },
    'GET bank-accounts/bank-account-status': { body: { data: status } },
    'GET payouts/projects/5/payout/eligibility': { body: { data: eligibility } },
    ...routes,
  });
  return {
    calls,
    ...renderPage(<PayoutPanel projectId={5} />, { path: '/projects/:id', at: '/projects/5' }),
  };
}

describe('PayoutPanel', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('offers to connect a bank account when none is connected', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    const { user, calls } = renderPanel({
      status: {
        account_connected: false,
        payouts_enabled: false,
        account_id: null,
        requirements: { currently_due: [] },
      },
      eligibility: { ...ELIGIBLE, eligible: false, reason: PAYOUT_MESSAGES.notConnected },
      routes: {
        'POST bank-accounts/connect-bank-account': {
          body: { data: { url: 'http://pay.example/connect/1' } },
        },
      },
    });
    expect(await screen.findByText('No bank account connected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Bank Account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay.example/connect/1'));
    expect(
      calls.some((call) => call.method === 'POST' && call.path === 'bank-accounts/connect-bank-account'),
    ).toBe(true);
  });

  it('says so when the connection link cannot be made', async () => {
    const { user } = renderPanel({
      status: {
        account_connected: false,
        payouts_enabled: false,
        account_id: null,
        requirements: { currently_due: [] },
      },
      routes: { 'POST bank-accounts/connect-bank-account': apiError(503, 'SERVICE_UNAVAILABLE', 'Down') },
    });
    await user.click(await screen.findByRole('button', { name: 'Connect Bank Account' }));
    expect(await screen.findByText('Failed to connect bank account')).toBeInTheDocument();
  });

  it('lists the requirements still due of an incomplete connection, with a way to continue', async () => {
    renderPanel({
      status: {
        account_connected: true,
        payouts_enabled: false,
        account_id: 'acct_1',
        requirements: {
          currently_due: [
            'external_account',
            'individual.verification.document',
            'business_profile.product_description',
          ],
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Requirements still due' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Bank account details',
      'Identity verification document',
      'Business profile product description',
    ]);
    expect(screen.getByRole('button', { name: 'Continue Bank Account Setup' })).toBeInTheDocument();
  });

  it('shows the overview of an eligible project with payouts enabled', async () => {
    renderPanel();
    expect(await screen.findByText('Payouts enabled')).toBeInTheDocument();
    expect(await screen.findByText('Eligible')).toBeInTheDocument();
    expect(screen.getByText('$180.50')).toBeInTheDocument();
    expect(screen.getByText('$200')).toBeInTheDocument();
    expect(screen.getByText('$19.50')).toBeInTheDocument();
    expect(screen.getByText('$0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Payout' })).toBeInTheDocument();
  });

  it('shows the not-eligible notice with its reason', async () => {
    renderPanel({
      eligibility: { ...ELIGIBLE, eligible: false, available_amount: 0, reason: PAYOUT_MESSAGES.running },
    });
    expect(await screen.findByText('You are not eligible for a payout at this time')).toBeInTheDocument();
    expect(screen.getByText(english(PAYOUT_MESSAGES.running))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Payout' })).not.toBeInTheDocument();
  });

  it('says so when the payout information cannot be loaded', async () => {
    renderPanel({
      routes: { 'GET payouts/projects/5/payout/eligibility': apiError(500, 'INTERNAL', 'Boom') },
    });
    expect(await screen.findByText('Failed to load payout information')).toBeInTheDocument();
  });

  it('refuses a blank, zero or too large amount', async () => {
    const { user, calls } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Request Payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Payout' });
    const input = within(dialog).getByLabelText('Amount');
    expect(input).toHaveValue(180.5);
    expect(input).toHaveAttribute('min', '1');
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Request Payout' }));
    expect(await within(dialog).findByText('Please enter a valid amount')).toBeInTheDocument();
    await user.type(input, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Request Payout' }));
    expect(await within(dialog).findByText('Please enter a valid amount')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '200');
    await user.click(within(dialog).getByRole('button', { name: 'Request Payout' }));
    expect(await within(dialog).findByText(english(PAYOUT_MESSAGES.overAvailable))).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('requests a payout: processing, then success that closes itself after 2 seconds', async () => {
    let release: () => void = () => {};
    const { user, calls } = renderPanel({
      routes: {
        'POST payouts/projects/5/payouts': () =>
          new Promise((resolve) => {
            release = () =>
              resolve({
                status: 201,
                body: { data: payout(1, { amount: 50 }), message: english(PAYOUT_MESSAGES.requested) },
              });
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Request Payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Payout' });
    const input = within(dialog).getByLabelText('Amount');
    await user.clear(input);
    await user.type(input, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Request Payout' }));
    expect(await within(dialog).findByText('Processing your payout request…')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ amount: 50 });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      release();
      await vi.waitFor(() =>
        expect(within(dialog).getAllByText(english(PAYOUT_MESSAGES.requested))).not.toHaveLength(0),
      );
    });
    // The toast says it too.
    expect(screen.getAllByText(english(PAYOUT_MESSAGES.requested)).length).toBeGreaterThanOrEqual(2);
    act(() => {
      vi.advanceTimersByTime(TIMINGS_MS.payoutSuccessClose - 100);
    });
    expect(screen.getByRole('dialog', { name: 'Request Payout' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    vi.useRealTimers();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Request Payout' })).not.toBeInTheDocument(),
    );
  });

  it('explains an insufficient-funds refusal', async () => {
    const { user } = renderPanel({
      routes: {
        'POST payouts/projects/5/payouts': apiError(
          422,
          'UNPROCESSABLE',
          english(PAYOUT_MESSAGES.insufficientFunds),
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Request Payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Payout' });
    await user.click(within(dialog).getByRole('button', { name: 'Request Payout' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Insufficient funds in the connected payment account');
    expect(alert).toHaveTextContent('test-mode issue');
    expect(await screen.findByText('Failed to process payout request')).toBeInTheDocument();
  });

  it('pages through the payout history with Load More', async () => {
    const first = Array.from({ length: 10 }, (_, index) => payout(12 - index));
    const second = [
      payout(2, { status: 'PENDING' }),
      payout(1, { status: 'FAILED', failure_reason: 'insufficient_funds' }),
    ];
    const { user, calls } = renderPanel({
      routes: {
        'GET payouts/projects/5/payouts': (call) => {
          const page = Number(call.query.get('page'));
          return {
            body: {
              data: { payouts: page === 1 ? first : second, total: 12, pages: 2, page, per_page: 10 },
            },
          };
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Payout History' }));
    const table = await screen.findByRole('table', { name: 'Payout history' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(calls.find((call) => call.path === 'payouts/projects/5/payouts')?.query.get('per_page')).toBe(
      '10',
    );
    expect(screen.queryByText('No more payout history to load')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('No more payout history to load')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByText('PENDING')).toBeInTheDocument();
    expect(within(table).getByText('FAILED')).toBeInTheDocument();
    // A failed payout says why.
    expect(
      within(within(table).getAllByRole('row').at(-1)!).getByText(
        'Not enough of the backers’ payments had settled yet. The amount is back in your available balance.',
      ),
    ).toBeInTheDocument();
    expect(within(table).getByText('$120')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('says so when more history cannot be loaded', async () => {
    const first = Array.from({ length: 10 }, (_, index) => payout(12 - index));
    const { user } = renderPanel({
      routes: {
        'GET payouts/projects/5/payouts': (call) =>
          call.query.get('page') === '1'
            ? { body: { data: { payouts: first, total: 12, pages: 2, page: 1, per_page: 10 } } }
            : apiError(500, 'INTERNAL', 'Boom'),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Payout History' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Failed to load additional payout history')).toBeInTheDocument();
  });
});

describe('payouts in other languages', () => {
  it('names the requirements still due in Brazilian Portuguese, each once', () => {
    render(
      <TestProviders locale="pt-BR">
        <DueRequirements keys={['external_account', 'individual.dob.day', 'individual.dob.month']} />
      </TestProviders>,
    );
    expect(screen.getByText('Ainda é necessário:')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Requisitos pendentes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dados da conta bancária', 'Data de nascimento']);
  });

  it('shows a known payout status in Spanish, and an unknown one as it is', () => {
    render(
      <TestProviders locale="es">
        <PayoutStatusBadge status="COMPLETED" />
        <PayoutStatusBadge status="IN_TRANSIT" />
      </TestProviders>,
    );
    expect(screen.getByText('COMPLETADA')).toBeInTheDocument();
    expect(screen.getByText('IN_TRANSIT')).toBeInTheDocument();
  });

  it('words the payouts of a suspended project: cancelled while pending, taken back once paid', () => {
    render(
      <TestProviders locale="de">
        <PayoutStatusBadge status="CANCELED" />
        <PayoutStatusBadge status="REVERSED" />
      </TestProviders>,
    );
    expect(screen.getByText('STORNIERT')).toBeInTheDocument();
    expect(screen.getByText('ZURÜCKGEBUCHT')).toBeInTheDocument();
  });
});

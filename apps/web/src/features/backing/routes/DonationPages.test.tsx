import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Donation, Locale } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { DONATION_POLL_MS } from '../api/backing';
import { DonationSuccessPage } from './DonationPages';

function makeDonation(overrides: Partial<Donation> = {}): Donation {
  return {
    id: 5,
    amount: 45,
    currency: 'USD',
    status: 'PLEDGED',
    project_id: 1,
    project_title: 'Solar Lantern',
    reward_id: 11,
    reward_title: 'Lantern',
    created_at: '2030-01-05T10:00:00.000Z',
    succeeded_at: null,
    funding_model: 'all_or_nothing',
    charge_date: '2030-03-10',
    reward: { id: 11, title: 'Lantern' },
    add_ons: [],
    shipping_amount: 5,
    shipping_address: {
      name: 'Ada Lovelace',
      line1: '12 St James Square',
      line2: null,
      city: 'London',
      region: null,
      postal_code: 'SW1Y 4JH',
      country: 'GB',
    },
    fulfilment_status: null,
    tracking_url: null,
    late: false,
    can_change: true,
    can_cancel: true,
    payment_error_code: null,
    fix_by: null,
    pay_over_time: false,
    instalments: [],
    ...overrides,
  };
}

function renderSuccess(
  donation: Donation | (() => Donation),
  routes: Parameters<typeof mockApi>[0] = {},
  locale?: Locale,
) {
  authStorage.setTokens('access', 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: testUser } } },
    'GET backers/donations/5': () => ({
      body: { data: typeof donation === 'function' ? donation() : donation },
    }),
    ...routes,
  });
  const view = renderPage(<DonationSuccessPage />, {
    path: '/donation/success',
    at: '/donation/success?donation_id=5',
    locale,
  });
  return { calls, ...view };
}

describe('DonationSuccessPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('confirms a saved card: the charge date, only if the goal is reached, and the address', async () => {
    renderSuccess(makeDonation());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! Your pledge is confirmed' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/You will be charged \$45 on March 10, 2030 only if the project reaches its goal\./),
    ).toBeInTheDocument();
    const summary = screen.getByLabelText('Your pledge');
    expect(within(summary).getByText('Lantern')).toBeInTheDocument();
    expect(within(summary).getByText('$5')).toBeInTheDocument();
    expect(
      within(summary).getByText('Ada Lovelace, 12 St James Square, London, SW1Y 4JH, United Kingdom'),
    ).toBeInTheDocument();
    expect(within(summary).getByText('Pledged')).toBeInTheDocument();
    expect(within(summary).getByText('March 10, 2030')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fix payment' })).not.toBeInTheDocument();
  });

  it('is the receipt of a charged pledge', async () => {
    renderSuccess(makeDonation({ status: 'SUCCEEDED', succeeded_at: '2030-03-10T04:00:00.000Z' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for backing this project!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/This page is your receipt/)).toBeInTheDocument();
    const summary = screen.getByLabelText('Your pledge');
    expect(within(summary).getByText('Charged')).toBeInTheDocument();
    expect(within(summary).getByText('Charged on')).toBeInTheDocument();
    expect(within(summary).getByText('$45')).toBeInTheDocument();
    expect(within(summary).getByText('Lantern')).toBeInTheDocument();
  });

  it('follows the reward on the receipt once sent, and confirms it arrived', async () => {
    let received = false;
    const { user, calls } = renderSuccess(
      () =>
        makeDonation({
          status: 'SUCCEEDED',
          succeeded_at: '2030-03-10T04:00:00.000Z',
          fulfilment_status: received ? 'received' : 'sent',
          tracking_url: 'https://tracking.example.com/RR1',
        }),
      {
        'POST backers/donations/5/received': () => {
          received = true;
          return { body: { data: {}, message: 'Thank you! The creator now knows your reward arrived.' } };
        },
      },
    );
    const summary = await screen.findByLabelText('Your pledge');
    expect(within(summary).getByText('Reward delivery')).toBeInTheDocument();
    expect(within(summary).getByText('Reward sent')).toBeInTheDocument();
    expect(
      within(summary).getByRole('link', {
        name: 'Track your parcel from Solar Lantern (opens in a new tab)',
      }),
    ).toHaveAttribute('href', 'https://tracking.example.com/RR1');
    await user.click(
      within(summary).getByRole('button', { name: 'I received it: my reward from Solar Lantern' }),
    );
    await waitFor(() => expect(within(summary).getByText('Received')).toBeInTheDocument());
    expect(calls.filter((call) => call.path === 'backers/donations/5/received')).toHaveLength(1);
  });

  it('asks to fix a declined payment, by when, and opens the payment page', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user, calls } = renderSuccess(
      makeDonation({
        status: 'PAYMENT_FAILED',
        can_change: false,
        can_cancel: false,
        payment_error_code: 'insufficient_funds',
        fix_by: '2030-03-17T12:00:00.000Z',
      }),
      {
        'POST backers/donations/5/payment-method': {
          body: { data: { checkout_url: 'http://localhost/sandbox/checkout/cs_fix' } },
        },
      },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment did not go through' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your card has insufficient funds. Save another card to pay $45 by March 17, 2030 to keep your pledge.',
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByLabelText('Your pledge')).getByText('Fix by')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fix payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout/cs_fix'));
    expect(calls.some((call) => call.path === 'backers/donations/5/payment-method')).toBe(true);
  });

  it('says why the card was declined in the reader’s language, from the code the API gives', async () => {
    renderSuccess(
      makeDonation({ status: 'PAYMENT_FAILED', payment_error_code: 'insufficient_funds', fix_by: null }),
      {},
      'es',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tu pago no se realizó' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Tu tarjeta no tiene fondos suficientes\. Guarda otra tarjeta para pagar/),
    ).toBeInTheDocument();
  });

  it('says a code it does not know as a plain decline', async () => {
    renderSuccess(makeDonation({ status: 'PAYMENT_FAILED', payment_error_code: 'a_code_from_next_year' }));
    expect(
      await screen.findByText('Your card was declined. Save another card to pay $45 to keep your pledge.'),
    ).toBeInTheDocument();
  });

  it('keeps asking while the checkout is being confirmed, then shows the pledge', async () => {
    let asked = 0;
    renderSuccess(() => {
      asked += 1;
      return makeDonation({ status: asked < 3 ? 'PENDING' : 'PLEDGED' });
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirming your payment…' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Thank you! Your pledge is confirmed' },
        { timeout: DONATION_POLL_MS * 4 },
      ),
    ).toBeInTheDocument();
    expect(asked).toBe(3);
  });
});

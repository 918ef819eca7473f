import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Donation, PLEDGE_MESSAGES } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { testTranslator } from '@/test/i18n';
import { renderPage } from '@/test/render';
import { fakeAccessToken, makeReward } from '@/test/rewards';
import { PledgeAction } from './PledgeAction';

/** A message as an English reader sees it, as the API also writes it. */
const english = (key: string) => testTranslator().t(key);

const project = {
  id: 1,
  title: 'Solar Lantern',
  status: 'ACTIVE' as const,
  funding_model: 'all_or_nothing' as const,
  currency: 'USD',
  end_date: '2030-03-09',
};

function makePledge(overrides: Partial<Donation> = {}): Donation {
  return {
    id: 5,
    amount: 40,
    currency: 'USD',
    status: 'PLEDGED',
    project_id: 1,
    project_title: 'Solar Lantern',
    reward_id: 11,
    reward_title: 'Early bird',
    created_at: '2030-01-05T10:00:00.000Z',
    succeeded_at: null,
    funding_model: 'all_or_nothing',
    charge_date: '2030-03-10',
    reward: { id: 11, title: 'Early bird' },
    add_ons: [],
    shipping_amount: 0,
    shipping_address: null,
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

function renderAction(
  pledge: Donation | null,
  routes: Parameters<typeof mockApi>[0] = {},
  at = '/projects/1',
) {
  authStorage.setTokens(fakeAccessToken({ sub: 8, permissions: ['back_project'] }), 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: { ...testUser, id: 8 } } } },
    'GET backers/projects/1/my-pledge': { body: { data: pledge } },
    'GET rewards/projects/1/rewards': {
      body: {
        data: [
          makeReward({ id: 11, title: 'Early bird', minimum_amount: 25, shipping_type: 'none' }),
          makeReward({ id: 12, title: 'Deluxe', minimum_amount: 60, shipping_type: 'none' }),
        ],
      },
    },
    ...routes,
  });
  const view = renderPage(<PledgeAction project={project} isCreator={false} />, {
    path: '/projects/:id',
    at,
  });
  return { calls, ...view };
}

describe('PledgeAction', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers Back This Project to someone without a pledge', async () => {
    renderAction(null);
    expect(await screen.findByRole('button', { name: 'Back This Project' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage pledge' })).not.toBeInTheDocument();
  });

  it('opens Manage pledge when Back answers that this project is already backed (from another tab)', async () => {
    let backedElsewhere = false;
    const { user } = renderAction(null, {
      'GET backers/projects/1/my-pledge': () => ({ body: { data: backedElsewhere ? makePledge() : null } }),
      'POST backers/projects/1/back': () => {
        backedElsewhere = true;
        return {
          status: 409,
          body: {
            error: 'CONFLICT',
            message: english(PLEDGE_MESSAGES.alreadyBacked),
            details: { donation_id: 5 },
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Back This Project' }));
    const back = await screen.findByRole('dialog', { name: /Back Solar Lantern/ });
    await user.click(await within(back).findByLabelText(/Early bird/));
    await user.click(within(back).getByRole('button', { name: 'Continue to Payment' }));
    const manage = await screen.findByRole('dialog', { name: 'Manage your pledge' });
    expect(within(manage).getByText('$40 · Early bird')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Back Solar Lantern/ })).not.toBeInTheDocument();
    expect(screen.getByText(english(PLEDGE_MESSAGES.alreadyBacked))).toBeInTheDocument();
  });

  it('shows a backer their pledge and changes its amount and reward', async () => {
    const { user, calls } = renderAction(makePledge(), {
      'PUT backers/donations/5': {
        body: {
          data: makePledge({ amount: 75, reward: { id: 12, title: 'Deluxe' } }),
          message: 'Your pledge was updated.',
        },
      },
    });
    expect(await screen.findByText('You backed this project · $40 · Early bird')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back This Project' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Manage pledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage your pledge' });
    expect(
      within(dialog).getByText(/You will be charged \$40 on March 10, 2030 only if/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Reward' }));
    await user.click(await screen.findByRole('option', { name: /Deluxe/ }));
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    expect(within(dialog).getByText(english(PLEDGE_MESSAGES.belowReward))).toBeInTheDocument();
    const amount = within(dialog).getByLabelText(/Pledge amount/);
    await user.clear(amount);
    await user.type(amount, '75');
    await user.click(save);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        amount: 75,
        reward_id: 12,
        add_ons: [],
      }),
    );
    expect(await screen.findByText('Your pledge was updated.')).toBeInTheDocument();
  });

  it('asks for an address when the new reward ships, and adds its shipping to the minimum', async () => {
    const { user, calls } = renderAction(makePledge(), {
      'GET rewards/projects/1/rewards': {
        body: {
          data: [
            makeReward({ id: 11, title: 'Early bird', minimum_amount: 25, shipping_type: 'none' }),
            makeReward({
              id: 13,
              title: 'Lantern shipped',
              minimum_amount: 30,
              shipping_type: 'domestic',
              shipping_rules: [{ country: 'US', cost: 7.5, currency: 'USD' }],
            }),
          ],
        },
      },
      'PUT backers/donations/5': {
        body: { data: makePledge({ amount: 40 }), message: 'Your pledge was updated.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Manage pledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage your pledge' });
    expect(within(dialog).getByRole('button', { name: 'Change card' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Full name/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Reward' }));
    await user.click(await screen.findByRole('option', { name: /Lantern shipped/ }));
    const fill = async (label: RegExp, text: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    };
    await fill(/Full name/, 'Ada Lovelace');
    await fill(/^Address/, '1 Main Street');
    await fill(/^City/, 'Boston');
    await fill(/Postal code/, '02108');
    const save = within(dialog).getByRole('button', { name: 'Save changes' });

    // Not shipped to Canada: said under the country, and nothing can be saved.
    await user.click(within(dialog).getByRole('combobox', { name: 'Country' }));
    await user.paste('Canad');
    await user.click(await screen.findByRole('option', { name: 'Canada' }));
    expect(within(dialog).getByText(english(PLEDGE_MESSAGES.notShippedThere))).toBeInTheDocument();
    expect(save).toBeDisabled();

    const country = within(dialog).getByRole('combobox', { name: 'Country' });
    await user.clear(country);
    await user.paste('United St');
    await user.click(await screen.findByRole('option', { name: 'United States' }));
    expect(within(dialog).queryByText(english(PLEDGE_MESSAGES.notShippedThere))).not.toBeInTheDocument();
    expect(
      within(dialog).getByText('Minimum $30 + $7.50 shipping = $37.50 for “Lantern shipped”'),
    ).toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        amount: 40,
        reward_id: 13,
        add_ons: [],
        shipping_address: {
          name: 'Ada Lovelace',
          line1: '1 Main Street',
          line2: null,
          city: 'Boston',
          region: null,
          postal_code: '02108',
          country: 'US',
        },
      }),
    );
  }, 20_000);

  it('cancels after a confirmation, and shows the server’s reason when it refuses', async () => {
    let refuse = true;
    let cancelled = false;
    const { user, calls } = renderAction(makePledge(), {
      // Once cancelled there is no pledge: the page offers Back again, and still says it was cancelled.
      'GET backers/projects/1/my-pledge': () => ({ body: { data: cancelled ? null : makePledge() } }),
      'POST backers/donations/5/cancel': () => {
        if (refuse)
          return { status: 422, body: { error: 'UNPROCESSABLE', message: english(PLEDGE_MESSAGES.lastDay) } };
        cancelled = true;
        return { body: { message: 'Your pledge was cancelled; you have not been charged.' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Manage pledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage your pledge' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel pledge' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel your pledge?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel pledge' }));
    expect((await screen.findAllByText(english(PLEDGE_MESSAGES.lastDay))).length).toBeGreaterThan(0);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel pledge' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel your pledge?' })).getByRole('button', {
        name: 'Cancel pledge',
      }),
    );
    expect(
      await screen.findByText('Your pledge was cancelled. You have not been charged.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Back This Project' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Manage your pledge' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'backers/donations/5/cancel')).toHaveLength(2);
  });

  it('asks a backer whose card was declined to fix it, and opens from a mail’s link', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user } = renderAction(
      makePledge({
        status: 'PAYMENT_FAILED',
        can_change: false,
        can_cancel: false,
        payment_error_code: 'card_declined',
        fix_by: '2030-03-17T00:00:00.000Z',
      }),
      {
        'POST backers/donations/5/payment-method': {
          body: { data: { checkout_url: 'http://localhost/sandbox/checkout/cs_fix' } },
        },
      },
      '/projects/1?manage_pledge=1',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Manage your pledge' });
    expect(within(dialog).getByText('Your payment did not go through')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel pledge' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fix payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout/cs_fix'));
  });

  it('explains that a flexible pledge is final', async () => {
    const { user } = renderAction(
      makePledge({
        status: 'SUCCEEDED',
        funding_model: 'flexible',
        charge_date: null,
        can_change: false,
        can_cancel: false,
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Manage pledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage your pledge' });
    expect(within(dialog).getByText(`${english(PLEDGE_MESSAGES.flexibleFinal)}.`)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/donation/success?donation_id=5',
    );
    expect(within(dialog).queryByRole('button', { name: 'Change card' })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLEDGE_MESSAGES, REWARD_MESSAGES } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { dateIn, fakeAccessToken, makeReward } from '@/test/rewards';
import { BackProjectButton } from './BackProjectButton';
import { BackProjectDialog } from './BackProjectDialog';
import { RewardCard } from './RewardCard';
import { RewardFormDialog } from './RewardFormDialog';

const project = { id: 1, title: 'Solar Lantern' };

describe('RewardCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tier with its minimum, delivery, shipping, backers and what remains', () => {
    mockApi({});
    renderPage(<RewardCard reward={makeReward()} />, { path: '/' });
    const card = screen.getByRole('article', { name: 'Early Bird Lantern' });
    expect(within(card).getByText('$25+')).toBeInTheDocument();
    expect(within(card).getByText('One lantern at the early price.')).toBeInTheDocument();
    expect(within(card).getByText(/^Estimated delivery:/)).toBeInTheDocument();
    expect(within(card).getByText('Ships domestically')).toBeInTheDocument();
    expect(within(card).getByText('2 backers')).toBeInTheDocument();
    expect(within(card).getByText('8 of 10 left')).toBeInTheDocument();
    expect(within(card).queryByText('Sold Out')).not.toBeInTheDocument();
    expect(within(card).queryByText('Ending Soon')).not.toBeInTheDocument();
    expect(within(card).queryByText('Digital')).not.toBeInTheDocument();
  });

  it('marks a sold-out reward and disables choosing it', () => {
    mockApi({});
    renderPage(
      <RewardCard reward={makeReward({ quantity_available: 5, quantity_claimed: 5 })} onSelect={vi.fn()} />,
      { path: '/' },
    );
    const card = screen.getByRole('article', { name: 'Early Bird Lantern' });
    expect(within(card).getAllByText('Sold Out').length).toBeGreaterThan(0);
    expect(within(card).getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    expect(within(card).getByText('None left')).toBeInTheDocument();
  });

  it('shows Ending Soon when delivery is 1 to 7 days away, and Digital for rewards without shipping', () => {
    mockApi({});
    renderPage(
      <>
        <RewardCard
          reward={makeReward({
            id: 1,
            title: 'Soon',
            estimated_delivery_date: dateIn(3),
            shipping_type: 'none',
            is_digital: true,
            quantity_available: null,
          })}
        />
        <RewardCard reward={makeReward({ id: 2, title: 'Later', estimated_delivery_date: dateIn(8) })} />
      </>,
      { path: '/' },
    );
    const soon = screen.getByRole('article', { name: 'Soon' });
    expect(within(soon).getByText('Ending Soon')).toBeInTheDocument();
    expect(within(soon).getByText('Digital')).toBeInTheDocument();
    expect(within(soon).getByText('Unlimited')).toBeInTheDocument();
    const later = screen.getByRole('article', { name: 'Later' });
    expect(within(later).queryByText('Ending Soon')).not.toBeInTheDocument();
    expect(within(later).queryByText('Digital')).not.toBeInTheDocument();
  });
});

describe('BackProjectDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function renderDialog(routes: Parameters<typeof mockApi>[0] = {}) {
    authStorage.setTokens(fakeAccessToken({ sub: 8 }), 'refresh');
    const calls = mockApi({
      'GET profile/': { body: { data: { user: { ...testUser, id: 8 } } } },
      'GET rewards/projects/1/rewards': {
        body: {
          data: [
            makeReward({ id: 11, title: 'Early Bird Lantern', minimum_amount: 25 }),
            makeReward({ id: 12, title: 'Sold Lantern', quantity_available: 1, quantity_claimed: 1 }),
          ],
        },
      },
      ...routes,
    });
    const view = renderPage(<BackProjectDialog project={project} opened onClose={vi.fn()} />, { path: '/' });
    return { calls, ...view };
  }

  it('keeps Confirm disabled below $1 and below the chosen reward’s minimum, then goes to the checkout', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user, calls } = renderDialog({
      'POST backers/projects/1/back': {
        status: 201,
        body: { data: { checkout_url: 'http://pay.example/checkout/abc', donation_id: 5 } },
      },
    });
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Continue to Payment' });
    expect(confirm).toBeDisabled();
    // Only available rewards can be chosen.
    await within(dialog).findByLabelText(/Early Bird Lantern/);
    expect(within(dialog).queryByLabelText(/Sold Lantern/)).not.toBeInTheDocument();

    const amount = within(dialog).getByLabelText(/Pledge Amount/);
    await user.type(amount, '0.5');
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText(PLEDGE_MESSAGES.amountMin)).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '10');
    expect(confirm).toBeEnabled();

    await user.click(within(dialog).getByLabelText(/Early Bird Lantern/));
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText(PLEDGE_MESSAGES.belowReward)).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '30');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay.example/checkout/abc'));
    expect(calls.find((call) => call.path === 'backers/projects/1/back')?.body).toEqual({
      amount: 30,
      currency: 'USD',
      reward_id: 11,
    });
  });

  it('says the payment is unavailable on a 503, and shows the server’s reason otherwise', async () => {
    const { user } = renderDialog({
      'POST backers/projects/1/back': apiError(503, 'UNAVAILABLE', 'provider down'),
    });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Pledge Amount/), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    expect(await within(dialog).findByText('Unable to process payment at this time')).toBeInTheDocument();
  });

  it('falls back to "Failed to process backing" when the server gives no message', async () => {
    const { user } = renderDialog({ 'POST backers/projects/1/back': { status: 500, body: {} } });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Pledge Amount/), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    expect(await within(dialog).findByText('Failed to process backing')).toBeInTheDocument();
  });
});

describe('RewardFormDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the SPEC §5 rules and sends an empty quantity as null', async () => {
    const calls = mockApi({
      'POST rewards/projects/1/rewards': {
        status: 201,
        body: { data: makeReward({ title: 'Desk Lamp' }), message: 'Reward created successfully!' },
      },
    });
    const onClose = vi.fn();
    const { user } = renderPage(<RewardFormDialog projectId={1} opened onClose={onClose} />, { path: '/' });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create Reward' }));
    expect(within(dialog).getByText(REWARD_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(REWARD_MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(REWARD_MESSAGES.minimumRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(REWARD_MESSAGES.deliveryRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Reward Title/), 'Desk Lamp');
    await user.type(within(dialog).getByLabelText(/^Description/), 'A lamp for your desk.');
    await user.type(within(dialog).getByLabelText(/Minimum Pledge Amount/), '0.5');
    await user.type(within(dialog).getByLabelText(/Estimated Delivery Date/), dateIn(-2));
    await user.type(within(dialog).getByLabelText(/Available Quantity/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Reward' }));
    // The number fields keep to their minimums (1) by themselves; a past delivery date is refused.
    expect(within(dialog).getByLabelText(/Minimum Pledge Amount/)).toHaveValue('1');
    expect(within(dialog).getByLabelText(/Available Quantity/)).toHaveValue('1');
    expect(within(dialog).getByText(REWARD_MESSAGES.deliveryPast)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText(/Minimum Pledge Amount/));
    await user.type(within(dialog).getByLabelText(/Minimum Pledge Amount/), '19.99');
    await user.clear(within(dialog).getByLabelText(/Available Quantity/));
    await user.clear(within(dialog).getByLabelText(/Estimated Delivery Date/));
    await user.type(within(dialog).getByLabelText(/Estimated Delivery Date/), dateIn(30));
    await user.click(within(dialog).getByRole('button', { name: 'Create Reward' }));

    expect(await screen.findByText('Reward "Desk Lamp" created successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Desk Lamp',
      description: 'A lamp for your desk.',
      minimum_amount: 19.99,
      quantity_available: null,
      estimated_delivery_date: dateIn(30),
      shipping_type: 'none',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps Update disabled until a field changes, and says so when the update fails', async () => {
    const calls = mockApi({
      'PUT rewards/projects/1/rewards/11': { status: 500, body: {} },
    });
    const { user } = renderPage(
      <RewardFormDialog projectId={1} opened reward={makeReward()} onClose={vi.fn()} />,
      { path: '/' },
    );
    const dialog = await screen.findByRole('dialog');
    const update = within(dialog).getByRole('button', { name: 'Update Reward' });
    expect(within(dialog).getByLabelText(/Reward Title/)).toHaveValue('Early Bird Lantern');
    expect(update).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reward Title/), '!');
    expect(update).toBeEnabled();
    await user.click(update);
    expect(await screen.findByText('Failed to update reward')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      title: 'Early Bird Lantern!',
      quantity_available: 10,
    });
  });
});

describe('BackProjectButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is offered only on an active project to someone other than its creator', () => {
    mockApi({});
    renderPage(
      <>
        <BackProjectButton project={{ ...project, status: 'PENDING' }} isCreator={false} />
        <BackProjectButton project={{ ...project, status: 'ACTIVE' }} isCreator />
      </>,
      { path: '/' },
    );
    expect(screen.queryByRole('button', { name: 'Back This Project' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, coming back to the project afterwards', async () => {
    mockApi({});
    const { user } = renderPage(
      <BackProjectButton project={{ ...project, status: 'ACTIVE' }} isCreator={false} />,
      { path: '/projects/:id', at: '/projects/1' },
    );
    await user.click(screen.getByRole('button', { name: 'Back This Project' }));
    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent('/signin');
    expect(location).toHaveAttribute('data-state', JSON.stringify({ from: '/projects/1' }));
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AddOn, PLEDGE_MESSAGES, REWARD_MESSAGES } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, testUser } from '@/test/api';
import { testTranslator } from '@/test/i18n';
import { MoneyProviders } from '@/test/money';
import { renderPage } from '@/test/render';
import { dateIn, fakeAccessToken, makeReward } from '@/test/rewards';
import { BackProjectButton } from './BackProjectButton';
import { type BackableProject, BackProjectDialog } from './BackProjectDialog';
import { RewardCard } from './RewardCard';
import { RewardFormDialog } from './RewardFormDialog';

/** A message as an English reader sees it, as the API also writes it. */
const english = (key: string) => testTranslator().t(key);

const project = {
  id: 1,
  title: 'Solar Lantern',
  funding_model: 'all_or_nothing' as const,
  currency: 'USD',
  end_date: '2030-03-09',
};

/** An add-on as the API lists it. */
const addOn = (values: Partial<AddOn>): AddOn => ({
  id: 1,
  project_id: 1,
  late_price: null,
  currency: 'USD',
  title: 'Add-on',
  description: '',
  price: 1,
  quantity_available: null,
  quantity_claimed: 0,
  remaining: null,
  is_available: true,
  available_with: [],
  shipping_rules: [],
  image_url: null,
  ...values,
});

describe('RewardCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tier with its minimum, delivery, shipping, backers and what remains', () => {
    mockApi({});
    renderPage(<RewardCard reward={makeReward()} />, { path: '/' });
    const card = screen.getByRole('article', { name: 'Early Bird Lantern' });
    expect(within(card).getByText('$25+')).toBeInTheDocument();
    expect(within(card).getByText('One lantern at the early price.')).toBeInTheDocument();
    expect(within(card).getByText(/^Estimated delivery:/)).toBeInTheDocument();
    expect(within(card).getByText('Ships to United States ($5)')).toBeInTheDocument();
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
    expect(within(soon).getByText('Digital delivery (no shipping)')).toBeInTheDocument();
  });

  it('says where a reward ships and for how much, the rest of the world last, a long list shortened', () => {
    mockApi({});
    renderPage(
      <>
        <RewardCard
          reward={makeReward({
            id: 1,
            title: 'Worldwide',
            shipping_type: 'international',
            shipping_rules: [
              { country: '*', cost: 20, currency: 'USD' },
              { country: 'US', cost: 0, currency: 'USD' },
              { country: 'CA', cost: 12.5, currency: 'USD' },
            ],
          })}
        />
        <RewardCard
          reward={makeReward({
            id: 2,
            title: 'Many',
            shipping_type: 'international',
            shipping_rules: ['US', 'CA', 'GB', 'DE', 'FR', 'IT', 'ES'].map((country) => ({
              country: country as 'US',
              cost: 9,
              currency: 'USD',
            })),
          })}
        />
      </>,
      { path: '/' },
    );
    expect(
      within(screen.getByRole('article', { name: 'Worldwide' })).getByText(
        'Ships to United States (free), Canada ($12.50), rest of the world ($20)',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Many' })).getByText(
        'Ships to United States ($9), Canada ($9), United Kingdom ($9), Germany ($9) and 3 more',
      ),
    ).toBeInTheDocument();
  });
});

describe('RewardCard in other languages', () => {
  it('reads in German: its minimum, shipping list, backers and what remains', () => {
    // As the page reads it: the matcher sees the no-break space of "25 $" as a space.
    const money = (amount: number) => testTranslator('de').money(amount).replace(/\s/g, ' ');
    render(
      <MoneyProviders locale="de">
        <RewardCard
          reward={makeReward({
            shipping_type: 'international',
            shipping_rules: [
              { country: 'US', cost: 5, currency: 'USD' },
              { country: '*', cost: 20, currency: 'USD' },
              { country: 'CA', cost: 0, currency: 'USD' },
            ],
          })}
          onSelect={vi.fn()}
        />
      </MoneyProviders>,
    );
    const card = screen.getByRole('article', { name: 'Early Bird Lantern' });
    expect(within(card).getByText(`ab ${money(25)}`)).toBeInTheDocument();
    // A German reader's display currency is the euro: 25 $ at 1.08 $ per euro.
    expect(within(card).getByTitle('ungefähr 23 €')).toBeInTheDocument();
    expect(
      within(card).getByText(
        `Versandziele: Vereinigte Staaten (${money(5)}), Kanada (kostenlos) und Rest der Welt (${money(20)})`,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('2 Unterstützer')).toBeInTheDocument();
    expect(within(card).getByText('Noch 8 von 10 verfügbar')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Diese Belohnung wählen' })).toBeEnabled();
  });

  it('counts backers in Arabic with its dual and plural forms', () => {
    render(
      <MoneyProviders locale="ar">
        <RewardCard reward={makeReward({ id: 1, title: 'Two', quantity_claimed: 2 })} />
        <RewardCard reward={makeReward({ id: 2, title: 'Five', quantity_claimed: 5 })} />
        <RewardCard
          reward={makeReward({ id: 3, title: 'Sold', quantity_available: 5, quantity_claimed: 5 })}
        />
      </MoneyProviders>,
    );
    expect(within(screen.getByRole('article', { name: 'Two' })).getByText('داعمان')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Five' })).getByText('5 داعمين')).toBeInTheDocument();
    const sold = screen.getByRole('article', { name: 'Sold' });
    expect(within(sold).getByText('نفدت')).toBeInTheDocument();
    expect(within(sold).getByText('لم يتبقَّ شيء')).toBeInTheDocument();
  });
});

describe('BackProjectDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function renderDialog(routes: Parameters<typeof mockApi>[0] = {}, backable: BackableProject = project) {
    authStorage.setTokens(fakeAccessToken({ sub: 8 }), 'refresh');
    const calls = mockApi({
      'GET profile/': { body: { data: { user: { ...testUser, id: 8 } } } },
      'GET rewards/projects/1/rewards': {
        body: {
          data: [
            makeReward({ id: 11, title: 'Early Bird Lantern', minimum_amount: 25, shipping_type: 'none' }),
            makeReward({ id: 12, title: 'Sold Lantern', quantity_available: 1, quantity_claimed: 1 }),
            makeReward({
              id: 13,
              title: 'Shipped Lantern',
              minimum_amount: 40,
              shipping_type: 'international',
              shipping_rules: [
                { country: 'US', cost: 5, currency: 'USD' },
                { country: 'CA', cost: 12.5, currency: 'USD' },
              ],
            }),
          ],
        },
      },
      ...routes,
    });
    const view = renderPage(<BackProjectDialog project={backable} opened onClose={vi.fn()} />, { path: '/' });
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
    expect(within(dialog).getByText(english(PLEDGE_MESSAGES.amountMin))).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '10');
    expect(confirm).toBeEnabled();

    await user.click(within(dialog).getByLabelText(/Early Bird Lantern/));
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText(english(PLEDGE_MESSAGES.belowReward))).toBeInTheDocument();

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

  it('tells when an all-or-nothing pledge is charged, and adds shipping to the minimum of a shipped reward', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user, calls } = renderDialog({
      'POST backers/projects/1/back': {
        status: 201,
        body: { data: { checkout_url: 'http://pay.example/checkout/abc', donation_id: 5 } },
      },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('charge-explanation')).toHaveTextContent(
      /You will be charged your pledge on March 10, 2030 only if the project reaches its goal/,
    );
    await user.click(await within(dialog).findByLabelText(/Shipped Lantern/));
    const confirm = within(dialog).getByRole('button', { name: 'Continue to Payment' });
    // No address yet: nothing can be sent.
    expect(confirm).toBeDisabled();
    const fill = async (label: RegExp, text: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    };
    await fill(/Full name/, 'Bea Backer');
    await fill(/^Address/, '1 Kettle Lane');
    await fill(/^City/, 'Toronto');
    await fill(/Postal code/, 'M5V 2T6');
    await user.click(within(dialog).getByRole('combobox', { name: 'Country' }));
    await user.paste('Canad');
    await user.click(await screen.findByRole('option', { name: 'Canada' }));
    expect(within(dialog).getByText(/Minimum \$40 \+ \$12\.50 shipping = \$52\.50/)).toBeInTheDocument();
    const amount = within(dialog).getByLabelText(/Pledge Amount/);
    await user.clear(amount);
    await user.type(amount, '50');
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText(english(PLEDGE_MESSAGES.belowRewardWithShipping))).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '52.5');
    expect(within(dialog).getByTestId('charge-explanation')).toHaveTextContent('You will be charged $52.50');
    await user.click(confirm);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay.example/checkout/abc'));
    expect(calls.find((call) => call.path === 'backers/projects/1/back')?.body).toEqual({
      amount: 52.5,
      currency: 'USD',
      reward_id: 13,
      shipping_address: {
        name: 'Bea Backer',
        line1: '1 Kettle Lane',
        line2: null,
        city: 'Toronto',
        region: null,
        postal_code: 'M5V 2T6',
        country: 'CA',
      },
    });
  }, 20_000);

  it('offers the add-ons the chosen reward comes with, adds them and their shipping to the minimum, and sends them', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user, calls } = renderDialog({
      'GET projects/1/add-ons': {
        body: {
          data: [
            addOn({ id: 31, title: 'Sticker sheet', price: 3 }),
            addOn({
              id: 32,
              title: 'Mug',
              price: 12,
              quantity_available: 10,
              quantity_claimed: 8,
              remaining: 2,
              available_with: [13],
              shipping_rules: [{ country: 'US', cost: 2, currency: 'USD' }],
            }),
          ],
        },
      },
      'POST backers/projects/1/back': {
        status: 201,
        body: { data: { checkout_url: 'http://pay.example/checkout/abc', donation_id: 5 } },
      },
    });
    const dialog = await screen.findByRole('dialog');
    const stickers = await within(dialog).findByRole('textbox', { name: 'How many “Sticker sheet”' });
    // The mug comes only with the shipped lantern.
    expect(within(dialog).queryByRole('textbox', { name: 'How many “Mug”' })).not.toBeInTheDocument();
    await user.clear(stickers);
    await user.type(stickers, '2');
    expect(within(dialog).getByLabelText(/Pledge Amount/)).toHaveValue('6');
    expect(within(dialog).getByText('Minimum $6 for 1 add-on, shipping included')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText(/Shipped Lantern/));
    const mugs = within(dialog).getByRole('textbox', { name: 'How many “Mug”' });
    await user.clear(mugs);
    // Two are left: a third cannot be chosen.
    await user.type(mugs, '3');
    expect(mugs).not.toHaveValue('3');
    await user.clear(mugs);
    await user.type(mugs, '2');
    const fill = async (label: RegExp, text: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    };
    await fill(/Full name/, 'Bea Backer');
    await fill(/^Address/, '1 Kettle Lane');
    await fill(/^City/, 'Boston');
    await fill(/Postal code/, '02118');
    await user.click(within(dialog).getByRole('combobox', { name: 'Country' }));
    await user.paste('United St');
    await user.click(await screen.findByRole('option', { name: 'United States' }));
    // 40 + 5 shipping, 2 stickers × 3, 2 mugs × (12 + 2 shipping).
    expect(
      within(dialog).getByText('Minimum $79 for “Shipped Lantern” and 2 add-ons, shipping included'),
    ).toBeInTheDocument();
    const amount = within(dialog).getByLabelText(/Pledge Amount/);
    await user.clear(amount);
    await user.type(amount, '78');
    expect(within(dialog).getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '79');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(calls.find((call) => call.path === 'backers/projects/1/back')?.body).toMatchObject({
      amount: 79,
      reward_id: 13,
      add_ons: [
        { add_on_id: 31, quantity: 2 },
        { add_on_id: 32, quantity: 2 },
      ],
    });
  }, 30_000);

  it('prices a late pledge’s add-ons at their late price, the campaign’s struck through', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user, calls } = renderDialog(
      {
        'GET projects/1/add-ons': {
          body: { data: [addOn({ id: 31, title: 'Sticker sheet', price: 3, late_price: 4 })] },
        },
        'POST backers/projects/1/back': {
          status: 201,
          body: { data: { checkout_url: 'http://pay.example/checkout/abc', donation_id: 5 } },
        },
      },
      { ...project, late_pledges: { open: true, until: null } },
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Sticker sheet · $4')).toBeInTheDocument();
    expect(within(dialog).getByText('$3')).toHaveStyle({ textDecoration: 'line-through' });
    const stickers = within(dialog).getByRole('textbox', { name: 'How many “Sticker sheet”' });
    await user.clear(stickers);
    await user.type(stickers, '2');
    expect(within(dialog).getByLabelText(/Pledge Amount/)).toHaveValue('8');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(calls.find((call) => call.path === 'backers/projects/1/back')?.body).toMatchObject({
      amount: 8,
      add_ons: [{ add_on_id: 31, quantity: 2 }],
    });
  }, 30_000);

  it('says before paying that a flexible pledge is final', async () => {
    mockApi({ 'GET rewards/projects/1/rewards': { body: { data: [] } } });
    authStorage.setTokens(fakeAccessToken({ sub: 8 }), 'refresh');
    renderPage(
      <BackProjectDialog project={{ ...project, funding_model: 'flexible' }} opened onClose={vi.fn()} />,
      { path: '/' },
    );
    expect(await screen.findByTestId('charge-explanation')).toHaveTextContent(
      'Flexible funding: you are charged now, and this pledge cannot be changed or cancelled afterwards.',
    );
  });

  it('takes a backer who already backed the project to Manage pledge', async () => {
    const { user } = renderDialog({
      'POST backers/projects/1/back': {
        status: 409,
        body: {
          error: 'CONFLICT',
          message: english(PLEDGE_MESSAGES.alreadyBacked),
          details: { donation_id: 77 },
        },
      },
    });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Pledge Amount/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/1?manage_pledge=1');
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
    const { user } = renderPage(<RewardFormDialog projectId={1} currency="USD" opened onClose={onClose} />, {
      path: '/',
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create Reward' }));
    expect(within(dialog).getByText(english(REWARD_MESSAGES.titleRequired))).toBeInTheDocument();
    expect(within(dialog).getByText(english(REWARD_MESSAGES.descriptionRequired))).toBeInTheDocument();
    expect(within(dialog).getByText(english(REWARD_MESSAGES.minimumRequired))).toBeInTheDocument();
    expect(within(dialog).getByText(english(REWARD_MESSAGES.deliveryRequired))).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Reward Title/), 'Desk Lamp');
    await user.type(within(dialog).getByLabelText(/^Description/), 'A lamp for your desk.');
    await user.type(within(dialog).getByLabelText(/Minimum Pledge Amount/), '0.5');
    await user.type(within(dialog).getByLabelText(/Estimated Delivery Date/), dateIn(-2));
    await user.type(within(dialog).getByLabelText(/Available Quantity/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Reward' }));
    // The number fields keep to their minimums (1) by themselves; a past delivery date is refused.
    expect(within(dialog).getByLabelText(/Minimum Pledge Amount/)).toHaveValue('1');
    expect(within(dialog).getByLabelText(/Available Quantity/)).toHaveValue('1');
    expect(within(dialog).getByText(english(REWARD_MESSAGES.deliveryPast))).toBeInTheDocument();
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
      shipping_rules: [],
      late_price: null,
    });
    expect(onClose).toHaveBeenCalled();
  }, 20_000);

  it('sets shipping prices per country and for the rest of the world', async () => {
    const calls = mockApi({
      'PUT rewards/projects/1/rewards/11': {
        body: { data: makeReward(), message: 'Reward updated successfully!' },
      },
    });
    const { user } = renderPage(
      <RewardFormDialog
        projectId={1}
        currency="USD"
        opened
        reward={makeReward({ shipping_type: 'none' })}
        onClose={vi.fn()}
      />,
      { path: '/' },
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('group', { name: 'Shipping prices' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Shipping Type' }));
    await user.click(await screen.findByRole('option', { name: 'International' }));
    const prices = within(dialog).getByRole('group', { name: 'Shipping prices' });
    await user.click(within(prices).getByLabelText(/Shipping cost/));
    await user.paste('5');
    await user.click(within(prices).getByRole('button', { name: 'Add country' }));
    await user.click(within(prices).getByRole('combobox', { name: 'Country 2' }));
    await user.paste('Rest of');
    await user.click(await screen.findByRole('option', { name: 'Rest of the world' }));
    await user.click(within(prices).getAllByLabelText(/Shipping cost/)[1]!);
    await user.paste('20.5');
    await user.click(within(prices).getByRole('button', { name: 'Add country' }));
    await user.click(within(prices).getByRole('button', { name: 'Remove shipping to country 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Reward' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        shipping_type: 'international',
        shipping_rules: [
          { country: 'US', cost: 5 },
          { country: '*', cost: 20.5 },
        ],
      }),
    );
  }, 20_000);

  it('ships a domestic reward from one country, the United States unless changed, at a price that must be set', async () => {
    const calls = mockApi({
      'POST rewards/projects/1/rewards': {
        status: 201,
        body: { data: makeReward({ title: 'Desk Lamp' }), message: 'Reward created successfully!' },
      },
    });
    const { user } = renderPage(<RewardFormDialog projectId={1} currency="USD" opened onClose={vi.fn()} />, {
      path: '/',
    });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reward Title/), 'Desk Lamp');
    await user.type(within(dialog).getByLabelText(/^Description/), 'A lamp for your desk.');
    await user.type(within(dialog).getByLabelText(/Minimum Pledge Amount/), '20');
    await user.type(within(dialog).getByLabelText(/Estimated Delivery Date/), dateIn(30));
    expect(within(dialog).queryByRole('combobox', { name: /Ships from \/ to/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Shipping Type' }));
    await user.click(await screen.findByRole('option', { name: 'Domestic' }));
    const country = within(dialog).getByRole('combobox', { name: /Ships from \/ to/ });
    expect(country).toHaveValue('United States');
    // One country only: no rows to add, none to remove.
    expect(within(dialog).queryByRole('button', { name: 'Add country' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Remove shipping/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create Reward' }));
    expect(within(dialog).getByText(english(REWARD_MESSAGES.shippingCostRequired))).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(country);
    await user.paste('Canad');
    await user.click(await screen.findByRole('option', { name: 'Canada' }));
    await user.click(within(dialog).getByLabelText(/Shipping cost/));
    await user.paste('7.25');
    await user.click(within(dialog).getByRole('button', { name: 'Create Reward' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        shipping_type: 'domestic',
        shipping_rules: [{ country: 'CA', cost: 7.25 }],
      }),
    );
  }, 20_000);

  it('keeps the first country when an international reward becomes domestic, and drops every rule for none', async () => {
    const calls = mockApi({
      'PUT rewards/projects/1/rewards/11': { body: { data: makeReward(), message: 'ok' } },
    });
    const reward = makeReward({
      shipping_type: 'international',
      shipping_rules: [
        { country: '*', cost: 25, currency: 'USD' },
        { country: 'GB', cost: 15, currency: 'USD' },
        { country: 'US', cost: 5, currency: 'USD' },
      ],
    });
    const { user } = renderPage(
      <RewardFormDialog projectId={1} currency="USD" opened reward={reward} onClose={vi.fn()} />,
      {
        path: '/',
      },
    );
    const dialog = await screen.findByRole('dialog');
    const prices = within(dialog).getByRole('group', { name: 'Shipping prices' });
    expect(
      within(prices)
        .getAllByRole('combobox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Rest of the world', 'United Kingdom', 'United States']);
    expect(
      within(prices).getByRole('button', { name: 'Remove shipping to the rest of the world' }),
    ).toBeEnabled();
    expect(within(prices).getByRole('button', { name: 'Remove shipping to United Kingdom' })).toBeEnabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'Shipping Type' }));
    await user.click(await screen.findByRole('option', { name: 'Domestic' }));
    expect(within(dialog).getByRole('combobox', { name: /Ships from \/ to/ })).toHaveValue('United Kingdom');
    expect(within(dialog).getByLabelText(/Shipping cost/)).toHaveValue('15');

    await user.click(within(dialog).getByRole('combobox', { name: 'Shipping Type' }));
    await user.click(await screen.findByRole('option', { name: /No shipping/ }));
    expect(within(dialog).queryByRole('group', { name: 'Shipping prices' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Shipping cost/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update Reward' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        shipping_type: 'none',
        shipping_rules: [],
      }),
    );
  }, 20_000);

  it('shows the API’s reasons under the shipping fields they belong to', async () => {
    mockApi({
      'PUT rewards/projects/1/rewards/11': apiError(
        400,
        'VALIDATION_ERROR',
        'shipping_rules.1.cost: too much',
        {
          'shipping_rules.1.cost': ['Shipping cost is too high'],
          shipping_rules: [english(REWARD_MESSAGES.shippingRulesRequired)],
        },
      ),
    });
    const reward = makeReward({
      shipping_type: 'international',
      shipping_rules: [
        { country: 'US', cost: 5, currency: 'USD' },
        { country: 'CA', cost: 12, currency: 'USD' },
      ],
    });
    const { user } = renderPage(
      <RewardFormDialog projectId={1} currency="USD" opened reward={reward} onClose={vi.fn()} />,
      {
        path: '/',
      },
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reward Title/), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Update Reward' }));
    const canadaCost = within(dialog).getAllByLabelText(/Shipping cost/)[1]!;
    await waitFor(() => expect(canadaCost).toHaveAccessibleDescription(/Shipping cost is too high/));
    expect(within(dialog).getByText(english(REWARD_MESSAGES.shippingRulesRequired))).toBeInTheDocument();
    // Shown at its field, not repeated above the form.
    expect(within(dialog).queryByText('shipping_rules.1.cost: too much')).not.toBeInTheDocument();
  }, 20_000);

  it('keeps Update disabled until a field changes, and says so when the update fails', async () => {
    const calls = mockApi({
      'PUT rewards/projects/1/rewards/11': { status: 500, body: {} },
    });
    const { user } = renderPage(
      <RewardFormDialog projectId={1} currency="USD" opened reward={makeReward()} onClose={vi.fn()} />,
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

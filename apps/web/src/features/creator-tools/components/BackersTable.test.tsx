import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddOn, BackerRow, Reward } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, type Responder, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { BackersTable } from './BackersTable';

function backer(id: number, overrides: Partial<BackerRow> = {}): BackerRow {
  return {
    donation_id: id,
    backer: { id: 100 + id, name: `Backer ${id}`, email: `b${id}@example.com` },
    amount: 40,
    currency: 'USD',
    reward: { id: 3, title: 'Kettle' },
    add_ons: [],
    status: 'SUCCEEDED',
    funding_model: 'flexible',
    pledged_at: '2026-03-02T10:00:00.000Z',
    shipping_address: {
      name: 'Bea',
      line1: '1 Kettle Lane',
      line2: null,
      city: 'Portland',
      region: 'OR',
      postal_code: '97201',
      country: 'US',
    },
    fulfilment_status: null,
    tracking_url: null,
    late: false,
    can_refund: true,
    can_mark_sent: true,
    survey: null,
    plan: null,
    ...overrides,
  };
}

const rewards = [{ id: 3, title: 'Kettle' }] as Reward[];
const page = (rows: BackerRow[]) => ({
  body: { data: rows, meta: { total: rows.length, pages: 1, page: 1, per_page: 20 } },
});

function renderTable(routes: Record<string, Responder> = {}, addOns: AddOn[] = []) {
  authStorage.setTokens('access', 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: testUser } } },
    'GET projects/5/backers': (call) =>
      call.query.get('status') === 'REFUNDED'
        ? page([])
        : page([backer(1), backer(2, { reward: null, can_mark_sent: false, shipping_address: null })]),
    ...routes,
  });
  return {
    calls,
    ...renderPage(<BackersTable projectId={5} rewards={rewards} addOns={addOns} />, {
      path: '/projects/:id',
      at: '/projects/5',
    }),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('BackersTable', () => {
  it('shows each backer with pledge, reward and address, and filters by status', async () => {
    const { user, calls } = renderTable();
    const first = await screen.findByTestId('backer-1');
    expect(within(first).getByText('Backer 1')).toBeInTheDocument();
    expect(within(first).getByText('b1@example.com')).toBeInTheDocument();
    expect(within(first).getByText('$40')).toBeInTheDocument();
    expect(within(first).getByText('Collected')).toBeInTheDocument();
    // The country by its name in the reader's language, as the backer's own pledge page writes the address.
    expect(
      within(first).getByText('Bea, 1 Kettle Lane, Portland, OR, 97201, United States'),
    ).toBeInTheDocument();
    const second = screen.getByTestId('backer-2');
    expect(within(second).getByText('No reward')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Mark reward sent/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Refunded' }));
    expect(await screen.findByText('No backers match these filters yet.')).toBeInTheDocument();
    expect(
      calls.some((call) => call.path === 'projects/5/backers' && call.query.get('status') === 'REFUNDED'),
    ).toBe(true);
  });

  it('names a closed backer in the reader’s language and shows no address for them', async () => {
    renderTable({
      'GET projects/5/backers': page([backer(1, { backer: { id: 101, name: '', email: '' } }), backer(2)]),
    });
    const closed = await screen.findByTestId('backer-1');
    // No empty line for an address under the name.
    expect(within(closed).getByText('Closed account').nextElementSibling).toBeNull();
    expect(
      within(closed).getByRole('button', { name: 'Mark reward sent to Closed account' }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('backer-2')).getByText('Backer 2').nextElementSibling).toHaveTextContent(
      'b2@example.com',
    );
  });

  it('marks one reward sent, and several selected at once with a tracking link', async () => {
    const { user, calls } = renderTable({
      'POST backers/donations/1/fulfilment': { body: { data: {}, message: 'The reward was marked as sent' } },
      'POST projects/5/backers/fulfilment': { body: { data: {}, message: '2 rewards were marked as sent' } },
      'GET projects/5/backers': page([backer(1), backer(3)]),
    });
    const first = await screen.findByTestId('backer-1');
    await user.click(within(first).getByRole('button', { name: 'Mark reward sent to Backer 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Mark the reward sent' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(await screen.findByText('The reward was marked as sent')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'backers/donations/1/fulfilment')?.body).toEqual({
      status: 'sent',
    });

    await user.click(screen.getByRole('checkbox', { name: 'Select every reward that can be marked sent' }));
    await user.click(screen.getByRole('button', { name: 'Mark selected sent (2)' }));
    dialog = await screen.findByRole('dialog', { name: 'Mark 2 rewards sent' });
    const link = within(dialog).getByRole('textbox', { name: /Tracking link \(optional\)/ });
    // The shared schema refuses what the server would: a plain http link is not sent.
    await user.type(link, 'http://track.example.com/RR1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(
      await within(dialog).findByText('The tracking link must be a web address starting with https://'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'projects/5/backers/fulfilment')).toBe(false);
    await user.clear(link);
    await user.type(link, 'https://track.example.com/RR1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(await screen.findByText('2 rewards were marked as sent')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'projects/5/backers/fulfilment')?.body).toEqual({
      status: 'sent',
      tracking_url: 'https://track.example.com/RR1',
      donation_ids: [1, 3],
    });
  });

  it('shows sent and received rewards with their tracking link, and filters by delivery', async () => {
    const { user, calls } = renderTable({
      'GET projects/5/backers': page([
        backer(1, {
          fulfilment_status: 'received',
          tracking_url: 'https://track.example.com/RR1',
          can_mark_sent: false,
        }),
        backer(2, { fulfilment_status: 'sent', can_mark_sent: false }),
      ]),
    });
    const first = await screen.findByTestId('backer-1');
    expect(within(first).getByText('Received')).toBeInTheDocument();
    expect(
      within(first).getByRole('link', { name: 'Tracking link of the reward of Backer 1' }),
    ).toHaveAttribute('href', 'https://track.example.com/RR1');
    expect(within(first).queryByRole('button', { name: /Mark reward sent/ })).not.toBeInTheDocument();
    const second = screen.getByTestId('backer-2');
    expect(within(second).getByText('Sent')).toBeInTheDocument();
    expect(within(second).queryByRole('link')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Delivery' }));
    await user.click(await screen.findByRole('option', { name: 'Received' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.path === 'projects/5/backers' && call.query.get('fulfilment') === 'received',
        ),
      ).toBe(true),
    );
  });

  it('refunds after a confirmation, once', async () => {
    let refunds = 0;
    const { user } = renderTable({
      'POST backers/donations/1/refund': () => {
        refunds += 1;
        return { body: { data: {}, message: 'The pledge was refunded in full' } };
      },
    });
    const first = await screen.findByTestId('backer-1');
    await user.click(within(first).getByRole('button', { name: 'Refund Backer 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Backer 1 gets \$40 back/)).toBeInTheDocument();
    await user.dblClick(within(dialog).getByRole('button', { name: 'Refund in full' }));
    expect(await screen.findByText('The pledge was refunded in full')).toBeInTheDocument();
    expect(refunds).toBe(1);
  });

  it('downloads the CSV with the session token and the current filters', async () => {
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user, calls } = renderTable({
      'GET projects/5/backers.csv': { body: 'csv' },
    });
    await screen.findByTestId('backer-1');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csvCall = calls.find((call) => call.path === 'projects/5/backers.csv');
    expect(csvCall?.authorization).toBe('Bearer access');
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('filters by an add-on, and the CSV carries the filter', async () => {
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user, calls } = renderTable(
      {
        'GET projects/5/backers': (call) =>
          call.query.get('add_on_id') === '9' ? page([backer(2)]) : page([backer(1), backer(2)]),
        'GET projects/5/backers.csv': { body: 'csv' },
      },
      [{ id: 9, title: 'Enamel mug' } as AddOn],
    );
    await screen.findByTestId('backer-1');
    await user.click(screen.getByRole('combobox', { name: 'Add-on' }));
    await user.click(await screen.findByRole('option', { name: 'Enamel mug' }));
    await waitFor(() => expect(screen.queryByTestId('backer-1')).not.toBeInTheDocument());
    expect(screen.getByTestId('backer-2')).toBeInTheDocument();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csvCall = calls.find((call) => call.path === 'projects/5/backers.csv');
    expect(csvCall?.query.get('add_on_id')).toBe('9');
  });

  it('offers no add-on filter to a project without add-ons', async () => {
    renderTable();
    await screen.findByTestId('backer-1');
    expect(screen.queryByRole('combobox', { name: 'Add-on' })).not.toBeInTheDocument();
  });
});

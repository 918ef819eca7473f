import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserRecord, AdminUserSummary, UserProfile } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, type Responder, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { AdminPage } from './AdminPage';

const adminUser: UserProfile = { ...testUser, id: 1, full_name: 'Avery Admin', roles: ['User', 'Admin'] };

function summary(id: number, overrides: Partial<AdminUserSummary> = {}): AdminUserSummary {
  return {
    id,
    username: `person${id}`,
    full_name: `Person ${id}`,
    email: `person${id}@example.com`,
    roles: ['User'],
    standing: 'active',
    silenced_until: null,
    created_at: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

function record(overrides: Partial<AdminUserRecord> = {}): AdminUserRecord {
  return {
    account: {
      ...summary(7, { full_name: 'Pat Person' }),
      email_verified: true,
      two_factor: false,
      locale: 'de',
    },
    projects: {
      by_status: { ACTIVE: 1, DRAFT: 1 },
      list: [
        { id: 31, title: 'Harbour lamp', status: 'ACTIVE', created_at: '2026-03-02T09:00:00.000Z' },
        { id: 32, title: '', status: 'DRAFT', created_at: '2026-03-03T09:00:00.000Z' },
      ],
    },
    pledges: { count: 2, by_currency: [{ currency: 'USD', count: 2, amount: 45.5 }] },
    reports_about: [
      {
        id: 4,
        target_type: 'project',
        project: { id: 31, title: 'Harbour lamp' },
        reporter: { id: 9, name: 'Rita Reporter' },
        reason: 'Looks like a copy',
        status: 'open',
        created_at: '2026-03-04T09:00:00.000Z',
      },
    ],
    reports_by: [],
    sanctions: [],
    current_sanction: null,
    ...overrides,
  };
}

const meta = (total: number) => ({ total, pages: 1, page: 1, per_page: 20 });

function renderUsers(routes: Record<string, Responder>, at = '/admin?tab=users') {
  authStorage.setTokens('access', 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: adminUser } } },
    'GET admin/summary': { body: { data: { pending: 0, reports: 0, featured_requests: 0 } } },
    ...routes,
  });
  return { calls, ...renderPage(<AdminPage />, { path: '/admin', at }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the admin’s Users tab', () => {
  it('searches by name or e-mail and lists each person with their role and standing', async () => {
    const { user, calls } = renderUsers({
      'GET admin/users': (call) => ({
        body: call.query.get('q')
          ? {
              data: [
                summary(7, { full_name: 'Pat Person', standing: 'silenced' }),
                summary(8, { roles: ['Admin', 'User'] }),
              ],
              meta: meta(2),
            }
          : { data: [summary(1)], meta: meta(1) },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await user.type(await screen.findByRole('searchbox', { name: 'Name or e-mail' }), 'pat');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const row = await screen.findByTestId('user-row-7');
    expect(calls.at(-1)?.query.get('q')).toBe('pat');
    expect(within(row).getByText('person7@example.com')).toBeInTheDocument();
    expect(within(row).getByText('User')).toBeInTheDocument();
    expect(within(row).getByText('Silenced')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-row-8')).getByText('Admin')).toBeInTheDocument();
    expect(screen.getByText('2 people found')).toBeInTheDocument();
  });

  it("opens a person's record with their account, projects, pledges, reports and sanctions", async () => {
    const { user } = renderUsers({
      'GET admin/users': { body: { data: [summary(7, { full_name: 'Pat Person' })], meta: meta(1) } },
      'GET admin/users/7': { body: { data: record() } },
    });
    await user.click(await screen.findByRole('button', { name: 'Open the record of Pat Person' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Pat Person' })).toBeInTheDocument();
    expect(screen.getByText('Deutsch')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Untitled project' })).toHaveAttribute('href', '/projects/32');
    expect(screen.getAllByRole('link', { name: 'Harbour lamp' })[0]).toHaveAttribute('href', '/projects/31');
    expect(screen.getByText('2 pledges: $45.50')).toBeInTheDocument();
    expect(screen.getByText('Looks like a copy')).toBeInTheDocument();
    expect(screen.getByText('No sanctions so far.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reinstate' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the search' }));
    expect(await screen.findByTestId('user-row-7')).toBeInTheDocument();
  });

  it('silences until a chosen day with a reason and a message, and shows the new standing', async () => {
    const silenced = record({
      account: { ...record().account, standing: 'silenced', silenced_until: '2026-12-20T23:59:59.000Z' },
      current_sanction: {
        id: 3,
        kind: 'silence',
        reason: 'spam',
        message: 'Stop posting links.',
        until: '2026-12-20T23:59:59.000Z',
        created_by: { id: 1, name: 'Avery Admin' },
        created_at: '2026-12-06T10:00:00.000Z',
        ended_at: null,
        ended_by: null,
      },
    });
    let done = false;
    const { user, calls } = renderUsers(
      {
        // The record as the server keeps it: silenced once the silence was posted.
        'GET admin/users/7': () => ({ body: { data: done ? silenced : record() } }),
        'POST admin/users/7/silence': () => {
          done = true;
          return { body: { data: silenced, message: 'The account is silenced' } };
        },
      },
      '/admin?tab=users&user=7',
    );
    await user.click(await screen.findByRole('button', { name: 'Silence' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Silence' }));
    expect(await within(dialog).findByText('Write a message to the person')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose until when')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Silenced until/), '2026-12-20');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'spam');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Message to the person/ }),
      'Stop posting links.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Silence' }));
    expect(await screen.findByText('The account is silenced')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      until: '2026-12-20T23:59:59.000Z',
      reason: 'spam',
      message: 'Stop posting links.',
    });
    expect(await screen.findByText(/Silenced until Dec 20, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
    // Typing a date and a message is slow on a busy machine.
  }, 30_000);

  it('suspends only once the admin confirms what follows, and shows the server’s refusal', async () => {
    const { user, calls } = renderUsers(
      {
        'GET admin/users/7': { body: { data: record() } },
        'POST admin/users/7/suspend': apiError(
          422,
          'UNPROCESSABLE',
          "An administrator's account cannot be sanctioned",
        ),
      },
      '/admin?tab=users&user=7',
    );
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Message to the person/ }), 'Stolen cards.');
    const confirm = within(dialog).getByRole('button', { name: 'Suspend' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /I understand/ }));
    await user.click(confirm);
    expect(await screen.findByText("An administrator's account cannot be sanctioned")).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        reason: 'other',
        message: 'Stolen cards.',
      }),
    );
  });

  it('offers no sanction on an administrator', async () => {
    renderUsers(
      {
        'GET admin/users/7': {
          body: { data: record({ account: { ...record().account, roles: ['Admin', 'User'] } }) },
        },
      },
      '/admin?tab=users&user=7',
    );
    expect(await screen.findByText('Administrators cannot be silenced or suspended.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });
});

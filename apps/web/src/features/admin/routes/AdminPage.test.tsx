import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, QueueProject, UserProfile } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, type Responder, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { AdminPage } from './AdminPage';

const adminUser: UserProfile = { ...testUser, id: 1, full_name: 'Avery Admin', roles: ['User', 'Admin'] };

function queued(id: number, overrides: Partial<QueueProject> = {}): QueueProject {
  return {
    id,
    currency: 'USD',
    title: `Lantern ${id}`,
    status: 'PENDING',
    creator: { id: 9, name: 'Cora Creator', email: 'cora@example.com' },
    category_name: 'Technology',
    goal_amount: 5000,
    funding_model: 'all_or_nothing',
    featured: false,
    featured_requested: false,
    submitted_at: `2026-03-0${id}T10:00:00.000Z`,
    created_at: '2026-03-01T09:00:00.000Z',
    open_reports: 0,
    ...overrides,
  };
}

const meta = (total: number) => ({ total, pages: 1, page: 1, per_page: 20 });

function renderAdmin(viewer: UserProfile, routes: Record<string, Responder> = {}) {
  authStorage.setTokens('access', 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: viewer } } },
    'GET admin/summary': { body: { data: { pending: 2, reports: 0, featured_requests: 0 } } },
    'GET admin/queues/pending': {
      body: { data: [queued(1), queued(2, { open_reports: 1 })], meta: meta(2) },
    },
    'GET admin/queues/featured-requests': { body: { data: [], meta: meta(0) } },
    ...routes,
  });
  return { calls, ...renderPage(<AdminPage />, { path: '/admin' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AdminPage', () => {
  it('lists projects waiting for review in the order given, with their creator and submission date', async () => {
    renderAdmin(adminUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId(/^queue-row-/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['queue-row-1', 'queue-row-2']);
    expect(within(rows[0]!).getByRole('link', { name: 'Lantern 1' })).toHaveAttribute('href', '/projects/1');
    expect(within(rows[0]!).getByText('Cora Creator')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/Mar 1, 2026/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1 open report')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Review queue/ })).toHaveTextContent('2');
  });

  it('activates after a confirmation', async () => {
    const { user, calls } = renderAdmin(adminUser, {
      'POST admin/projects/1/activate': { body: { data: {}, message: 'Project activated successfully' } },
    });
    const row = (await screen.findAllByTestId('queue-row-1'))[0]!;
    await user.click(within(row).getByRole('button', { name: 'Activate Lantern 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.path === 'admin/projects/1/activate')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Project activated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'admin/projects/1/activate')?.method).toBe('POST');
  });

  it('rejects only with a reason, which it sends', async () => {
    const { user, calls } = renderAdmin(adminUser, {
      'POST admin/projects/2/reject': { body: { data: {}, message: 'Project rejected' } },
    });
    const row = (await screen.findAllByTestId('queue-row-2'))[0]!;
    await user.click(within(row).getByRole('button', { name: 'Reject Lantern 2' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject project' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'admin/projects/2/reject')).toBe(false);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      '  Add photos of the prototype. ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject project' }));
    expect(await screen.findByText('Project rejected')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'admin/projects/2/reject')?.body).toEqual({
        reason: 'Add photos of the prototype.',
      }),
    );
  });

  it('shows the audit log with its times in the reader’s language and each target named', async () => {
    const entry = (id: number, overrides: Partial<AuditEntry>): AuditEntry => ({
      id,
      action: 'category.rename',
      actor: { id: 1, name: 'Avery Admin' },
      target_type: 'category',
      target_id: 3,
      project: null,
      reason: null,
      details: { name: 'Crafts' },
      created_at: '2026-03-05T23:30:00.000Z',
      ...overrides,
    });
    const { user } = renderAdmin(adminUser, {
      'GET admin/audit-log': {
        body: {
          data: [
            entry(2, { action: 'donation.refund', target_type: 'donation', target_id: 44, details: null }),
            entry(1, {}),
          ],
          meta: meta(2),
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Audit log' }));
    const rows = await screen.findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'When (UTC)WhoWhatTargetReason',
      'Mar 5, 2026, 11:30 PM UTCAvery AdminPledge refundedPledge #44—',
      'Mar 5, 2026, 11:30 PM UTCAvery AdminCategory renamedCategory #3 (Crafts)—',
    ]);
  });

  it('tells someone who is not an administrator that the area is not theirs, and asks nothing of the API', async () => {
    const { calls } = renderAdmin(testUser);
    expect(await screen.findByText('Administrators only')).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('admin/'))).toBe(false);
  });
});

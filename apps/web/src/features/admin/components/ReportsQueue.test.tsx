import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Report, UserProfile } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { ReportsQueue } from './ReportsQueue';

const adminUser: UserProfile = { ...testUser, roles: ['Admin'] };
const meta = { total: 2, pages: 1, page: 1, per_page: 20 };

const entry = (
  id: number,
  name: string,
  reason: string,
  category: Report['reports'][number]['category'],
) => ({
  id,
  reporter: { id: 100 + id, name },
  reason,
  category,
  created_at: '2026-05-02T10:00:00.000Z',
});

const hiddenComment: Report = {
  id: 1,
  target_type: 'comment',
  project: { id: 5, title: 'Loud Loom', status: 'ACTIVE' },
  comment: { id: 31, body: 'You are all fools', removed: false, hidden: true },
  message: null,
  user: null,
  reporters_count: 3,
  reports: [
    entry(1, 'Ann', 'Insult', 'other'),
    entry(2, 'Ben', 'Advert', 'spam'),
    entry(3, 'Cat', 'Abuse', 'prohibited'),
  ],
  status: 'open',
  resolution: null,
  resolution_reason: null,
  created_at: '2026-05-02T10:00:00.000Z',
  resolved_at: null,
};

const person: Report = {
  ...hiddenComment,
  id: 4,
  target_type: 'user',
  project: null,
  comment: null,
  user: { id: 9, name: 'Rex Reported' },
  reporters_count: 1,
  reports: [entry(4, 'Dan', 'Impersonates me', 'fraud')],
};

describe('ReportsQueue', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

  it('shows each reported thing once, by how many people, with every reason and category', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: adminUser } } },
      'GET admin/reports': { body: { data: [hiddenComment, person], meta } },
    });
    renderPage(<ReportsQueue />, { path: '/' });
    const comment = await screen.findByTestId('report-1');
    expect(within(comment).getByText('Reported by 3 people')).toBeInTheDocument();
    expect(within(comment).getByText('Hidden while reviewed')).toBeInTheDocument();
    expect(within(comment).getByRole('link', { name: 'Loud Loom' })).toHaveAttribute('href', '/projects/5');
    const entries = within(within(comment).getByRole('list', { name: 'Reports' })).getAllByRole('listitem');
    expect(entries.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Other.*Ann.*Insult/),
      expect.stringMatching(/Spam.*Ben.*Advert/),
      expect.stringMatching(/Prohibited content.*Cat.*Abuse/),
    ]);
    const reported = screen.getByTestId('report-4');
    expect(within(reported).getByText('Person')).toBeInTheDocument();
    expect(within(reported).getByText('Rex Reported')).toBeInTheDocument();
    expect(within(reported).getByText('Reported by 1 person')).toBeInTheDocument();
    expect(within(reported).getByText('Fraud')).toBeInTheDocument();
    // A person's reports are only dismissed here.
    expect(within(reported).queryByRole('button', { name: /Remove|Reject/ })).not.toBeInTheDocument();
  });

  it('dismissing a hidden comment says it is shown again, and sends the reason', async () => {
    authStorage.setTokens('access', 'refresh');
    const calls = mockApi({
      'GET profile/': { body: { data: { user: adminUser } } },
      'GET admin/reports': { body: { data: [hiddenComment], meta: { ...meta, total: 1 } } },
      'POST admin/reports/1/resolve': { body: { data: { ...hiddenComment, status: 'resolved' } } },
    });
    const { user } = renderPage(<ReportsQueue />, { path: '/' });
    const comment = await screen.findByTestId('report-1');
    await user.click(within(comment).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The comment is shown to everyone again');
    await user.type(within(dialog).getByRole('textbox'), 'Within the rules');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        action: 'dismiss',
        reason: 'Within the rules',
      }),
    );
  });
});

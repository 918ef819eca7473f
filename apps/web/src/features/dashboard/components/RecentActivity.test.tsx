import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, type Responder, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { RecentActivity } from './RecentActivity';

const MINUTE = 60_000;

function note(id: number, minutesAgo: number, read = false): Notification {
  return {
    id,
    type: id === 1 ? 'DONATION' : 'BACKER_JOINED',
    message: `Notification ${id}`,
    project_id: 1,
    link: null,
    created_at: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
    read_at: read ? new Date().toISOString() : null,
  };
}

const all = [
  note(1, 0),
  note(2, 5),
  note(3, 120),
  note(4, 60 * 24 * 2, true),
  note(5, 60 * 24 * 10, true),
  note(6, 60 * 24 * 11, true),
  note(7, 60 * 24 * 12, true),
];

function renderActivity(routes: Record<string, Responder> = {}) {
  authStorage.setTokens('access', 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: testUser } } },
    'GET notifications/': (call) => {
      const perPage = Number(call.query.get('per_page'));
      return { body: { data: { notifications: all.slice(0, perPage), total: all.length, unread_count: 3 } } };
    },
    ...routes,
  });
  return { calls, ...renderPage(<RecentActivity />, { path: '/dashboard' }) };
}

describe('RecentActivity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows five notifications with relative times, unread ones marked, and View All past five', async () => {
    const { user, calls } = renderActivity();
    const panel = await screen.findByRole('region', { name: 'Recent Activity' });
    await within(panel).findByText('Notification 1');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
    expect(within(panel).getByText('just now')).toBeInTheDocument();
    expect(within(panel).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(panel).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(panel).getByText('2 days ago')).toBeInTheDocument();
    expect(within(panel).getByText('1 week ago')).toBeInTheDocument();
    expect(within(panel).getByRole('listitem', { name: 'Unread: Notification 1' })).toBeInTheDocument();
    expect(within(panel).getByRole('listitem', { name: 'Notification 4' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'notifications/')?.query.get('unread_only')).toBe('false');

    await user.click(within(panel).getByRole('button', { name: 'View All (7)' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Notification 7')).toBeInTheDocument();
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(7);
  });

  it('marks a notification read on click, and says so when that fails', async () => {
    let fail = false;
    const { user, calls } = renderActivity({
      'POST notifications/1/read': () => (fail ? { status: 500, body: {} } : { body: { message: 'ok' } }),
      'POST notifications/2/read': { status: 500, body: {} },
    });
    const panel = await screen.findByRole('region', { name: 'Recent Activity' });
    await user.click(await within(panel).findByText('Notification 1'));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === 'notifications/1/read')).toBe(true),
    );
    fail = true;
    await user.click(within(panel).getByText('Notification 2'));
    expect(await screen.findByText('Failed to mark notification as read')).toBeInTheDocument();
  });

  it('hides View All with five or fewer, and says when notifications cannot load', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET notifications/': { status: 500, body: {} },
    });
    renderPage(<RecentActivity />, { path: '/dashboard' });
    await waitFor(() => expect(screen.getAllByText('Failed to load notifications').length).toBe(2));
    expect(screen.queryByRole('button', { name: /View All/ })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { type ApiCall, mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { NotificationBell } from './components/NotificationBell';
import { NOTIFICATIONS_PER_PAGE, NotificationsPage } from './routes/NotificationsPage';

const note = (id: number, read = false, extra: Partial<Notification> = {}): Notification => ({
  id,
  type: 'PLEDGE',
  message: `Notification ${id}`,
  project_id: 3,
  link: null,
  created_at: new Date(Date.now() - id * 60_000).toISOString(),
  read_at: read ? new Date().toISOString() : null,
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStorage.clear();
});

describe('NotificationBell', () => {
  it('shows the unread count in its name and leads to the notification centre', async () => {
    authStorage.setTokens('access', 'refresh');
    let unread = 3;
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET notifications/': () => ({
        body: { data: { notifications: [], total: unread, unread_count: unread } },
      }),
    });
    const { queryClient } = renderPage(<NotificationBell />, { path: '/' });
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(screen.getByText('3')).toBeInTheDocument();
    const call = calls.find((c: ApiCall) => c.path === 'notifications/');
    expect(call?.query.get('unread_only')).toBe('true');
    expect(call?.authorization).toBe('Bearer access');

    unread = 0;
    await queryClient.invalidateQueries({ queryKey: ['notifications'] });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText('3')).not.toBeInTheDocument();
  });
});

describe('NotificationsPage', () => {
  it('pages through notifications, links each to its cause, and marks all as read', async () => {
    authStorage.setTokens('access', 'refresh');
    const all = [
      note(1, false, { type: 'PROJECT_UPDATE', link: '/projects/3/updates/9', message: 'A new update' }),
      ...Array.from({ length: 24 }, (_, i) => note(i + 2, i > 2)),
    ];
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET notifications/': (call) => {
        const page = Number(call.query.get('page'));
        const perPage = Number(call.query.get('per_page'));
        return {
          body: {
            data: {
              notifications: all.slice((page - 1) * perPage, page * perPage),
              total: all.length,
              unread_count: all.filter((n) => n.read_at === null).length,
            },
          },
        };
      },
      'POST notifications/read-all': () => {
        for (const n of all) n.read_at ??= new Date().toISOString();
        return { body: { message: 'All notifications marked as read' } };
      },
    });
    const { user } = renderPage(<NotificationsPage />, { path: '/notifications' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(NOTIFICATIONS_PER_PAGE);
    expect(screen.getByText('4 unread')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the update' })).toHaveAttribute(
      'href',
      '/projects/3/updates/9',
    );
    // Fundry's own links name their source (DESIGN.md §19).
    expect(screen.getAllByRole('link', { name: 'View project' })[0]).toHaveAttribute(
      'href',
      '/projects/3?ref=notification',
    );

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Notification 25')).toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')).toHaveLength(
      5,
    );
    expect(calls.some((c) => c.path === 'notifications/' && c.query.get('page') === '2')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['notifications/read-all']);
  });
});

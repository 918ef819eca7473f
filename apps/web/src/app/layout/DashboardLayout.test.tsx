import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '@/features/dashboard/routes/DashboardPage';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { testConfig } from '@/test/money';
import { makeProject, projectList } from '@/test/projects';
import { renderPage } from '@/test/render';
import { DashboardLayout } from './DashboardLayout';

function renderDashboard() {
  return renderPage(<DashboardLayout />, {
    path: '/',
    at: '/dashboard',
    children: [{ path: 'dashboard', element: <DashboardPage /> }],
  });
}

describe('DashboardLayout with the dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the person's name, the account links, and the three stat cards", async () => {
    authStorage.setTokens('access', 'refresh');
    const calls = mockApi({
      'GET config': { body: { data: testConfig() } },
      'GET profile/': { body: { data: { user: testUser } } },
      'GET projects/': projectList(
        [
          makeProject({ id: 9, title: 'Newest draft', status: 'DRAFT' }),
          makeProject({ id: 8, title: 'Live lantern', status: 'ACTIVE' }),
          makeProject({ id: 7, title: 'Under review', status: 'PENDING' }),
        ],
        5,
        3,
      ),
      'DELETE auth/logout': { body: {} },
    });
    const { user, router } = renderDashboard();

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada Lovelace' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['My Projects', '/my-projects'],
      ['Saved Projects', '/saved-projects'],
      ['Backed Projects', '/backed-projects'],
      ['Following', '/following'],
      ['Payouts', '/dashboard/creator'],
      ['Profile', '/profile'],
      ['Settings', '/settings'],
    ]);
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
    expect(screen.getByText('Total Raised').parentElement).toHaveTextContent('$4,321');
    expect(screen.getByText('Projects Created').parentElement).toHaveTextContent('2');
    expect(screen.getByText('Projects Backed').parentElement).toHaveTextContent('5');
    expect(screen.getByRole('link', { name: 'Create New Project' })).toHaveAttribute(
      'href',
      '/projects/create',
    );

    // My Latest Projects: the three newest, drafts opening in draft mode.
    const latest = screen.getByRole('region', { name: 'My Latest Projects' });
    expect(await within(latest).findAllByRole('article')).toHaveLength(3);
    expect(within(latest).getByRole('link', { name: 'View Details of Newest draft' })).toHaveAttribute(
      'href',
      '/projects/drafts/9',
    );
    expect(within(latest).getByRole('link', { name: 'View Details of Live lantern' })).toHaveAttribute(
      'href',
      '/projects/8',
    );
    const query = calls.find((call) => call.path === 'projects/')?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      my_projects: 'true',
      page: '1',
      per_page: '3',
      sort_by: 'created_at',
      sort_order: 'desc',
    });

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authStorage.getAccessToken()).toBeNull();
  });

  it('shows an empty state when there are no projects yet', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({ 'GET profile/': { body: { data: { user: testUser } } }, 'GET projects/': projectList([]) });
    renderDashboard();
    expect(await screen.findByText('You have not created any projects yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Project' })).toBeInTheDocument();
  });

  it('offers Sign In instead of Logout to a visitor', () => {
    mockApi({});
    renderPage(<DashboardLayout />, {
      path: '/',
      at: '/settings',
      children: [{ path: 'settings', element: <p>settings</p> }],
    });
    expect(screen.getByText('settings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });
});

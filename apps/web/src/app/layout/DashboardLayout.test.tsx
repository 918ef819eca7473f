import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '@/features/dashboard/routes/DashboardPage';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
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
    mockApi({ 'GET profile/': { body: { data: { user: testUser } } }, 'DELETE auth/logout': { body: {} } });
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
      ['Profile', '/profile'],
      ['Settings', '/settings'],
    ]);
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
    expect(screen.getByText('Total Raised').parentElement).toHaveTextContent('$1,234.50');
    expect(screen.getByText('Projects Created').parentElement).toHaveTextContent('2');
    expect(screen.getByText('Projects Backed').parentElement).toHaveTextContent('5');
    expect(screen.getByRole('link', { name: 'Create New Project' })).toHaveAttribute(
      'href',
      '/projects/create',
    );

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authStorage.getAccessToken()).toBeNull();
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

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { authStorage } from '@/lib/auth-storage';
import { TestProviders } from '@/test/i18n';
import { RequireAuth, type SignInRedirectState } from './guards';

function SignInProbe() {
  const state = useLocation().state as SignInRedirectState;
  return (
    <p>
      signin from={state.from} notice={state.notice}
    </p>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SignInProbe /> },
      { element: <RequireAuth />, children: [{ path: '/dashboard', element: <p>dashboard</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('RequireAuth', () => {
  it('sends a visitor without a token to /signin, keeping where they were going', () => {
    renderAt('/dashboard?tab=x');
    expect(
      screen.getByText('signin from=/dashboard?tab=x notice=You need to sign in to access that page'),
    ).toBeInTheDocument();
  });

  it('lets a visitor with a stored token through', () => {
    authStorage.setTokens('token');
    renderAt('/dashboard');
    expect(screen.getByText('dashboard')).toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authStorage } from '@/lib/auth-storage';
import { RequireAuth, SIGN_IN_NOTICE, type SignInRedirectState } from './guards';

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
  render(<RouterProvider router={router} />);
}

describe('RequireAuth', () => {
  it('sends a visitor without a token to /signin, keeping where they were going', () => {
    renderAt('/dashboard?tab=x');
    expect(screen.getByText(`signin from=/dashboard?tab=x notice=${SIGN_IN_NOTICE}`)).toBeInTheDocument();
  });

  it('lets a visitor with a stored token through', () => {
    authStorage.setTokens('token');
    renderAt('/dashboard');
    expect(screen.getByText('dashboard')).toBeInTheDocument();
  });
});

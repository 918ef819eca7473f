import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, type Responder, testUser, tokenReply } from '@/test/api';
import { renderPage } from '@/test/render';
import { SignInPage } from './SignInPage';

const baseRoutes: Record<string, Responder> = {
  'GET auth/providers': { body: { data: { google: true } } },
  'GET profile/': { body: { data: { user: testUser } } },
};

function renderSignIn(state?: { from?: string; notice?: string; error?: string }) {
  return renderPage(<SignInPage />, { path: '/signin', at: { pathname: '/signin', state } });
}

async function signIn(user: ReturnType<typeof renderSignIn>['user'], password = 'Secret1!') {
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('SignInPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the notice of a guarded page and asks for both fields', async () => {
    mockApi(baseRoutes);
    const { user } = renderSignIn({ from: '/dashboard', notice: 'You need to sign in to access that page' });
    expect(screen.getByText('You need to sign in to access that page')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('says "Invalid email or password" on a 401', async () => {
    const calls = mockApi({
      ...baseRoutes,
      'POST auth/login': apiError(401, 'UNAUTHORIZED', 'Wrong credentials'),
    });
    const { user } = renderSignIn();
    await signIn(user, 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(calls.find((call) => call.path === 'auth/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'wrong',
    });
    expect(authStorage.getAccessToken()).toBeNull();
  });

  it('says "Login failed. Please try again later." on any other failure', async () => {
    mockApi({ ...baseRoutes, 'POST auth/login': apiError(500, 'INTERNAL_ERROR', 'Boom') });
    const { user } = renderSignIn();
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again later.');
  });

  it('shows the not-verified message with a button that resends the verification email', async () => {
    const calls = mockApi({
      ...baseRoutes,
      'POST auth/login': apiError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email address first.'),
      'POST auth/resend-verification': { body: { message: 'A new link is on its way.' } },
    });
    const { user } = renderSignIn();
    await signIn(user);
    expect(await screen.findByText('Please verify your email address first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('A new link is on its way.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'auth/resend-verification')?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('asks for the two-factor code when the account has it, then finishes the sign-in', async () => {
    let attempts = 0;
    const calls = mockApi({
      ...baseRoutes,
      'POST auth/login': {
        body: { two_factor_required: true, challenge_token: 'challenge-1', message: 'Enter your code.' },
      },
      'POST auth/2fa/verify': () =>
        ++attempts === 1 ? apiError(401, 'UNAUTHORIZED', 'Wrong code') : tokenReply('a-2fa', 'r-2fa'),
    });
    const { user } = renderSignIn();
    await signIn(user);

    const code = await screen.findByLabelText(/^Authentication code/);
    expect(screen.getByText('Enter your code.')).toBeInTheDocument();
    expect(code).toHaveAttribute('maxLength', '6');
    await user.type(code, '1234567');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid 2FA code');
    expect(authStorage.getAccessToken()).toBeNull();

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful! Redirecting…')).toBeInTheDocument();
    expect(authStorage.getAccessToken()).toBe('a-2fa');
    expect(authStorage.getRefreshToken()).toBe('r-2fa');
    const verifyCalls = calls.filter((call) => call.path === 'auth/2fa/verify');
    expect(verifyCalls.map((call) => call.body)).toEqual([
      { code: '123456', challenge_token: 'challenge-1' },
      { code: '654321', challenge_token: 'challenge-1' },
    ]);
    expect(verifyCalls[0]?.authorization).toBeNull();
  });

  it('stores both tokens and, after a second, goes to the page the person came from', async () => {
    mockApi({ ...baseRoutes, 'POST auth/login': tokenReply('access-1', 'refresh-1') });
    const { user, router } = renderSignIn({ from: '/projects/create?x=1', notice: 'Sign in first' });
    await signIn(user);
    expect(await screen.findByText('Login successful! Redirecting…')).toBeInTheDocument();
    expect(authStorage.getAccessToken()).toBe('access-1');
    expect(authStorage.getRefreshToken()).toBe('refresh-1');
    expect(router.state.location.pathname).toBe('/signin');
    expect(await screen.findByTestId('location', {}, { timeout: 2_000 })).toHaveTextContent(
      '/projects/create?x=1',
    );
  });

  it('goes to /dashboard when no page is waiting, and never off-site', async () => {
    mockApi({ ...baseRoutes, 'POST auth/login': tokenReply() });
    const { user } = renderSignIn({ from: '//evil.example.com/' });
    await signIn(user);
    expect(await screen.findByTestId('location', {}, { timeout: 2_000 })).toHaveTextContent(/^\/dashboard$/);
  });

  it('sends Google sign-in through the API with the return path', async () => {
    mockApi(baseRoutes);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { user } = renderSignIn({ from: '/profile' });
    const google = await screen.findByRole('button', { name: 'Sign in with Google' });
    await user.click(google);
    expect(assign).toHaveBeenCalledWith('/api/v1/auth/google/login?redirect_path=%2Fprofile');
  });

  it('hides Google sign-in when the server has not configured it, with no explanation to read', async () => {
    const calls = mockApi({ ...baseRoutes, 'GET auth/providers': { body: { data: { google: false } } } });
    renderSignIn();
    await waitFor(() => expect(calls.some((call) => call.path === 'auth/providers')).toBe(true));
    // Give the answer time to render: the button must still not appear.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expect(screen.queryByText(/not configured|not available/i)).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('hides Google sign-in when the providers cannot be read', async () => {
    const calls = mockApi({ ...baseRoutes, 'GET auth/providers': { status: 500, body: {} } });
    renderSignIn();
    await waitFor(() => expect(calls.some((call) => call.path === 'auth/providers')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('hands the way back to register, so a new account comes back here too', async () => {
    mockApi(baseRoutes);
    const { user } = renderSignIn({ from: '/projects/7' });
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    const probe = await screen.findByTestId('location');
    expect(probe).toHaveTextContent(/^\/register$/);
    expect(JSON.parse(probe.dataset.state!)).toEqual({ from: '/projects/7' });
  });

  it('takes a person who registered from a page back there after verifying, then forgets it', async () => {
    localStorage.setItem('fundry.return-path', '/projects/7');
    mockApi({ ...baseRoutes, 'POST auth/login': tokenReply() });
    const { user } = renderSignIn();
    await signIn(user);
    expect(await screen.findByTestId('location', {}, { timeout: 2_000 })).toHaveTextContent(
      /^\/projects\/7$/,
    );
    expect(localStorage.getItem('fundry.return-path')).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { AuthCallbackPage } from './AuthCallbackPage';

function renderCallback(at: string) {
  mockApi({ 'GET profile/': { body: { data: { user: testUser } } } });
  return renderPage(<AuthCallbackPage />, { path: '/auth/callback', at });
}

describe('AuthCallbackPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('stores both tokens from the URL fragment and goes to the redirect path', async () => {
    renderCallback(
      '/auth/callback#access_token=acc-1&refresh_token=ref-1&redirect_path=%2Fprojects%2Fcreate',
    );
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/projects\/create$/);
    expect(authStorage.getAccessToken()).toBe('acc-1');
    expect(authStorage.getRefreshToken()).toBe('ref-1');
  });

  it('also accepts the tokens as query parameters, going to /dashboard by default', async () => {
    renderCallback('/auth/callback?access_token=acc-2&refresh_token=ref-2');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/dashboard$/);
    expect(authStorage.getAccessToken()).toBe('acc-2');
    expect(authStorage.getRefreshToken()).toBe('ref-2');
  });

  it('never follows a redirect path that leaves the site', async () => {
    renderCallback('/auth/callback#access_token=a&refresh_token=r&redirect_path=https%3A%2F%2Fevil.example');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('shows "Authentication error: {error}" for an error parameter', async () => {
    renderCallback('/auth/callback?error=access_denied');
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication error: access_denied');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/signin');
    expect(authStorage.getAccessToken()).toBeNull();
  });

  it('says "Authentication failed: No tokens received." when there are no tokens', async () => {
    renderCallback('/auth/callback');
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication failed: No tokens received.');
    expect(authStorage.getAccessToken()).toBeNull();
  });

  it('sends a half answer back to /signin as "Invalid authentication response"', async () => {
    renderCallback('/auth/callback#access_token=only-one');
    const probe = await screen.findByTestId('location');
    expect(probe).toHaveTextContent('/signin');
    expect(JSON.parse(probe.dataset.state ?? 'null')).toEqual({ error: 'Invalid authentication response' });
    await waitFor(() => expect(authStorage.getAccessToken()).toBeNull());
  });
});

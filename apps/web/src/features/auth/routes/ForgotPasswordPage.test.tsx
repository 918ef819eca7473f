import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';

function renderForgot() {
  return renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
}

async function request(user: ReturnType<typeof renderForgot>['user'], email = 'ada@example.com') {
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('ForgotPasswordPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an address that does not look like one, without calling', async () => {
    const calls = mockApi({});
    const { user } = renderForgot();
    await request(user, 'not-an-address');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the address trimmed and lowercased, then goes to /password-reset-success after 2 s', async () => {
    const calls = mockApi({
      'POST auth/password-reset-request': {
        body: { message: 'If an account exists, reset instructions will be sent.' },
      },
    });
    const { user } = renderForgot();
    await request(user, 'Ada.Lovelace@Example.COM');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists, reset instructions will be sent.',
    );
    expect(calls[0]?.body).toEqual({ email: 'ada.lovelace@example.com' });
    expect(screen.getByRole('button', { name: 'Reset Link Sent' })).toBeDisabled();
    expect(await screen.findByTestId('location', {}, { timeout: 3_000 })).toHaveTextContent(
      '/password-reset-success',
    );
  });

  it('shows a 404 as success, never revealing whether the account exists', async () => {
    mockApi({ 'POST auth/password-reset-request': apiError(404, 'NOT_FOUND', 'No such user') });
    const { user } = renderForgot();
    await request(user);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists, reset instructions will be sent.',
    );
    expect(screen.queryByText('No such user')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Too many attempts. Please try again later." on a 429 and lets the person retry', async () => {
    mockApi({ 'POST auth/password-reset-request': apiError(429, 'RATE_LIMITED', 'Slow down') });
    const { user } = renderForgot();
    await request(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });

  it('says "Request timed out. Please try again." when the call times out', async () => {
    mockApi({
      'POST auth/password-reset-request': () => {
        throw new DOMException('The operation timed out.', 'TimeoutError');
      },
    });
    const { user } = renderForgot();
    await request(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Request timed out. Please try again.');
  });

  it('says "An error occurred. Please try again later." on any other failure', async () => {
    mockApi({ 'POST auth/password-reset-request': apiError(500, 'INTERNAL_ERROR', 'Boom') });
    const { user } = renderForgot();
    await request(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');
  });
});

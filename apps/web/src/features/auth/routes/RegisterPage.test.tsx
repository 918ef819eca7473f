import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type Responder } from '@/test/api';
import { renderPage } from '@/test/render';
import { RegisterPage } from './RegisterPage';

async function register(reply: Responder) {
  const calls = mockApi({ 'POST auth/register': reply });
  const { user } = renderPage(<RegisterPage />, { path: '/register' });
  await user.type(screen.getByLabelText(/^Full name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/^Username/), 'ada');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'x');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  return calls;
}

describe('RegisterPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires every field but applies no password rule', async () => {
    const calls = mockApi({});
    const { user } = renderPage(<RegisterPage />, { path: '/register' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const message of [
      'Full name is required',
      'Username is required',
      'Email is required',
      'Password is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls).toEqual([]);
  });

  it('tells the person to check their email, then goes to /signin after 2 s', async () => {
    const calls = await register({
      status: 201,
      body: {
        message: 'Registration successful! Please check your email to verify your account.',
        data: { user: {} },
      },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Please check your email');
    expect(calls[0]?.body).toEqual({
      full_name: 'Ada Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'x',
    });
    expect(await screen.findByTestId('location', {}, { timeout: 5_000 })).toHaveTextContent('/signin');
  });

  it("shows the server's message, e.g. for a taken address", async () => {
    await register(apiError(409, 'CONFLICT', 'An account with this email already exists'));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
  });

  it('falls back to "Registration failed. Please try again." without a message', async () => {
    await register({ status: 500, body: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });

  it('says "Network error. Please try again later." when the server does not answer', async () => {
    await register(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again later.');
  });
});

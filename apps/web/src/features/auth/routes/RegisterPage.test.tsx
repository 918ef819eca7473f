import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type Responder } from '@/test/api';
import { renderPage } from '@/test/render';
import { RegisterPage } from './RegisterPage';

async function register(reply: Responder, state?: { from?: string }) {
  const calls = mockApi({ 'POST auth/register': reply });
  const { user } = renderPage(<RegisterPage />, {
    path: '/register',
    at: { pathname: '/register', state },
  });
  await user.type(screen.getByLabelText(/^Full name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/^Username/), 'ada');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'x');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  return calls;
}

describe('RegisterPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires every field but leaves the password rules to the server', async () => {
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

  it('shows the password rules before the first submit, ticking each as it is met', async () => {
    mockApi({});
    const { user } = renderPage(<RegisterPage />, { path: '/register' });
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(rules).getAllByRole('listitem')).toHaveLength(5);
    expect(within(rules).getByText('Password must be at least 8 characters long')).toBeVisible();
    expect(within(rules).getAllByText('(not met)')).toHaveLength(5);
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Harbour-7!');
    expect(within(rules).queryByText('(not met)')).not.toBeInTheDocument();
  });

  const registered = {
    status: 201,
    body: {
      message: 'Registration successful! Please check your email to verify your account.',
      data: { user: {} },
    },
  };

  it('tells the person to check their email and stays there: going on is their choice', async () => {
    const calls = await register(registered);
    expect(await screen.findByRole('status')).toHaveTextContent('Please check your email');
    expect(calls[0]?.body).toEqual({
      full_name: 'Ada Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'x',
    });
    // Longer than the old automatic redirect: the page has not moved.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/signin');
  }, 10_000);

  it('keeps the way back through the verification mail and hands it to sign-in', async () => {
    const calls = await register(registered, { from: '/projects/7' });
    expect(calls).toHaveLength(1);
    await screen.findByRole('status');
    expect(localStorage.getItem('fundry.return-path')).toBe('/projects/7');
    expect(screen.getByText(/take you back to where you were/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to sign in' }));
    const probe = await screen.findByTestId('location');
    expect(probe).toHaveTextContent(/^\/signin$/);
    expect(JSON.parse(probe.dataset.state!)).toEqual({ from: '/projects/7' });
  });

  it('never keeps an off-site way back', async () => {
    await register(registered, { from: '//evil.example.com/' });
    await screen.findByRole('status');
    expect(localStorage.getItem('fundry.return-path')).toBeNull();
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

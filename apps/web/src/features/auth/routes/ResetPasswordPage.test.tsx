import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGES } from '@fundry/shared';
import { apiError, mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { ResetPasswordPage } from './ResetPasswordPage';
import { testTranslator } from '@/test/i18n';

const RULES = [
  PASSWORD_MESSAGES.length,
  PASSWORD_MESSAGES.uppercase,
  PASSWORD_MESSAGES.lowercase,
  PASSWORD_MESSAGES.number,
  PASSWORD_MESSAGES.special,
];

function renderReset(options: Partial<Parameters<typeof renderPage>[1]> = {}) {
  return renderPage(<ResetPasswordPage />, {
    path: '/password-reset/:token',
    at: '/password-reset/tok-123',
    ...options,
  });
}

const ruleMet = (rule: string) =>
  screen.getByText(testTranslator().t(rule)).closest('li')?.getAttribute('data-met');

describe('ResetPasswordPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lists the five password rules and ticks each one as the password meets it', async () => {
    mockApi({});
    const { user } = renderReset();
    const list = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    for (const rule of RULES) expect(ruleMet(rule)).toBe('false');

    await user.type(screen.getByLabelText(/^New password/), 'abc1');
    expect(RULES.map(ruleMet)).toEqual(['false', 'false', 'true', 'true', 'false']);

    await user.type(screen.getByLabelText(/^New password/), 'XYZ!');
    for (const rule of RULES) expect(ruleMet(rule)).toBe('true');
  });

  it('refuses a password that breaks the rules, and passwords that do not match, without calling', async () => {
    const calls = mockApi({});
    const { user } = renderReset();
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Your password does not meet all the requirements below')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'Abcdef1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says the link expired on a 400 and goes to /forgot-password after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi({
      'POST auth/password-reset/tok-123': apiError(400, 'INVALID_TOKEN', 'Token is invalid'),
    });
    const { user } = renderReset({ userEventOptions: { advanceTimers: vi.advanceTimersByTime } });
    await user.type(screen.getByLabelText(/^New password/), 'Abcdef1!');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Abcdef1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/expired/);
    expect(calls[0]?.body).toEqual({ password: 'Abcdef1!' });
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(await screen.findByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it('shows the server message when the password is refused', async () => {
    mockApi({
      'POST auth/password-reset/tok-123': apiError(422, 'UNPROCESSABLE', 'This password is too common.', {
        password: ['This password is too common. Please choose another one.'],
      }),
    });
    const { user } = renderReset();
    await user.type(screen.getByLabelText(/^New password/), 'Password1!');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Password1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is too common.');
    expect(screen.getByText('This password is too common. Please choose another one.')).toBeInTheDocument();
  });

  it('falls back to "Failed to reset password. Please try again." without a server message', async () => {
    mockApi({ 'POST auth/password-reset/tok-123': { status: 500, body: {} } });
    const { user } = renderReset();
    await user.type(screen.getByLabelText(/^New password/), 'Abcdef1!');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Abcdef1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password. Please try again.');
  });

  it('confirms the new password and then goes to /signin', async () => {
    mockApi({ 'POST auth/password-reset/tok-123': { body: { message: 'Your password has been reset.' } } });
    const { user } = renderReset();
    await user.type(screen.getByLabelText(/^New password/), 'Abcdef1!');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Abcdef1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    expect(await screen.findByTestId('location', {}, { timeout: 3_000 })).toHaveTextContent('/signin');
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSUBSCRIBE_MESSAGES } from '@fundry/shared';
import { apiError, mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { UnsubscribePage } from './UnsubscribePage';

afterEach(() => vi.unstubAllGlobals());

describe('UnsubscribePage', () => {
  it('names what the link turns off and POSTs only when confirmed', async () => {
    const calls = mockApi({
      'GET unsubscribe/check': { body: { data: { preference: 'email_reminders' } } },
      'POST unsubscribe': {
        body: {
          data: { preference: 'email_reminders', title: 'Reminders about saved projects' },
          message: 'You will no longer receive e-mails about reminders about saved projects.',
        },
      },
    });
    const { user } = renderPage(<UnsubscribePage />, {
      path: '/unsubscribe',
      at: '/unsubscribe?token=abc.def',
    });
    expect(
      await screen.findByText(/Stop e-mails about reminders about saved projects\?/),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.query.get('token')).toBe('abc.def');
  });

  it('says why an expired link is refused', async () => {
    mockApi({ 'GET unsubscribe/check': apiError(400, 'INVALID_TOKEN', UNSUBSCRIBE_MESSAGES.expired) });
    renderPage(<UnsubscribePage />, { path: '/unsubscribe', at: '/unsubscribe?token=old' });
    expect(await screen.findByText(UNSUBSCRIBE_MESSAGES.expired)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});

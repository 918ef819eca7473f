import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { CommentsThread } from './components/CommentsThread';

describe('a silenced person where they would write', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

  it('is told why the comment was not posted, in the words of the API (DESIGN.md §18)', async () => {
    authStorage.setTokens('access', 'refresh');
    const reason =
      "Your account can't publish until Mar 5, 2026, 11:59 PM UTC: you can still sign in and read.";
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET projects/1/comments': {
        body: {
          data: { comments: [], can_comment: true },
          meta: { total: 0, pages: 1, page: 1, per_page: 10 },
        },
      },
      'POST projects/1/comments': apiError(403, 'ACCOUNT_SILENCED', reason),
    });
    const { user } = renderPage(
      <CommentsThread target={{ projectId: 1, updateId: null }} isCreator={false} />,
      {
        path: '/',
      },
    );
    await user.type(await screen.findByRole('textbox', { name: 'Write a comment' }), 'Buy my stuff');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });
});

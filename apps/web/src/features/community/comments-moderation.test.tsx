import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comment, UserProfile } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { CommentsThread } from './components/CommentsThread';

const meta = { total: 1, pages: 1, page: 1, per_page: 10 };
const backer: UserProfile = { ...testUser, id: 8, username: 'bea', full_name: 'Bea Backer' };
const creator: UserProfile = { ...testUser, id: 7 };
const stranger: UserProfile = { ...testUser, id: 20, username: 'sam', full_name: 'Sam Stranger' };

/** A comment hidden while reviewed, as the API sends it to `reader`: its author reads it, others only that it is. */
function hiddenThread(reader: 'author' | 'other'): Comment {
  return {
    id: 31,
    parent_id: null,
    update_id: null,
    body: reader === 'author' ? 'You are all fools' : '',
    author:
      reader === 'author'
        ? {
            id: 8,
            name: 'Bea Backer',
            profile_image: null,
            is_creator: false,
            is_team: false,
            is_backer: true,
          }
        : null,
    created_at: '2026-05-02T10:00:00.000Z',
    edited_at: null,
    removed: false,
    hidden: true,
    replies: [],
  };
}

const visibleThread: Comment = {
  id: 32,
  parent_id: null,
  update_id: null,
  body: 'Great loom',
  author: {
    id: 8,
    name: 'Bea Backer',
    profile_image: null,
    is_creator: false,
    is_team: false,
    is_backer: true,
  },
  created_at: '2026-05-01T10:00:00.000Z',
  edited_at: null,
  removed: false,
  hidden: false,
  replies: [],
};

function show(viewer: UserProfile, comments: Comment[], isCreator = false, canComment = true) {
  authStorage.setTokens('access', 'refresh');
  mockApi({
    'GET profile/': { body: { data: { user: viewer } } },
    'GET projects/1/comments': { body: { data: { comments, can_comment: canComment }, meta } },
  });
  return renderPage(
    <CommentsThread
      target={{ projectId: 1, updateId: null }}
      isCreator={isCreator}
      reportButton={(commentId, name) => <button type="button">{`${name} (${commentId})`}</button>}
      blockButton={(userId, name) => <button type="button">{`Block ${name} (${userId})`}</button>}
    />,
    { path: '/' },
  );
}

describe('Comments under moderation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

  it('others read only that a hidden comment is hidden while it is reviewed: no text, no author, no reply', async () => {
    show(stranger, [hiddenThread('other')]);
    expect(await screen.findByText('This comment is hidden while it is reviewed')).toBeInTheDocument();
    expect(screen.queryByText('You are all fools')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reply to/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Report the comment/ })).not.toBeInTheDocument();
  });

  it('its author reads it with the notice that only they and the admins can', async () => {
    show(backer, [hiddenThread('author')]);
    expect(await screen.findByText('You are all fools')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This comment is hidden while it is reviewed. Only you and the administrators can read it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reply to/ })).not.toBeInTheDocument();
  });

  it('the creator gets Block on others’ comments, named after their author', async () => {
    show(creator, [visibleThread], true);
    expect(await screen.findByRole('button', { name: 'Block Bea Backer (8)' })).toBeInTheDocument();
  });

  it('nobody but the creator gets Block', async () => {
    show(stranger, [visibleThread], false, false);
    expect(await screen.findByText('Great loom')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Block/ })).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comment, UpdateView } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { makeProject } from '@/test/projects';
import { renderPage } from '@/test/render';
import { ProjectComments } from './components/ProjectCommunity';
import { UpdatesTab } from './components/UpdatesTab';
import { UpdatePage } from './routes/UpdatePage';

const meta = (total: number) => ({ total, pages: 1, page: 1, per_page: 10 });
const canceled = makeProject({ status: 'CANCELED', end_message: 'The factory closed.' });

/** DESIGN.md §18: a campaign ended early keeps its comments and updates to read, and takes no more. */
describe('the community of a campaign ended early', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

  it('shows the comments with a note that they are closed, and no form, nor Edit for their author', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET projects/1/comments': {
        body: {
          data: {
            comments: [
              {
                id: 1,
                parent_id: null,
                update_id: null,
                body: 'Sad to see it go.',
                author: {
                  id: testUser.id,
                  name: 'Ada Lovelace',
                  profile_image: null,
                  is_creator: false,
                  is_team: false,
                  is_backer: true,
                },
                created_at: '2030-01-05T10:00:00.000Z',
                edited_at: null,
                removed: false,
                hidden: false,
                replies: [],
              } satisfies Comment,
            ],
            can_comment: false,
          },
          meta: meta(1),
        },
      },
    });
    renderPage(<ProjectComments project={canceled} isCreator={false} />, { path: '/' });
    expect(await screen.findByText('Sad to see it go.')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('This campaign has ended early: comments are closed.');
    expect(screen.queryByText('Only backers can comment on this project')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reply to/ })).not.toBeInTheDocument();
    await screen.findByText('Sad to see it go.');
    // Its author may still take it down, no longer edit it.
    expect(await screen.findByRole('button', { name: 'Remove your comment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit your comment' })).not.toBeInTheDocument();
  });

  it('offers its creator no new update', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET projects/1/updates': { body: { data: { updates: [] }, meta: meta(0) } },
    });
    renderPage(<UpdatesTab project={canceled} isCreator />, { path: '/' });
    expect(await screen.findByText('No updates yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post an Update' })).not.toBeInTheDocument();
  });

  it('keeps an update’s page to read: no Edit for its creator, its comments closed', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET projects/1': { body: { data: canceled } },
      'GET projects/1/updates/5': {
        body: {
          data: {
            id: 5,
            project_id: 1,
            number: 1,
            title: 'Prototype done',
            body: '<p>Hi backers</p>',
            visibility: 'public',
            author: { id: testUser.id, name: 'Ada Lovelace', profile_image: null },
            published_at: '2030-01-02T10:00:00.000Z',
            edited_at: null,
            comments_count: 0,
            locked: false,
          } satisfies UpdateView,
        },
      },
      'GET projects/1/updates/5/comments': {
        body: { data: { comments: [], can_comment: false }, meta: meta(0) },
      },
    });
    renderPage(<UpdatePage />, { path: '/projects/:id/updates/:updateId', at: '/projects/1/updates/5' });
    expect(
      await screen.findByText('This campaign has ended early: comments are closed.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Hi backers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit update/ })).not.toBeInTheDocument();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comment, UpdateView, UserProfile } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, type Responder, testUser } from '@/test/api';
import { makeProject } from '@/test/projects';
import { renderPage } from '@/test/render';
import { TestProviders } from '@/test/i18n';
import { CommentsThread } from './components/CommentsThread';
import { UpdateCard } from './components/UpdateCard';
import { UpdatesTab } from './components/UpdatesTab';
import { UpdatePage } from './routes/UpdatePage';

const meta = (total: number) => ({ total, pages: 1, page: 1, per_page: 10 });
const stranger: UserProfile = { ...testUser, id: 20, username: 'sam', full_name: 'Sam Stranger' };

function makeUpdate(overrides: Partial<UpdateView> = {}): UpdateView {
  return {
    id: 5,
    project_id: 1,
    number: 1,
    title: 'Prototype done',
    body: '<p>Hi backers</p>',
    visibility: 'public',
    author: { id: 7, name: 'Ada Lovelace', profile_image: null },
    published_at: '2026-05-01T10:00:00.000Z',
    edited_at: null,
    comments_count: 2,
    locked: false,
    ...overrides,
  };
}

function signIn(user: UserProfile): Record<string, Responder> {
  authStorage.setTokens('access', 'refresh');
  return { 'GET profile/': { body: { data: { user } } } };
}

describe('Updates tab and composer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

  it('lets the creator open the composer, and checks the title and text before posting', async () => {
    const calls = mockApi({
      ...signIn(testUser),
      'GET projects/1/updates': { body: { data: { updates: [] }, meta: meta(0) } },
    });
    const { user } = renderPage(<UpdatesTab project={makeProject()} isCreator />, { path: '/' });
    expect(await screen.findByText('No updates yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post an Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post an Update' });
    expect(within(dialog).getByRole('textbox', { name: /^Update/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Everyone (public)' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Post update' }));
    expect(await within(dialog).findByText('Please give the update a title')).toBeInTheDocument();
    expect(within(dialog).getByText('Please write the update')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('edits an update: title, text kept from the editor, and backers-only', async () => {
    const calls = mockApi({
      ...signIn(testUser),
      'GET projects/1/updates': { body: { data: { updates: [makeUpdate()] }, meta: meta(1) } },
      'PUT projects/1/updates/5': (call) => ({
        body: { data: { ...makeUpdate(), ...(call.body as object) }, message: 'Your update was saved.' },
      }),
    });
    const { user } = renderPage(<UpdatesTab project={makeProject()} isCreator />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Edit update #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit update' });
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Prototype shipped');
    await user.click(within(dialog).getByRole('radio', { name: /Backers only/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      title: 'Prototype shipped',
      body: '<p>Hi backers</p>',
      visibility: 'backers',
    });
  });

  it('shows no Post button to visitors, and a locked update’s title without its text', async () => {
    mockApi({
      'GET projects/1/updates': {
        body: {
          data: { updates: [makeUpdate({ visibility: 'backers', locked: true, body: null })] },
          meta: meta(1),
        },
      },
    });
    renderPage(<UpdatesTab project={makeProject()} isCreator={false} />, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Prototype done' })).toBeInTheDocument();
    expect(screen.getByText('Back this project to read this update')).toBeInTheDocument();
    expect(screen.getByText('Backers only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post an Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit update/ })).not.toBeInTheDocument();
  });
});

describe('Update page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a locked update to a visitor: the title as the heading, no text and no comments', async () => {
    const calls = mockApi({
      'GET projects/1': { body: { data: makeProject({ creator_id: 99 }) } },
      'GET projects/1/updates/5': {
        body: { data: makeUpdate({ visibility: 'backers', locked: true, body: null }) },
      },
    });
    renderPage(<UpdatePage />, { path: '/projects/:id/updates/:updateId', at: '/projects/1/updates/5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prototype done' })).toBeInTheDocument();
    expect(screen.getByText('Back this project to read this update')).toBeInTheDocument();
    expect(screen.queryByText('Hi backers')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Comments/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/comments'))).toBe(false);
    await waitFor(() => expect(document.title).toContain('Prototype done'));
  });

  it('says an update that is gone was not found', async () => {
    mockApi({
      'GET projects/1': { body: { data: makeProject() } },
      'GET projects/1/updates/6': { status: 404, body: { error: 'NOT_FOUND', message: 'Update not found' } },
    });
    renderPage(<UpdatePage />, { path: '/projects/:id/updates/:updateId', at: '/projects/1/updates/6' });
    expect(await screen.findByText('Update not found')).toBeInTheDocument();
  });
});

describe('Comments thread', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

  const threads: Comment[] = [
    {
      id: 11,
      parent_id: null,
      update_id: null,
      body: '<b>Will it ship?</b>',
      author: {
        id: 8,
        name: 'Bea Backer',
        profile_image: null,
        is_creator: false,
        is_team: false,
        is_backer: true,
      },
      created_at: '2026-05-02T10:00:00.000Z',
      edited_at: null,
      removed: false,
      hidden: false,
      replies: [
        {
          id: 12,
          parent_id: 11,
          update_id: null,
          body: 'In March.',
          author: {
            id: 7,
            name: 'Ada Lovelace',
            profile_image: null,
            is_creator: true,
            is_team: false,
            is_backer: false,
          },
          created_at: '2026-05-02T11:00:00.000Z',
          edited_at: '2026-05-02T12:00:00.000Z',
          removed: false,
          hidden: false,
        },
      ],
    },
    {
      id: 10,
      parent_id: null,
      update_id: null,
      body: '',
      author: null,
      created_at: '2026-05-01T10:00:00.000Z',
      edited_at: null,
      removed: true,
      hidden: false,
      replies: [
        {
          id: 13,
          parent_id: 10,
          update_id: null,
          body: 'A reply that keeps its place',
          author: {
            id: 9,
            name: 'Ben Backer',
            profile_image: null,
            is_creator: false,
            is_team: true,
            is_backer: true,
          },
          created_at: '2026-05-01T11:00:00.000Z',
          edited_at: null,
          removed: false,
          hidden: false,
        },
      ],
    },
  ];

  it('shows badges, text as text, and a tombstone that keeps its replies; strangers may not write', async () => {
    mockApi({
      ...signIn(stranger),
      'GET projects/1/comments': { body: { data: { comments: threads, can_comment: false }, meta: meta(2) } },
    });
    renderPage(<CommentsThread target={{ projectId: 1, updateId: null }} isCreator={false} />, { path: '/' });
    expect(await screen.findByText('<b>Will it ship?</b>')).toBeInTheDocument();
    expect(screen.getAllByText('Backer')).toHaveLength(2);
    expect(screen.getByText('Creator')).toBeInTheDocument();
    // A collaborator who answers as the team (DESIGN.md §19).
    expect(screen.getByText('Team')).toBeInTheDocument();
    expect(screen.getByText('This comment was removed')).toBeInTheDocument();
    expect(screen.getByText('A reply that keeps its place')).toBeInTheDocument();
    expect(await screen.findByText('Only backers can comment on this project')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reply to/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('puts the Report button the app composes in on the comments of others, named after their author', async () => {
    mockApi({
      ...signIn(stranger),
      'GET projects/1/comments': { body: { data: { comments: threads, can_comment: false }, meta: meta(2) } },
    });
    renderPage(
      <CommentsThread
        target={{ projectId: 1, updateId: null }}
        isCreator={false}
        reportButton={(commentId, name) => <button type="button">{`${name} (${commentId})`}</button>}
      />,
      { path: '/' },
    );
    expect(
      await screen.findByRole('button', { name: 'Report the comment by Bea Backer (11)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Report the comment by Ada Lovelace (12)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report the comment by Ben Backer (13)' })).toBeInTheDocument();
  });

  it('lets a backer comment and reply, and the creator remove others’ comments', async () => {
    const calls = mockApi({
      ...signIn(testUser),
      'GET projects/1/comments': { body: { data: { comments: threads, can_comment: true }, meta: meta(2) } },
      'POST projects/1/comments': (call) => ({
        status: 201,
        body: { data: { ...threads[0]!.replies[0]!, body: (call.body as { body: string }).body } },
      }),
    });
    const { user } = renderPage(<CommentsThread target={{ projectId: 1, updateId: null }} isCreator />, {
      path: '/',
    });
    await user.type(await screen.findByRole('textbox', { name: 'Write a comment' }), 'Count me in');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ body: 'Count me in' }),
    );
    await user.click(screen.getAllByRole('button', { name: 'Reply to Bea Backer' })[0]!);
    await user.type(screen.getByRole('textbox', { name: 'Reply to Bea Backer' }), 'Me too');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
        body: 'Me too',
        parent_id: 11,
      }),
    );
    // The creator may remove a backer's comment; the tombstone has no actions.
    expect(screen.getByRole('button', { name: 'Remove the comment by Bea Backer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply to this comment' })).not.toBeInTheDocument();
  });
});

describe('Community in other languages', () => {
  const renderCard = (locale: 'ar' | 'es', update: UpdateView) =>
    render(
      <TestProviders locale={locale}>
        <MemoryRouter>
          <UpdateCard update={update} isCreator={false} lang="en" />
        </MemoryRouter>
      </TestProviders>,
    );

  it('counts comments with the Arabic plural forms', () => {
    renderCard('ar', makeUpdate({ comments_count: 2 }));
    expect(screen.getByText('التحديث رقم 1')).toBeInTheDocument();
    expect(screen.getByText('تعليقان')).toBeInTheDocument();
  });

  it('locks a backers-only update in Spanish, with its byline', () => {
    renderCard('es', makeUpdate({ visibility: 'backers', locked: true, body: null, comments_count: 1 }));
    expect(screen.getByText('Solo patrocinadores')).toBeInTheDocument();
    expect(screen.getByText(/· por Ada Lovelace$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver las recompensas' })).toHaveAttribute('href', '/projects/1');
    expect(screen.getByText('1 comentario')).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectStatus } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { type ApiCall, apiError, mockApi, type Responder, testUser } from '@/test/api';
import { makeProject, projectList } from '@/test/projects';
import { renderPage } from '@/test/render';
import { ProjectActions } from './ProjectActions';

const project = { id: 4, title: 'Solar Lantern', status: 'ACTIVE' as ProjectStatus };

interface Options {
  signedIn?: boolean;
  savedIds?: number[];
  isCreator?: boolean;
  status?: ProjectStatus;
  routes?: Record<string, Responder>;
}

function renderActions({
  signedIn = true,
  savedIds = [],
  isCreator = false,
  status = 'ACTIVE',
  routes = {},
}: Options = {}) {
  if (signedIn) authStorage.setTokens('access', 'refresh');
  let saved = [...savedIds];
  const calls = mockApi({
    'GET profile/': { body: { data: { user: testUser } } },
    'GET projects/saved': () =>
      projectList(
        saved.map((id) => makeProject({ id })),
        saved.length,
        100,
      ),
    'POST projects/4/save': () => {
      saved.push(4);
      return { body: { message: 'Project saved successfully', data: { saved: true } } };
    },
    'DELETE projects/4/save': () => {
      saved = saved.filter((id) => id !== 4);
      return { body: { message: 'Project removed from saved items', data: { saved: false } } };
    },
    ...routes,
  });
  return {
    calls,
    ...renderPage(<ProjectActions project={{ ...project, status }} isCreator={isCreator} />, {
      path: '/projects/:id',
      at: '/projects/4',
    }),
  };
}

describe('ProjectActions (Save and Share)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves a project and then offers to unsave it', async () => {
    const { user, calls } = renderActions();
    const save = await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    const lookup = calls.find((call: ApiCall) => call.path === 'projects/saved')!;
    expect(lookup.query.get('per_page')).toBe('100');
    await user.click(save);
    expect(await screen.findByText('Project saved successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unsave' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unsave' }));
    expect(await screen.findByText('Project removed from saved items')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('knows a project is saved from the ids in the saved list', async () => {
    renderActions({ savedIds: [9, 4] });
    expect(await screen.findByRole('button', { name: 'Unsave' })).toBeInTheDocument();
  });

  it("shows the server's message when saving fails, else a fallback", async () => {
    const { user } = renderActions({
      routes: { 'POST projects/4/save': apiError(403, 'FORBIDDEN', 'You may not save projects') },
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You may not save projects')).toBeInTheDocument();
  });

  it('falls back to a fixed message when the failure has none', async () => {
    const { user } = renderActions({ routes: { 'POST projects/4/save': { status: 500, body: {} } } });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save/unsave project')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, coming back afterwards, without asking for saved projects', async () => {
    const { user, router, calls } = renderActions({ signedIn: false });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.state).toEqual({ from: '/projects/4' });
    expect(calls.some((call) => call.path === 'projects/saved')).toBe(false);
  });

  it('does not offer Save to the creator, and nothing for a project that is not public', () => {
    const { unmount } = renderActions({ isCreator: true });
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    unmount();
    renderActions({ status: 'PENDING' });
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

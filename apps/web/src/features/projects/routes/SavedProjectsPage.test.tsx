import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { type ApiCall, apiError, mockApi, type Responder, testUser } from '@/test/api';
import { makeProject, projectList } from '@/test/projects';
import { renderPage } from '@/test/render';
import { SavedProjectsPage } from './SavedProjectsPage';

function renderSaved(initial: Project[], routes: Record<string, Responder> = {}) {
  authStorage.setTokens('access', 'refresh');
  let saved = [...initial];
  const calls = mockApi({
    'GET profile/': { body: { data: { user: testUser } } },
    'GET projects/saved': () => projectList(saved, saved.length, 10),
    ...Object.fromEntries(
      initial.map((project) => [
        `DELETE projects/${project.id}/save`,
        () => {
          saved = saved.filter((other) => other.id !== project.id);
          return { body: { message: 'Project removed from saved items', data: { saved: false } } };
        },
      ]),
    ),
    ...routes,
  });
  return { calls, ...renderPage(<SavedProjectsPage />, { path: '/saved-projects' }) };
}

describe('SavedProjectsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists saved projects with Unsave and View, and unsaving removes the card', async () => {
    const { user, calls } = renderSaved([
      makeProject({ id: 1, title: 'Solar Lantern' }),
      makeProject({ id: 2, title: 'Pixel Harbour' }),
    ]);
    const card = await screen.findByRole('article', { name: 'Solar Lantern' });
    expect(screen.getByText('2 saved projects')).toBeInTheDocument();
    const first = calls.find((call) => call.path === 'projects/saved')!;
    expect(first.query.get('page')).toBe('1');
    expect(first.query.get('per_page')).toBe('10');
    expect(within(card).getByRole('link', { name: 'View Solar Lantern' })).toHaveAttribute(
      'href',
      '/projects/1',
    );

    await user.click(within(card).getByRole('button', { name: 'Unsave Solar Lantern' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Solar Lantern' })).not.toBeInTheDocument(),
    );
    expect(calls.some((call: ApiCall) => call.method === 'DELETE' && call.path === 'projects/1/save')).toBe(
      true,
    );
    expect(screen.getByRole('article', { name: 'Pixel Harbour' })).toBeInTheDocument();
    expect(screen.getByText('1 saved project')).toBeInTheDocument();
    expect(await screen.findByText('Project removed from saved items')).toBeInTheDocument();
  });

  it('says so inline when unsaving fails, and keeps the card', async () => {
    const { user } = renderSaved([makeProject({ id: 1, title: 'Solar Lantern' })], {
      'DELETE projects/1/save': apiError(500, 'INTERNAL', 'Boom'),
    });
    const card = await screen.findByRole('article', { name: 'Solar Lantern' });
    await user.click(within(card).getByRole('button', { name: 'Unsave Solar Lantern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to unsave project. Please try again.');
    expect(screen.getByRole('article', { name: 'Solar Lantern' })).toBeInTheDocument();
  });

  it('shows an empty state with a way to explore', async () => {
    renderSaved([]);
    expect(await screen.findByText('No saved projects yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Projects' })).toHaveAttribute(
      'href',
      '/projects/explore',
    );
  });

  it('says so inline when the list cannot be loaded', async () => {
    renderSaved([], { 'GET projects/saved': apiError(500, 'INTERNAL', 'Boom') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load saved projects. Please try again later.',
    );
  });
});

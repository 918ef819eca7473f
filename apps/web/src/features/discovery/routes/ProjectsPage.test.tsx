import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type Responder } from '@/test/api';
import { makeProject, projectList } from '@/test/projects';
import { renderPage } from '@/test/render';
import { ProjectsPage } from './ProjectsPage';

function renderProjects(at: string, list: Responder) {
  const calls = mockApi({ 'GET projects/': list });
  return { calls, ...renderPage(<ProjectsPage />, { path: '/projects', at }) };
}

describe('ProjectsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the results of a search with their total', async () => {
    const { calls } = renderProjects(
      '/projects?search=solar%20lamp',
      projectList([makeProject({ id: 1, title: 'Solar Lantern' })], 1),
    );
    expect(await screen.findByRole('heading', { name: 'Results for “solar lamp”' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Solar Lantern' })).toBeInTheDocument();
    expect(screen.getByText('1 project found')).toBeInTheDocument();
    expect(calls[0]!.query.get('search')).toBe('solar lamp');
    expect(calls[0]!.query.has('sort')).toBe(false);
  });

  it("toasts 'Failed to fetch projects' when the list cannot be loaded", async () => {
    renderProjects('/projects?search=solar', apiError(500, 'INTERNAL', 'Boom'));
    await waitFor(() => expect(screen.getByText('Failed to fetch projects')).toBeInTheDocument());
  });
});

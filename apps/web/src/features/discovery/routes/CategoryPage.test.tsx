import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, apiError, mockApi, type Responder } from '@/test/api';
import { makeProject, projectList } from '@/test/projects';
import { renderPage } from '@/test/render';
import { CategoryPage } from './CategoryPage';

function renderCategory(at: string, list: Responder) {
  const calls = mockApi({
    'GET categories/3': { body: { data: { id: 3, name: 'Technology' } } },
    'GET projects/': list,
  });
  const view = renderPage(<CategoryPage />, { path: '/category/:categoryId', at });
  const lastQuery = () => calls.filter((call) => call.path === 'projects/').at(-1)!.query;
  return { ...view, calls, lastQuery };
}

describe('CategoryPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the category's active projects, 12 a page, under its name", async () => {
    const { user, router, lastQuery } = renderCategory('/category/3', (call: ApiCall) => {
      const body = projectList([makeProject({ id: 1, title: 'Solar Lantern' })], 30, 12).body;
      return { body: { ...body, data: { ...body.data, page: Number(call.query.get('page')) } } };
    });
    expect(await screen.findByRole('heading', { name: 'Technology', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Solar Lantern' })).toBeInTheDocument();
    expect(lastQuery().get('category_id')).toBe('3');
    expect(lastQuery().get('status')).toBe('active');
    expect(lastQuery().get('per_page')).toBe('12');
    expect(screen.getByRole('link', { name: 'Browse Categories' })).toHaveAttribute('href', '/discover');

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getAllByRole('button', { name: /^Page/ })).toHaveLength(3);
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
  });

  it('shows no pagination when one page holds everything', async () => {
    renderCategory('/category/3', projectList([makeProject({ id: 1, title: 'Solar Lantern' })], 1, 12));
    await screen.findByRole('article', { name: 'Solar Lantern' });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says so inline when the projects cannot be loaded', async () => {
    renderCategory('/category/3', apiError(500, 'INTERNAL', 'Boom'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load category projects. Please try again later.',
    );
  });
});

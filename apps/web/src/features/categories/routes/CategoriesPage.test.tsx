import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { CategoriesPage } from './CategoriesPage';

const admin = { ...testUser, roles: ['Admin'] };

function renderCategories(asAdmin: boolean) {
  authStorage.setTokens('access', 'refresh');
  let categories: Category[] = [
    { id: 1, name: 'Art' },
    { id: 2, name: 'Games' },
  ];
  const calls = mockApi({
    'GET profile/': { body: { data: { user: asAdmin ? admin : testUser } } },
    'GET categories/': () => ({ body: { data: categories } }),
    'POST categories/': (call) => {
      const created = { id: 3, name: (call.body as { name: string }).name };
      categories = [...categories, created];
      return { status: 201, body: { data: created } };
    },
    'PUT categories/2': (call) => {
      categories = categories.map((c) =>
        c.id === 2 ? { id: 2, name: (call.body as { name: string }).name } : c,
      );
      return { body: { data: categories[1] } };
    },
    'DELETE categories/1': apiError(409, 'CONFLICT', 'This category has projects and cannot be deleted'),
  });
  return { calls, ...renderPage(<CategoriesPage />, { path: '/categories' }) };
}

describe('CategoriesPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets an admin add, rename and try to delete categories', async () => {
    const { user, calls } = renderCategories(true);
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Category name/), 'Science');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByRole('cell', { name: 'Science' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Science' });

    await user.click(screen.getByRole('button', { name: 'Edit Games' }));
    dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/^Category name/);
    expect(name).toHaveValue('Games');
    await user.clear(name);
    await user.type(name, 'Board Games');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('cell', { name: 'Board Games' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Art' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This category has projects and cannot be deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('cell', { name: 'Art' })).toBeInTheDocument());
  });

  it('tells anyone else that only administrators manage categories', async () => {
    renderCategories(false);
    expect(await screen.findByRole('cell', { name: 'Art' })).toBeInTheDocument();
    expect(screen.getByText('Only administrators can manage categories.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Art' })).not.toBeInTheDocument();
  });
});

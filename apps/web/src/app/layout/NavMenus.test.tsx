import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api';
import { testCategories } from '@/test/projects';
import { renderPage } from '@/test/render';
import { CategoriesMenu } from './NavMenus';

describe('CategoriesMenu', () => {
  it('closes on Escape while focus is on its button, as after hovering it open and then clicking it', async () => {
    mockApi({ 'GET categories/': { body: { data: testCategories } } });
    const { user } = renderPage(<CategoriesMenu defaultOpened={false} focusButton={false} />, { path: '/' });
    const button = screen.getByRole('button', { name: 'Categories' });
    await user.hover(button);
    expect(await screen.findByRole('menu')).toBeVisible();
    await user.click(button);
    expect(button).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

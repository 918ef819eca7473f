import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageNavigation } from './PageNavigation';
import { TestProviders } from '@/test/i18n';

function renderNavigation(page: number, total: number) {
  const onChange = vi.fn();
  render(
    <TestProviders>
      <PageNavigation page={page} total={total} onChange={onChange} />
    </TestProviders>,
  );
  return onChange;
}

describe('PageNavigation', () => {
  it('shows numbered pages with ellipses, Previous and Next', async () => {
    const onChange = renderNavigation(10, 20);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(nav)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((button) => button.textContent);
    expect(pages).toEqual(['1', '8', '9', '10', '11', '12', '20']);
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    expect(within(nav).getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenLastCalledWith(11);
    await userEvent.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(onChange).toHaveBeenLastCalledWith(9);
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 20' }));
    expect(onChange).toHaveBeenLastCalledWith(20);
  });

  it('disables Previous on the first page and Next on the last', () => {
    renderNavigation(1, 3);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('shows nothing for a single page', () => {
    renderNavigation(1, 1);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('PageNavigation in Arabic', () => {
  it('names the pages and the buttons in Arabic', () => {
    render(
      <TestProviders locale="ar">
        <PageNavigation page={2} total={3} onChange={vi.fn()} />
      </TestProviders>,
    );
    const nav = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    expect(within(nav).getByRole('button', { name: 'الصفحة 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'السابق' })).toBeEnabled();
    expect(within(nav).getByRole('button', { name: 'التالي' })).toBeEnabled();
  });
});

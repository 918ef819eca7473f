import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@fundry/shared';
import { type ApiCall, mockApi } from '@/test/api';
import { testCategories } from '@/test/projects';
import { renderPage } from '@/test/render';
import { Navbar } from './Navbar';

const RESULTS = Array.from({ length: 7 }, (_, index) => ({
  id: index + 1,
  title: `Solar project ${index + 1}`,
  category_name: index === 0 ? 'Technology' : null,
}));

// jsdom does not scroll; the combobox scrolls the chosen option into view.
if (!('scrollIntoView' in Element.prototype)) Object.assign(Element.prototype, { scrollIntoView() {} });

function renderNavbar() {
  const answered: number[] = [];
  const calls = mockApi({
    'GET categories/': { body: { data: testCategories } },
    'GET projects/search': (call: ApiCall) => {
      answered.push(Date.now());
      const q = call.query.get('q') ?? '';
      return { body: { data: { projects: q ? RESULTS : [] } } };
    },
  });
  // On every path, as the layout shows it: the bar stays as the visitor goes from page to page.
  const view = renderPage(<Navbar menuOpened={false} onToggleMenu={() => {}} />, { path: '/*', at: '/' });
  const searches = () => calls.filter((call) => call.path === 'projects/search');
  return { ...view, calls, searches, answered };
}

describe('Navbar search', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks once, 300 ms after typing stops, and shows at most 5 results with their category', async () => {
    const { user, searches, answered } = renderNavbar();
    const input = screen.getByRole('combobox', { name: 'Search projects' });
    await user.type(input, 'solar');
    const typedAt = Date.now();
    expect(searches()).toHaveLength(0);
    await screen.findAllByRole('option');

    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(5);
    expect(options[0]).toHaveTextContent('Solar project 1');
    expect(options[0]).toHaveTextContent('Technology');
    // One call for the whole word, made after the debounce period.
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.query.get('q')).toBe('solar');
    expect(answered[0]! - typedAt).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 20);
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('goes to the project of a chosen result', async () => {
    const { user, router } = renderNavbar();
    const input = screen.getByRole('combobox', { name: 'Search projects' });
    await user.type(input, 'solar');
    await user.click(await screen.findByRole('option', { name: /Solar project 3/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/3'));
    expect(input).toHaveValue('');
  });

  it('chooses a result with the keyboard', async () => {
    const { user, router } = renderNavbar();
    await user.type(screen.getByRole('combobox', { name: 'Search projects' }), 'solar');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/2'));
  });

  it('opens only an arrow-chosen result on Enter, not one under the pointer', async () => {
    const { user, router } = renderNavbar();
    await user.type(screen.getByRole('combobox', { name: 'Search projects' }), 'solar');
    await user.hover(await screen.findByRole('option', { name: /Solar project 2/ }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(router.state.location.search).toBe('?search=solar');
  });

  it('goes to the results page when the text is submitted', async () => {
    const { user, router } = renderNavbar();
    await user.type(screen.getByRole('combobox', { name: 'Search projects' }), '  solar lamp {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(router.state.location.search).toBe('?search=solar%20lamp');
  });

  it('clears the results when the text is emptied, without asking the server', async () => {
    const { user, searches } = renderNavbar();
    const input = screen.getByRole('combobox', { name: 'Search projects' });
    await user.type(input, 'solar');
    await screen.findAllByRole('option');
    await user.clear(input);
    await waitFor(() => expect(screen.queryByRole('option')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50));
    expect(searches().every((call) => call.query.get('q') === 'solar')).toBe(true);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const { user } = renderNavbar();
    mockApi({
      'GET categories/': { body: { data: testCategories } },
      'GET projects/search': { body: { data: { projects: [] } } },
    });
    await user.type(screen.getByRole('combobox', { name: 'Search projects' }), 'zzz');
    expect(await screen.findByText('No projects found')).toBeInTheDocument();
  });
});

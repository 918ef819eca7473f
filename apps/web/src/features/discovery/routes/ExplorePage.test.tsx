import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, type Responder } from '@/test/api';
import { makeProject, projectList } from '@/test/projects';
import { renderPage } from '@/test/render';
import { ExplorePage } from './ExplorePage';

// jsdom does not scroll; the sort dropdown scrolls its chosen option into view.
if (!('scrollIntoView' in Element.prototype)) Object.assign(Element.prototype, { scrollIntoView() {} });

const CATEGORIES = [
  { id: 1, name: 'Art' },
  { id: 3, name: 'Technology' },
  { id: 5, name: 'Games' },
];
const projects = [
  makeProject({ id: 1, title: 'Solar Lantern' }),
  makeProject({ id: 2, title: 'Pixel Harbour', category: { id: 5, name: 'Games' }, category_name: 'Games' }),
];

function renderExplore(at: string, list: Responder = projectList(projects)) {
  const calls = mockApi({
    'GET categories/': { body: { data: CATEGORIES } },
    'GET projects/': list,
  });
  const view = renderPage(<ExplorePage />, { path: '/projects/explore', at });
  const listCalls = () => calls.filter((call) => call.path === 'projects/');
  const lastQuery = () => listCalls().at(-1)!.query;
  return { ...view, calls, listCalls, lastQuery };
}

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('ExplorePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists active projects by default and sends no page size', async () => {
    const { lastQuery } = renderExplore('/projects/explore');
    expect(await screen.findByRole('article', { name: 'Solar Lantern' })).toBeInTheDocument();
    expect(screen.getByText('2 projects')).toBeInTheDocument();
    const query = lastQuery();
    expect(query.get('status')).toBe('active');
    expect(query.has('per_page')).toBe(false);
    expect(query.get('page')).toBe('1');
    expect(query.has('sort')).toBe(false);
    // No filter narrows the list: no chips, no Clear All.
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('round-trips filters through the URL: choosing them writes the URL, reloading it restores them', async () => {
    const first = renderExplore('/projects/explore');
    const { user, router } = first;
    await screen.findByRole('article', { name: 'Solar Lantern' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(await screen.findByRole('checkbox', { name: 'Art' }));
    await user.click(screen.getByRole('checkbox', { name: 'Games' }));
    await user.click(screen.getByRole('checkbox', { name: 'Under 25%' }));
    await user.click(screen.getByRole('radio', { name: 'Upcoming' }));
    await user.type(screen.getByRole('textbox', { name: 'Search text' }), 'lantern{Enter}');

    await waitFor(() => expect(search(router).get('search')).toBe('lantern'));
    const url = search(router);
    expect(url.getAll('category')).toEqual(['1', '5']);
    expect(url.getAll('progress')).toEqual(['under25']);
    expect(url.get('status')).toBe('upcoming');
    await waitFor(() => expect(first.lastQuery().get('search')).toBe('lantern'));
    expect(first.lastQuery().getAll('category')).toEqual(['1', '5']);
    expect(first.lastQuery().getAll('progress')).toEqual(['under25']);
    expect(first.lastQuery().get('status')).toBe('upcoming');

    const address = `${router.state.location.pathname}${router.state.location.search}`;
    first.unmount();
    vi.unstubAllGlobals();

    // A reload (or a shared link) of the same address shows the same filters and asks the same list.
    const second = renderExplore(address);
    await screen.findByRole('article', { name: 'Solar Lantern' });
    const query = second.lastQuery();
    expect(query.get('search')).toBe('lantern');
    expect(query.getAll('category')).toEqual(['1', '5']);
    expect(query.getAll('progress')).toEqual(['under25']);
    expect(query.get('status')).toBe('upcoming');
    expect(screen.getByRole('textbox', { name: 'Search text' })).toHaveValue('lantern');
    expect(screen.getByRole('checkbox', { name: 'Art' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Games' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Technology' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Under 25%' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Upcoming' })).toBeChecked();
  }, 20_000);

  it('shows each filter as a removable chip, and Clear All removes them all but keeps the sort', async () => {
    const { user, router, lastQuery } = renderExplore(
      '/projects/explore?search=solar&sort=funded&status=completed&category=1&category=3&progress=funded&page=2',
    );
    const chips = await screen.findByRole('group', { name: 'Active filters' });
    await waitFor(() => expect(within(chips).getByText('Technology')).toBeInTheDocument());
    expect(within(chips).getByText('Search: solar')).toBeInTheDocument();
    expect(within(chips).getByText('Status: Completed')).toBeInTheDocument();
    expect(within(chips).getByText('Art')).toBeInTheDocument();
    expect(within(chips).getByText('Progress: 100% or more')).toBeInTheDocument();
    expect(screen.getByLabelText('5 active filters')).toBeInTheDocument();
    expect(lastQuery().get('page')).toBe('2');

    await user.click(within(chips).getByRole('button', { name: 'Remove filter Art' }));
    await waitFor(() => expect(search(router).getAll('category')).toEqual(['3']));
    // Changing a filter starts again at page 1.
    expect(search(router).has('page')).toBe(false);
    expect(search(router).get('search')).toBe('solar');

    await user.click(within(chips).getByRole('button', { name: 'Remove filter Status: Completed' }));
    await waitFor(() => expect(search(router).has('status')).toBe(false));
    await waitFor(() => expect(lastQuery().get('status')).toBe('active'));

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=funded'));
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search text' })).toHaveValue('');
    await waitFor(() => expect(lastQuery().has('search')).toBe(false));
    expect(lastQuery().has('category')).toBe(false);
    expect(lastQuery().has('progress')).toBe(false);
    expect(lastQuery().get('status')).toBe('active');
    expect(lastQuery().get('sort')).toBe('funded');
  }, 15_000);

  it('sorts by each option of the dropdown', async () => {
    const { user, router, lastQuery } = renderExplore('/projects/explore');
    await screen.findByRole('article', { name: 'Solar Lantern' });
    // The default order is shown as the chosen value, not as a placeholder.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Newest');
    const expected = [
      ['Most Popular', 'popular'],
      ['Ending Soon', 'ending'],
      ['Most Funded', 'funded'],
      ['Newest', 'newest'],
    ] as const;
    for (const [label, value] of expected) {
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), label);
      await waitFor(() => expect(search(router).get('sort')).toBe(value));
      await waitFor(() => expect(lastQuery().get('sort')).toBe(value));
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue(label);
    }
  }, 15_000);

  it('names the order of a search ("Best match") and can go back to it', async () => {
    const { user, router, lastQuery } = renderExplore('/projects/explore?search=solar');
    await screen.findByRole('article', { name: 'Solar Lantern' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveDisplayValue('Best match');
    expect(sort).not.toHaveAttribute('placeholder');
    await user.selectOptions(sort, 'Most Funded');
    await waitFor(() => expect(search(router).get('sort')).toBe('funded'));
    await user.selectOptions(sort, 'Best match');
    await waitFor(() => expect(search(router).has('sort')).toBe(false));
    await waitFor(() => expect(lastQuery().has('sort')).toBe(false));
    expect(sort).toHaveDisplayValue('Best match');
  }, 15_000);

  it('opens the filters in a drawer on a phone, and its button shows the results', async () => {
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;
    const phone = (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    });
    Object.defineProperty(window, 'matchMedia', { writable: true, value: phone });
    try {
      const { user, router } = renderExplore('/projects/explore');
      await screen.findByRole('article', { name: 'Solar Lantern' });
      expect(screen.queryByRole('checkbox', { name: 'Art' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      const drawer = await screen.findByRole('dialog', { name: 'Filters' });
      await user.click(await within(drawer).findByRole('checkbox', { name: 'Art' }));
      await waitFor(() => expect(search(router).getAll('category')).toEqual(['1']));
      await user.click(within(drawer).getByRole('button', { name: /^Show \d+ projects?$/ }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
    } finally {
      Object.defineProperty(window, 'matchMedia', original);
    }
  }, 15_000);

  it('says what to do next when nothing matches: clear the filters, or start a project', async () => {
    const empty = projectList([], 0);
    const filtered = renderExplore('/projects/explore?progress=funded', empty);
    expect(await screen.findByText('No projects match these filters.')).toBeInTheDocument();
    await filtered.user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(search(filtered.router).has('progress')).toBe(false));
    filtered.unmount();

    renderExplore('/projects/explore', empty);
    expect(await screen.findByText('No projects match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a project' })).toHaveAttribute('href', '/projects/create');
  }, 15_000);

  it('pages through the results with numbered pagination kept in the URL', async () => {
    const many = (call: ApiCall) => {
      const page = Number(call.query.get('page'));
      const body = projectList(projects, 240, 12).body;
      return { body: { ...body, data: { ...body.data, page } } };
    };
    const { user, router, lastQuery } = renderExplore('/projects/explore?category=3', many);
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 20' })).toBeInTheDocument();
    expect(within(nav).getAllByText('…')).toHaveLength(1);
    await user.click(within(nav).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(search(router).get('page')).toBe('5'));
    expect(search(router).getAll('category')).toEqual(['3']);
    await waitFor(() => expect(lastQuery().get('page')).toBe('5'));
    expect(within(nav).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search(router).get('page')).toBe('6'));
  }, 15_000);

  it('says so inline when the list cannot be loaded', async () => {
    renderExplore('/projects/explore', { status: 500, body: { error: 'INTERNAL', message: 'Boom' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load projects. Please try again later.',
    );
  });
});

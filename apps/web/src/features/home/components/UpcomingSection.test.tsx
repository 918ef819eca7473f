import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api';
import { makeProject } from '@/test/projects';
import { renderPage } from '@/test/render';
import { UpcomingSection } from './UpcomingSection';

describe('Home Upcoming section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the next campaigns to launch, soonest first, each link naming home as its source', async () => {
    const calls = mockApi({
      'GET projects': {
        body: {
          data: { projects: [makeProject({ id: 7, title: 'Kiln' }), makeProject({ id: 8, title: 'Loom' })] },
        },
      },
    });
    renderPage(<UpcomingSection />, { path: '/' });
    const section = screen.getByRole('region', { name: 'Upcoming' });
    const kiln = await within(section).findByRole('article', { name: 'Kiln' });
    expect(within(kiln).getByRole('link', { name: 'Kiln' })).toHaveAttribute('href', '/projects/7?ref=home');
    expect(within(section).getByRole('link', { name: /All upcoming/ })).toHaveAttribute(
      'href',
      '/projects/explore?status=upcoming',
    );
    const query = calls.find((call) => call.path === 'projects')!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      status: 'upcoming',
      per_page: '4',
      sort_by: 'start_date',
      sort_order: 'asc',
    });
  });

  it('is left out when nothing is upcoming', async () => {
    const calls = mockApi({ 'GET projects': { body: { data: { projects: [] } } } });
    const { container } = renderPage(<UpcomingSection />, { path: '/' });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await vi.waitFor(() => expect(container.querySelector('section')).toBeNull());
  });
});

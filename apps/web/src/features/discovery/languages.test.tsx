import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api';
import { TestProviders } from '@/test/i18n';
import { makeProject, projectList } from '@/test/projects';
import { ActiveFilters } from './components/ActiveFilters';
import { parseExploreQuery } from './explore-query';
import { ProjectsPage } from './routes/ProjectsPage';

afterEach(() => vi.unstubAllGlobals());

describe('discovery in other languages', () => {
  it('counts search results with the Arabic dual', async () => {
    mockApi({
      'GET projects/': projectList(
        [makeProject({ id: 1, title: 'مصباح' }), makeProject({ id: 2, title: 'فانوس' })],
        2,
      ),
    });
    const router = createMemoryRouter([{ path: '/projects', element: <ProjectsPage /> }], {
      initialEntries: ['/projects?search=solar'],
    });
    render(
      <TestProviders locale="ar">
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </TestProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'نتائج البحث عن «solar»' })).toBeInTheDocument();
    expect(await screen.findByText('تم العثور على مشروعين')).toBeInTheDocument();
  });

  it('names the filters in force in German', () => {
    const state = parseExploreQuery(new URLSearchParams('search=Tee&status=failed&progress=under25'));
    render(
      <TestProviders locale="de">
        <ActiveFilters state={state} categories={[]} onChange={() => {}} onClear={() => {}} />
      </TestProviders>,
    );
    expect(screen.getByRole('group', { name: 'Aktive Filter' })).toBeInTheDocument();
    expect(screen.getByText('Suche: Tee')).toBeInTheDocument();
    expect(screen.getByText('Status: Nicht erfolgreich')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Filter Fortschritt: Unter 25 % entfernen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle entfernen' })).toBeInTheDocument();
  });
});

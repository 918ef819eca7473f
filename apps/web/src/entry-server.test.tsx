import type * as ReactDomServer from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type RenderedPage, renderPage } from './entry-server';
import { testRates } from './test/money';
import { serverTransport } from './test/api';
import { makeProject, projectList, testCategories } from './test/projects';
import { makeReward } from './test/rewards';

// The real renderer, counted: a page whose data is read before its render renders once.
vi.mock('react-dom/server', async (actual) => {
  const server = await actual<typeof ReactDomServer>();
  return { ...server, renderToPipeableStream: vi.fn(server.renderToPipeableStream) };
});

const htmlOf = (page: RenderedPage | null) => new TextDecoder().decode(page?.html);

const CONFIG = {
  data: {
    test_mode: true,
    locales: ['en', 'de'],
    default_locale: 'en',
    currencies: ['USD'],
    base_currency: 'USD',
  },
};

/**
 * A visitor's transport: it records what it was asked for and answers, a little later, the site's settings and
 * that nothing else is there.
 */
function visitor() {
  const urls: string[] = [];
  const transport = serverTransport(async (url) => {
    urls.push(url);
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (url.endsWith('/api/v1/config')) return Response.json(CONFIG);
    return Response.json({ message: 'Project not found' }, { status: 404 });
  });
  return { urls, transport };
}

describe('server rendering', () => {
  it('reads each page’s data as its own visitor when several pages render at once', async () => {
    const first = visitor();
    const second = visitor();
    const rendered = await Promise.all([
      renderPage('/projects/101', first.transport, () => undefined, 'en'),
      renderPage('/projects/202', second.transport, () => undefined, 'en'),
    ]);
    // Neither project exists: the browser renders the not-found page.
    expect(rendered).toEqual([null, null]);
    // Each visitor's transport saw its own page's reads, and only those.
    expect(first.urls).toContain('http://fundry.test/api/v1/projects/101');
    expect(second.urls).toContain('http://fundry.test/api/v1/projects/202');
    expect(first.urls.join()).not.toContain('/202');
    expect(second.urls.join()).not.toContain('/101');
  });
});

describe('a rendered page’s messages', () => {
  it('brings the messages it shows, and only those, in its language', async () => {
    const rendered = await renderPage('/terms', visitor().transport, () => undefined, 'de');
    const messages = JSON.parse(
      /id="fundry-page-messages">(.*?)<\/script>/s.exec(rendered?.stateScript ?? '')?.[1] ?? 'null',
    ) as Record<string, unknown> | null;
    expect(messages).not.toBeNull();
    const keys = Object.keys(messages!);
    // The footer's language menu is on every page, in German.
    expect(messages!['common.language']).toEqual(['Sprache']);
    expect(htmlOf(rendered)).toContain('Sprache');
    // The title the page sets on coming to life is written with messages of its own: a page that came to life
    // before the rest of its catalog showed "common.meta.documentTitle" in the browser's tab.
    expect(keys).toContain('common.meta.documentTitle');
    // Nothing of pages it does not show, and no server's message.
    expect(keys.some((key) => key.startsWith('admin.') || key.startsWith('api.'))).toBe(false);
    expect(keys.length).toBeLessThan(300);
  });
});

describe('a shared link’s page', () => {
  beforeEach(() => vi.mocked(renderToPipeableStream).mockClear());

  /** The API of a project with a reward and nothing else: every read the project page makes answers. */
  const projectApi = serverTransport(async (url) => {
    const path = new URL(url).pathname;
    const answers: Record<string, unknown> = {
      '/api/v1/config': CONFIG,
      '/api/v1/fx-rates': { data: testRates },
      '/api/v1/projects/7': { data: makeProject({ id: 7, title: 'Tide clock' }) },
      '/api/v1/rewards/projects/7/rewards': { data: [makeReward({ project_id: 7 })] },
      '/api/v1/projects/7/stretch-goals': { data: { stretch_goals: [] } },
      '/api/v1/projects/7/add-ons': { data: [] },
    };
    const answer = answers[path];
    return answer ? Response.json(answer) : Response.json({ message: 'Not here' }, { status: 404 });
  });

  it('is rendered once: everything the project page shows is read before its render', async () => {
    const rendered = await renderPage('/projects/7', projectApi, (error) => console.error(error), 'en');
    expect(htmlOf(rendered)).toContain('Tide clock');
    expect(htmlOf(rendered)).toContain('Early Bird Lantern');
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
  });

  it('renders a campaign ended early as its tombstone, with nothing to back', async () => {
    const tombstoneApi = serverTransport(async (url) => {
      const path = new URL(url).pathname;
      const answers: Record<string, unknown> = {
        '/api/v1/config': CONFIG,
        '/api/v1/fx-rates': { data: testRates },
        '/api/v1/projects/9': {
          data: makeProject({
            id: 9,
            title: 'Paper kite',
            status: 'CANCELED',
            ended_at: '2030-01-10T12:00:00.000Z',
            end_message: 'Our supplier closed.',
          }),
        },
        '/api/v1/rewards/projects/9/rewards': { data: [makeReward({ project_id: 9 })] },
        '/api/v1/projects/9/stretch-goals': { data: { stretch_goals: [] } },
        '/api/v1/projects/9/add-ons': { data: [] },
      };
      const answer = answers[path];
      return answer ? Response.json(answer) : Response.json({ message: 'Not here' }, { status: 404 });
    });
    const rendered = await renderPage('/projects/9', tombstoneApi, (error) => console.error(error), 'en');
    const html = htmlOf(rendered);
    expect(html).toContain('Funding for this project was cancelled by its creator');
    expect(html).toContain('Our supplier closed.');
    expect(html).not.toContain('Back This Project');
    // The messages it shows come with it, for the browser's hydration to say the same.
    expect(rendered?.stateScript).toContain('projects.ended.canceledTitle');
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
  });

  it('shows a list’s approximations of amounts in other currencies, the rates read before its render', async () => {
    const listApi = serverTransport(async (url) => {
      const path = new URL(url).pathname;
      const answers: Record<string, unknown> = {
        '/api/v1/config': { data: { ...CONFIG.data, currencies: ['USD', 'EUR'] } },
        '/api/v1/fx-rates': { data: testRates },
        '/api/v1/categories/': { data: testCategories },
        '/api/v1/projects/': projectList([
          makeProject({ id: 8, title: 'Canal boat', currency: 'EUR', goal_amount: 5000 }),
        ]).body,
      };
      const answer = answers[path];
      return answer ? Response.json(answer) : Response.json({ message: 'Not here' }, { status: 404 });
    });
    const rendered = await renderPage(
      '/projects/explore',
      listApi,
      (error) => console.error(error),
      'en',
      'USD',
    );
    expect(htmlOf(rendered)).toContain('Canal boat');
    expect(htmlOf(rendered)).toContain('≈');
    // The list its address asks for, the categories and the rates are read first: one render.
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
  });

  it('renders a category page once, its category and its page of projects read first', async () => {
    const categoryApi = serverTransport(async (address) => {
      const url = new URL(address);
      if (url.pathname === '/api/v1/config') return Response.json(CONFIG);
      if (url.pathname === '/api/v1/fx-rates') return Response.json({ data: testRates });
      if (url.pathname === `/api/v1/categories/${testCategories[0]!.id}`) {
        return Response.json({ data: testCategories[0] });
      }
      if (url.pathname === '/api/v1/projects/' && url.searchParams.get('page') === '2') {
        const list = projectList([makeProject({ id: 9, title: 'Reed organ' })], 13).body;
        return Response.json({ ...list, data: { ...list.data, page: 2 } });
      }
      return Response.json({ message: 'Not here' }, { status: 404 });
    });
    const rendered = await renderPage(
      `/category/${testCategories[0]!.id}?page=2`,
      categoryApi,
      (error) => console.error(error),
      'en',
    );
    expect(htmlOf(rendered)).toContain('Reed organ');
    expect(htmlOf(rendered)).toContain(testCategories[0]!.name);
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
  });
});

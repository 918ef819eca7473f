import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';

/** A visitor's transport: it records what it was asked for and answers, a little later, that nothing is there. */
function visitor() {
  const urls: string[] = [];
  const transport = {
    origin: 'http://fundry.test',
    fetch: async (input: string | URL | Request) => {
      urls.push(input instanceof Request ? input.url : input.toString());
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Response.json({ message: 'Project not found' }, { status: 404 });
    },
  };
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

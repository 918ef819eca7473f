import { expect, test } from '../fixtures';
import { API, bearer, isoDate } from '../support/campaign';

const SUNCELL = 'SunCell: a solar lantern for every home';

/** A project Maya submits for review: pending until the admin activates it. */
async function submitProject(request: Parameters<typeof bearer>[0], title: string) {
  const categories = await request.get(`${API}/categories`);
  const [category] = ((await categories.json()) as { data: { id: number }[] }).data;
  const created = await request.post(`${API}/projects`, {
    headers: await bearer(request, 'maya@fundry.dev'),
    multipart: {
      title,
      category_id: String(category!.id),
      goal_amount: '900',
      start_date: isoDate(0),
      end_date: isoDate(20),
      description: '<p>A project that becomes public during the journey.</p>',
      risk_and_challenges: '<p>None.</p>',
      funding_model: 'all_or_nothing',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { id: number } }).data.id;
}

async function demoProjectId(request: Parameters<typeof bearer>[0], title: string) {
  const search = await request.get(`${API}/projects/search?q=${encodeURIComponent(title)}`);
  const found = (
    (await search.json()) as { data: { projects: { id: number; title: string }[] } }
  ).data.projects.find((project) => project.title === title);
  expect(found, `${title} is in the demo data`).toBeTruthy();
  return found!.id;
}

test('a project page answers its page for any Accept header, with its title and preview', async ({
  request,
}) => {
  const id = await demoProjectId(request, SUNCELL);
  for (const accept of ['*/*', 'application/json', 'text/html']) {
    const response = await request.get(`/projects/${id}`, { headers: { accept } });
    expect(response.status(), accept).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).toContain(`<title>${SUNCELL} · Fundry</title>`);
    expect(html).toContain(`<meta property="og:title" content="${SUNCELL}" />`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/projects/${id}" />`));
  }
  const home = await request.get('/', { headers: { accept: '*/*' } });
  expect(home.status()).toBe(200);
  expect(home.headers()['content-type']).toContain('text/html');
});

test.describe('status codes', () => {
  // The web client asks the API for the hidden project too, and the browser logs that 404.
  test.use({ expectedConsoleErrors: [/status of 404 \(Not Found\)/] });

  test('unknown routes and hidden projects answer 404 with a page; a project shows once it is activated', async ({
    page,
    request,
  }) => {
    const unknown = await page.goto('/no/such/page');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Fundry');

    const title = `Lantern kiln ${Date.now().toString(36)}`;
    const id = await submitProject(request, title);
    const hidden = await page.goto(`/projects/${id}`);
    expect(hidden?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/projects/${id}</loc>`);

    const activated = await request.post(`${API}/projects/${id}/activate`, {
      headers: await bearer(request, 'admin@fundry.dev'),
    });
    expect(activated.status(), await activated.text()).toBe(200);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    expect(await sitemap.text()).toContain(`/projects/${id}</loc>`);
    const shown = await page.goto(`/projects/${id}`);
    expect(shown?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Fundry`);

    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);
  });
});

test('every route has its own title and description, also when navigating in the browser', async ({
  page,
  request,
}) => {
  const description = () => page.locator('meta[name="description"]').getAttribute('content');
  const canonical = () => page.locator('link[rel="canonical"]').getAttribute('href');
  const id = await demoProjectId(request, SUNCELL);

  await page.goto(`/projects/${id}`);
  await expect(page).toHaveTitle(`${SUNCELL} · Fundry`);
  const projectDescription = await description();
  expect(await canonical()).toMatch(new RegExp(`/projects/${id}$`));

  // The brand link and the hero's button navigate in the browser: the head follows.
  await page
    .getByRole('link', { name: /Fundry home/i })
    .first()
    .click();
  await expect(page).toHaveTitle('Fundry — fund the ideas you believe in');
  expect(await description()).not.toBe(projectDescription);

  await page.getByRole('link', { name: 'Browse Projects', exact: true }).click();
  await expect(page).toHaveTitle('Explore projects · Fundry');
  expect(await canonical()).toMatch(/\/projects\/explore$/);

  await page.goto('/about');
  await expect(page).toHaveTitle('About Fundry · Fundry');
});

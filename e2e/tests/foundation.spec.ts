import { expect, test } from '../fixtures';

// The not-found page answers 404 on purpose: the browser logs that status for the document itself.
test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/] });

test('a visitor reads the home, about, FAQ and settings pages and meets a not-found page', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const nav = page.getByRole('banner');
  await expect(nav.getByRole('link', { name: 'Fundry home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'FAQs' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Start Project' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start a Project' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Projects', exact: true })).toHaveAttribute(
    'href',
    '/projects/explore',
  );
  await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible();
  // The e2e app runs the sandbox: every page says it is test mode.
  await expect(page.getByText('Test mode: no real money moves')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home.png'), fullPage: true });

  // Main content starts 70 px below the fixed navigation bar.
  const header = await nav.boundingBox();
  expect(header?.height).toBe(70);
  const main = await page.locator('main').evaluate((el) => getComputedStyle(el).paddingTop);
  expect(main).toBe('70px');

  // The categories dropdown lists the seeded categories.
  await nav.getByRole('button', { name: 'Categories' }).click();
  await expect(page.getByRole('menuitem', { name: 'Technology' })).toBeVisible();
  await page.keyboard.press('Escape');

  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { name: 'About Fundry', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fundry in numbers' })).toBeVisible();
  for (const value of ['Transparency', 'Innovation', 'Community', 'Security']) {
    await expect(page.getByRole('heading', { name: value, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible();

  await nav.getByRole('link', { name: 'FAQs' }).click();
  for (const group of [
    'Getting Started',
    'Funding & Contributions',
    'Project Management',
    'Fees & Finances',
  ]) {
    await expect(page.getByRole('heading', { name: group })).toBeVisible();
  }
  await page.getByRole('button', { name: 'What fees does Fundry charge?' }).click();
  await expect(page.getByText('5% platform fee')).toBeVisible();

  // Settings keeps only what works; a visitor is asked to sign in for the e-mail preferences.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const mail = page.getByRole('region', { name: 'E-mail notifications' });
  await expect(mail).toContainText('to choose your e-mail preferences.');
  await expect(mail.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change password' })).toHaveAttribute(
    'href',
    '/profile?tab=account',
  );

  expect((await page.goto('/no/such/page'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the API answers unknown paths with the JSON error body, not the app', async ({ request }) => {
  const response = await request.get('/api/v1/does-not-exist');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ error: 'NOT_FOUND' });
});

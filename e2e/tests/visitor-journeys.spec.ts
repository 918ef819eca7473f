import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createCampaign, pledgeWithCard } from '../support/campaign';
import { linkIn, waitForMail } from '../support/mail';
import { toast } from '../support/page';
import { signIn } from '../support/session';

const PASSWORD = 'Lantern-Harbour-9!';
const SUNCELL = 'SunCell: a solar lantern for every home';

/** The input labelled `label` (not, say, the password field's visibility toggle). */
const field = (page: Page, label: string | RegExp) => page.locator('input').and(page.getByLabel(label));

/** The public path of a demo project, looked up as anyone can. */
async function projectPath(page: Page, title: string) {
  const search = await page.request.get(`/api/v1/projects/search?q=${encodeURIComponent(title)}`);
  const found = (
    (await search.json()) as { data: { projects: { id: number; title: string }[] } }
  ).data.projects.find((project) => project.title === title);
  expect(found, `${title} is in the demo data`).toBeTruthy();
  return `/projects/${found!.id}`;
}

test('registering from a project page keeps the way back through the mail and sign-in, with no jump', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const email = `returning-${suffix}@example.test`;
  const path = await projectPath(page, SUNCELL);

  await page.goto(path);
  await page.getByRole('button', { name: 'Back This Project' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/register$/);

  // The password rules are there before anything is submitted, and tick as they are met.
  const rules = page.getByRole('list', { name: 'Password requirements' });
  await expect(rules).toBeVisible();
  await expect(rules.getByRole('listitem')).toHaveCount(5);
  await expect(rules.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(rules.locator('[data-met="true"]')).toHaveCount(0);

  await page.getByLabel('Full name').fill('Rowan Return');
  await page.getByLabel('Username').fill(`rowan_${suffix}`);
  await page.getByLabel('Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await expect(rules.locator('[data-met="true"]')).toHaveCount(5);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(/take you back to where you were/)).toBeVisible();

  // No automatic jump: the page is still there once the mail has arrived.
  const mail = await waitForMail((m) => m.to === email && m.subject.includes('Confirm'));
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();

  // The link from the mail, then sign-in, lead back to the project.
  await page.goto(linkIn(mail, `${baseURL}/api/v1/auth/verify-email`));
  await expect(page).toHaveURL(/\/verify-email\?status=success/);
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 5_000 });
  await expect(page.getByRole('heading', { level: 1, name: SUNCELL })).toBeVisible();
});

test('pages that wait for something end in an error state with a way on', async ({ page }) => {
  // The verification page opened without the mail's link.
  await page.goto('/verify-email');
  await expect(page.getByRole('heading', { name: 'No verification link' })).toBeVisible();
  await expect(page.getByText('Verifying…')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // The bank connection's return page without a session: sign in, and come back to it.
  await page.goto('/connect/callback?account_id=acct_unknown');
  await expect(page.getByRole('heading', { name: 'Bank connection failed' })).toBeVisible();
  await expect(page.getByText('You are not signed in')).toBeVisible();
  await expect(page.getByText('Checking your bank account…')).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in to check your bank account' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill('maya@fundry.dev');
  await field(page, 'Password').fill('Fundry-Demo#2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/connect\/callback\?account_id=acct_unknown$/, { timeout: 5_000 });
  await expect(page.getByText('Checking your bank account…')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Creator Dashboard' })).toBeVisible();
});

test('a phone opens Explore’s filters in a drawer, and the sort shows its value', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/projects/explore');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveValue('newest');
  await expect(page.getByRole('article').first()).toBeVisible();

  // The server's HTML is on screen before the browser takes the page over: a press before then does nothing.
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(async () => {
    if (!(await drawer.isVisible()))
      await page.getByRole('button', { name: 'Filters' }).click({ timeout: 2_000 });
    await expect(drawer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const box = await drawer.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  await drawer.getByRole('checkbox', { name: 'Technology' }).check();
  await expect.poll(() => new URL(page.url()).searchParams.getAll('category')).toHaveLength(1);
  await drawer.getByRole('button', { name: /^Show \d+ projects?$/ }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('group', { name: 'Active filters' }).getByText('Technology')).toBeVisible();

  await sort.selectOption({ label: 'Most Funded' });
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('funded');
  await expect(sort).toHaveValue('funded');
});

test('money raised under 1% of the goal reads "<1% funded", and toasts sit below the navigation', async ({
  page,
}) => {
  const title = `Tiny start ${Date.now().toString(36)}`;
  const projectId = await createCampaign(page.request, title, 100_000);
  await pledgeWithCard(page.request, 'leo@fundry.dev', projectId, 5);

  await page.goto(`/projects/${projectId}`);
  const funding = page.locator('[aria-label="Funding"]');
  await expect(funding.getByText('$5', { exact: true })).toBeVisible();
  await expect(funding.getByRole('progressbar', { name: '<1% funded' })).toBeVisible();
  await expect(funding.getByText('0%', { exact: true })).toHaveCount(0);

  await page.goto(`/projects/explore?search=${encodeURIComponent(title)}`);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('<1% funded')).toBeVisible();

  // A toast appears below the navigation bar, never over it.
  await signIn(page, 'sofia@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  await page
    .getByRole('button', { name: /^Save( project)?$/ })
    .first()
    .click();
  const saved = toast(page, 'Project saved successfully');
  await expect(saved).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  const note = await saved.boundingBox();
  expect(note!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('About shows the figures the API gives', async ({ page }) => {
  const figures = page.getByRole('region', { name: 'Fundry in numbers' });
  const count = (value: number) => value.toLocaleString('en-US');
  const dollars = (value: number) =>
    value.toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
  // The journeys beside this one launch and fund campaigns: the API and the page are read again until they were
  // read between two such changes.
  await expect(async () => {
    const stats = (await (await page.request.get('/api/v1/stats')).json()) as {
      data: { projects_funded: number; live_projects: number; amount_raised: number; pledges: number };
    };
    await page.goto('/about');
    for (const [label, value] of [
      ['Projects funded', count(stats.data.projects_funded)],
      ['Campaigns running now', count(stats.data.live_projects)],
      ['Pledged to running and funded campaigns', dollars(stats.data.amount_raised)],
      ['Pledges from backers', count(stats.data.pledges)],
    ] as const) {
      const figure = figures.locator('[data-figure]').filter({ hasText: label });
      await expect(figure).toContainText(value, { timeout: 3_000 });
    }
  }).toPass({ timeout: 30_000 });
  for (const invented of ['12,400+', '$48M', 'Creator satisfaction', '24/7']) {
    await expect(page.getByText(invented)).toHaveCount(0);
  }
});

test('Terms and Privacy are real pages, and every footer link opens a page that exists', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /All-or-nothing charging/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Changing and cancelling a pledge/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Refunds/ })).toBeVisible();
  await expect(page).toHaveTitle(/Terms of use/);

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /What we keep and why/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Deleting your account/ })).toBeVisible();

  await page.goto('/');
  // The footer sits inside <main>, so it is a plain <footer> element rather than a contentinfo landmark.
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
  const targets = await footer
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(targets).toEqual(expect.arrayContaining(['/terms', '/privacy', '/about']));
  for (const target of new Set(targets)) {
    await page.goto(target);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' }), `${target} exists`).toHaveCount(0);
  }
});

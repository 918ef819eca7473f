import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { toast } from '../support/page';
import { DEMO_PASSWORD as PASSWORD } from '../support/session';

const SOFIA = 'sofia@fundry.dev';
const SUNCELL = 'SunCell: a solar lantern for every home';
const PIXEL = 'Pixel Harbour: a cosy fishing adventure';
const LOOP = 'Loop: a modular synthesizer for beginners';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** A screenshot from the top of the page (the fixed header stays put), with transitions finished. */
async function snap(page: Page, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
}

const cardTitles = (scope: Locator) =>
  scope.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));

const query = (page: Page) => new URL(page.url()).searchParams;

test('a visitor discovers projects on Home and finds one with the navbar search', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const discover = page.getByRole('region', { name: 'Discover Projects' });
  await expect(discover.getByRole('article', { name: SUNCELL })).toBeVisible();
  await expect(discover.getByRole('article')).toHaveCount(5);
  // Featured projects come first.
  const titles = await cardTitles(discover);
  expect(titles.slice(0, 2).sort()).toEqual([PIXEL, SUNCELL].sort());
  await expect(discover.getByRole('link', { name: 'View All Projects' })).toHaveAttribute(
    'href',
    '/projects/explore',
  );
  await discover.scrollIntoViewIfNeeded();
  await snap(page, testInfo.outputPath('home.png'));

  // Typing shows matching projects with their category; picking one opens it.
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Search projects' });
  await search.fill('solar');
  const option = page.getByRole('option', { name: new RegExp(SUNCELL) });
  await expect(option).toBeVisible();
  await expect(option).toContainText('Technology');
  // The suggestions' own options: the footer's language menu has options too.
  const suggestions = page.getByRole('listbox', { name: 'Matching projects' }).getByRole('option');
  expect(await suggestions.count()).toBeLessThanOrEqual(5);
  await option.click();
  await expect(page).toHaveURL(/\/projects\/\d+(\?ref=search)?$/);
  await expect(page.getByRole('heading', { name: SUNCELL, level: 1 })).toBeVisible();
  await expect(search).toHaveValue('');

  // Submitting the text shows the results page.
  await search.fill('harbour');
  await expect(page.getByRole('option', { name: new RegExp(PIXEL) })).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/projects\?search=harbour$/);
  await expect(page.getByRole('heading', { name: 'Results for “harbour”' })).toBeVisible();
  await expect(page.getByRole('article', { name: PIXEL })).toBeVisible();
  await expect(page.getByText(/^\d+ projects? found$/)).toBeVisible();
  await snap(page, testInfo.outputPath('search-results.png'));

  // Private projects never show up.
  await search.fill('Miracle Diet');
  await expect(page.getByText('No projects found')).toBeVisible();
  await search.fill('');
  await expect(page.getByRole('listbox')).toBeHidden();

  // On a phone the menu drawer has the search too; picking a result closes the drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Fundry' });
  await drawer.getByRole('combobox', { name: 'Search projects' }).fill('atlas');
  await page.getByRole('option', { name: /Open Atlas/ }).click();
  await expect(drawer).toBeHidden();
  await expect(
    page.getByRole('heading', { name: 'Open Atlas: maps for every school', level: 1 }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('mobile-search.png') });
});

test('a visitor explores with filters and sorts kept in the URL, then pages through a category', async ({
  page,
}, testInfo) => {
  const results = page.getByRole('main');
  // The other journeys' projects, newer, may fill the first page: the cookbook is found by its name.
  await page.goto('/projects/explore?search=Cookbook');
  await expect(results.getByRole('article', { name: 'The Neighbourhood Cookbook' })).toBeVisible();
  await page.goto('/projects/explore');
  // Explore lists active projects: one that starts in 3 days (newer than the cookbook) is not running yet.
  await expect(results.getByRole('article', { name: LOOP })).toHaveCount(0);
  await expect(results.getByRole('article', { name: 'Quiet Streets: a photo book' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('checkbox', { name: 'Technology' }).click();
  await expect(page.getByRole('checkbox', { name: 'Technology' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Games' }).click();
  await expect(page.getByRole('checkbox', { name: 'Games' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Under 25%' }).click();
  await expect(page.getByRole('checkbox', { name: 'Under 25%' })).toBeChecked();
  await expect.poll(() => query(page).getAll('progress')).toEqual(['under25']);
  expect(query(page).getAll('category')).toHaveLength(2);
  await expect(results.getByRole('article', { name: PIXEL })).toBeVisible();
  await expect(results.getByRole('article', { name: SUNCELL })).toBeVisible();
  await expect(results.getByRole('article', { name: 'The Neighbourhood Cookbook' })).toHaveCount(0);

  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips.getByText('Technology', { exact: true })).toBeVisible();
  await expect(chips.getByText('Games', { exact: true })).toBeVisible();
  await expect(chips.getByText('Progress: Under 25%')).toBeVisible();

  // Each sort is kept in the URL; Ending Soon puts the campaign that ends first on top. The default order is
  // shown as the chosen value (Newest), so Newest is chosen after another, when choosing it changes something.
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  for (const [label, value] of [
    ['Most Popular', 'popular'],
    ['Newest', 'newest'],
    ['Ending Soon', 'ending'],
    ['Most Funded', 'funded'],
  ] as const) {
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label });
    await expect.poll(() => query(page).get('sort')).toBe(value);
    await expect(results.getByRole('article', { name: PIXEL })).toBeVisible();
    await expect(results.getByRole('article', { name: SUNCELL })).toBeVisible();
    if (value === 'ending') {
      await expect.poll(async () => (await cardTitles(results))[0]).toBe(PIXEL);
    }
  }
  await snap(page, testInfo.outputPath('explore-filters.png'));

  // A reload keeps every filter.
  const address = page.url();
  await page.reload();
  expect(page.url()).toBe(address);
  await expect(page.getByRole('checkbox', { name: 'Technology' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Games' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Under 25%' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('funded');
  await expect(chips.getByText('Progress: Under 25%')).toBeVisible();

  // Removing one chip, then Clear All.
  await chips.getByRole('button', { name: 'Remove filter Games' }).click();
  await expect.poll(() => query(page).getAll('category')).toHaveLength(1);
  await expect(results.getByRole('article', { name: PIXEL })).toHaveCount(0);
  await chips.getByRole('button', { name: 'Clear All' }).click();
  await expect.poll(() => new URL(page.url()).search).toBe('?sort=funded');
  await expect(chips).toBeHidden();
  await expect(results.getByRole('article', { name: 'The Neighbourhood Cookbook' })).toBeVisible();

  // A category from the navigation bar: its active projects, on one page.
  await page.getByRole('banner').getByText('Categories').hover();
  await page.getByRole('menuitem', { name: 'Technology' }).click();
  await expect(page).toHaveURL(/\/category\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Technology', level: 1 })).toBeVisible();
  await expect(results.getByRole('article', { name: SUNCELL })).toBeVisible();
  await expect(page.getByText(/^\d+ active projects?$/)).toBeVisible();
  const total = Number((await page.getByText(/^\d+ active projects?$/).textContent())?.split(' ')[0]);
  if (total <= 12) {
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  } else {
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pagination.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  }
  await page.mouse.move(640, 600);
  await expect(page.getByRole('menu')).toBeHidden();
  await snap(page, testInfo.outputPath('category.png'));
  await page.getByRole('link', { name: 'Browse Categories' }).click();
  await expect(page).toHaveURL(/\/discover$/);
});

test('a signed-in backer saves a project, finds it in Saved Projects, unsaves it and shares it', async ({
  page,
  baseURL,
}, testInfo) => {
  // A visitor is sent to sign in first, and comes back afterwards.
  await page.goto('/saved-projects');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('You need to sign in to access that page')).toBeVisible();
  await page.getByLabel('Email').fill(SOFIA);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/saved-projects$/);
  await expect(page.getByText('No saved projects yet')).toBeVisible();

  // Found by a search: Explore's first page belongs to the newest projects, the other journeys' among them.
  await page.goto('/projects?search=solar');
  await page.getByRole('link', { name: SUNCELL }).click();
  await expect(page.getByRole('heading', { name: SUNCELL, level: 1 })).toBeVisible();

  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page, 'Project saved successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsave', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsave project' })).toBeVisible();

  // The saved state survives a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unsave', exact: true })).toBeVisible();

  // Share: the link, copied to the clipboard, and the three sites in new tabs.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this project' });
  const link = dialog.getByRole('textbox', { name: 'Project link' });
  await expect(link).toHaveValue(new RegExp(`^${baseURL}/projects/\\d+$`));
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('share-dialog.png'), animations: 'disabled' });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  for (const name of ['Twitter', 'Facebook', 'LinkedIn']) {
    await expect(dialog.getByRole('link', { name })).toHaveAttribute('target', '_blank');
  }
  await expect(dialog.getByRole('link', { name: 'Twitter' })).toHaveAttribute(
    'href',
    /^https:\/\/twitter\.com\/intent\/tweet\?url=/,
  );
  await expect(dialog.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({ timeout: 4_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Saved Projects, from the sidebar.
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Saved Projects' })
    .click();
  await expect(page).toHaveURL(/\/saved-projects$/);
  const card = page.getByRole('article', { name: SUNCELL });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: `View ${SUNCELL}` })).toBeVisible();
  await snap(page, testInfo.outputPath('saved-projects.png'));

  await card.getByRole('button', { name: `Unsave ${SUNCELL}` }).click();
  await expect(card).toBeHidden();
  await expect(page.getByText('No saved projects yet')).toBeVisible();
});

import type { Browser, Locator, Page } from '@playwright/test';
import { expect, openPage, test } from '../fixtures';
import { toast } from '../support/page';
import { DEMO_PASSWORD as PASSWORD } from '../support/session';

const SUNCELL = 'SunCell: a solar lantern for every home';

/** A calendar date (UTC, as rewards count days) some days from today. */
function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Dollars shown as '$1,234' or '$1,234.50'. */
function dollars(text: string): number {
  const match = /\$([\d,]+(?:\.\d+)?)/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/,/g, ''));
}

/**
 * A person signed in, in a browser of their own. Like the journey's page it fails on console errors and
 * uncaught exceptions of our app's pages (the sandbox checkout is served by the app too).
 */
async function openAs(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await openPage(context);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${email}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${email} uncaught: ${error.message}`));
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, errors, close: () => context.close() };
}

/** A screenshot from the top of the page, with transitions finished. */
async function snap(page: Page, path: string, fullPage = true) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage, animations: 'disabled' });
}

function fundingCard(page: Page): Locator {
  return page.locator('[aria-label="Funding"]');
}

async function raised(page: Page): Promise<number> {
  await expect(fundingCard(page)).toContainText('raised of');
  return dollars(await fundingCard(page).innerText());
}

async function backers(page: Page): Promise<number> {
  const text = await fundingCard(page).innerText();
  const match = /(\d+)\s*backers?/i.exec(text);
  if (!match) throw new Error(`no backers in ${JSON.stringify(text)}`);
  return Number(match[1]);
}

test('a creator adds a limited reward; a backer saves a card for it; another leaves a flexible checkout', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const rewardTitle = `Journey Lamp ${Date.now().toString(36)}`;

  // The project's id, as anyone can look it up.
  const search = await page.request.get(`/api/v1/projects/search?q=${encodeURIComponent('SunCell')}`);
  const found = (await search.json()).data.projects.find(
    (project: { title: string }) => project.title === SUNCELL,
  );
  expect(found, 'SunCell is in the demo data').toBeTruthy();
  const projectPath = `/projects/${found.id as number}`;

  // A visitor sees the rewards and Back This Project, which sends them to sign in first.
  await page.goto(projectPath);
  await expect(page.getByRole('heading', { name: 'Rewards' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Thank-you postcard' })).toBeVisible();
  await page.getByRole('button', { name: 'Back This Project' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // Maya, the creator, adds a reward of 5 to her project.
  const maya = await openAs(browser, baseURL!, 'maya@fundry.dev');
  await maya.page.goto(projectPath);
  await expect(maya.page.getByRole('button', { name: 'Back This Project' })).toHaveCount(0);
  await maya.page.getByRole('button', { name: 'Add Reward' }).click();
  const create = maya.page.getByRole('dialog');
  await create.getByLabel(/Reward Title/).fill(rewardTitle);
  await create.getByLabel(/^Description/).fill('A desk lamp edition of SunCell, signed by the team.');
  await create.getByLabel(/Minimum Pledge Amount/).fill('40');
  await create.getByLabel(/Available Quantity/).fill('5');
  await create.getByLabel(/Estimated Delivery Date/).fill(dateIn(60));
  await create.getByRole('button', { name: 'Create Reward' }).click();
  await expect(toast(maya.page, `Reward "${rewardTitle}" created successfully!`)).toBeVisible();
  const mayaCard = maya.page.getByRole('article', { name: rewardTitle });
  await expect(mayaCard).toContainText('5 of 5 left');
  await expect(mayaCard.getByRole('button', { name: `Edit ${rewardTitle}` })).toBeVisible();
  await snap(maya.page, testInfo.outputPath('1-project-with-rewards-creator.png'));

  // Avery, who cancelled an earlier pledge in the demo data, backs it with that reward.
  const avery = await openAs(browser, baseURL!, 'admin@fundry.dev');
  await avery.page.goto(projectPath);
  const rewardCard = avery.page.getByRole('article', { name: rewardTitle });
  await expect(rewardCard).toContainText('5 of 5 left');
  await expect(rewardCard).toContainText('0 backers');
  const raisedBefore = await raised(avery.page);
  const backersBefore = await backers(avery.page);
  await snap(avery.page, testInfo.outputPath('2-project-with-rewards.png'));

  await avery.page.getByRole('button', { name: 'Back This Project' }).click();
  const dialog = avery.page.getByRole('dialog');
  await dialog.getByLabel(new RegExp(rewardTitle)).check();
  const amount = dialog.getByLabel(/Pledge Amount/);
  await expect(amount).toHaveValue('40');
  const confirm = dialog.getByRole('button', { name: 'Continue to Payment' });
  await amount.fill('20');
  await expect(confirm).toBeDisabled();
  await expect(dialog).toContainText('Amount must be at least the reward’s minimum pledge');
  await amount.fill('45');
  await expect(confirm).toBeEnabled();
  await avery.page.screenshot({ path: testInfo.outputPath('3-back-dialog.png'), animations: 'disabled' });
  await confirm.click();

  // The sandbox checkout saves a card (nothing is charged before the campaign succeeds), then the success page.
  await avery.page.waitForURL(/\/sandbox\/checkout\//);
  await avery.page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await avery.page.getByRole('button', { name: 'Save card' }).click();
  await avery.page.waitForURL(/\/donation\/success\?donation_id=\d+/);
  const summary = avery.page.getByLabel('Your pledge');
  await expect(summary).toContainText(SUNCELL);
  await expect(summary).toContainText(rewardTitle);
  await expect(summary).toContainText('$45');
  await expect(summary).toContainText('Pledged');
  await snap(avery.page, testInfo.outputPath('4-success.png'));

  // Back on the project: the pledge counts, the reward has one backer and one fewer left, and Avery is a
  // new backer.
  await avery.page.getByRole('link', { name: `Back to ${SUNCELL}` }).click();
  await expect(avery.page).toHaveURL(new RegExp(`${projectPath}$`));
  await expect.poll(() => raised(avery.page)).toBe(raisedBefore + 45);
  expect(await backers(avery.page)).toBe(backersBefore + 1);
  await expect(avery.page.getByText(`You backed this project · $45 · ${rewardTitle}`)).toBeVisible();
  await expect(rewardCard).toContainText('4 of 5 left');
  await expect(rewardCard).toContainText('1 backer');

  // Their backed projects list SunCell with their own pledge (the cancelled one does not count).
  await avery.page.goto('/backed-projects');
  const backedCard = avery.page.getByRole('article', { name: SUNCELL });
  await expect(backedCard).toContainText('$45');
  await expect(backedCard).toContainText('Pledged');
  await avery.page.getByRole('tab', { name: 'Successful' }).click();
  await expect(avery.page).toHaveURL(/tab=successful/);
  await avery.page.getByRole('tab', { name: 'Active' }).click();
  await expect(avery.page.getByRole('article', { name: SUNCELL })).toBeVisible();
  await snap(avery.page, testInfo.outputPath('5-backed-projects.png'));

  // Maya hears about it in Recent Activity.
  await maya.page.goto('/dashboard');
  const activity = maya.page.getByRole('region', { name: 'Recent Activity' });
  const donation = activity
    .getByRole('listitem')
    .filter({ hasText: /Avery Admin backed “SunCell: a solar lantern for every home” with \$45/ });
  await expect(donation).toBeVisible();
  await expect(donation).toContainText('just now');
  await expect(donation).toHaveAttribute('data-unread', 'true');
  await snap(maya.page, testInfo.outputPath('6-dashboard-recent-activity.png'));
  await donation.getByRole('button').first().click();
  await expect(donation).not.toHaveAttribute('data-unread', 'true');

  // Leo starts backing Maya's flexible cookbook, which charges at checkout, then cancels there: nothing changes.
  const leo = await openAs(browser, baseURL!, 'leo@fundry.dev');
  const cookbook = await page.request.get(`/api/v1/projects/search?q=${encodeURIComponent('Cookbook')}`);
  const cookbookId = (await cookbook.json()).data.projects[0].id as number;
  await leo.page.goto(`/projects/${cookbookId}`);
  const leoRaisedBefore = await raised(leo.page);
  // The server's page is a signed-out visitor's until the browser takes it over with Leo's session.
  await leo.page.waitForLoadState('networkidle');
  await leo.page.getByRole('button', { name: 'Back This Project' }).click();
  const leoDialog = leo.page.getByRole('dialog');
  await expect(leoDialog.getByTestId('charge-explanation')).toContainText(
    'Flexible funding: you are charged now, and this pledge cannot be changed or cancelled afterwards.',
  );
  await leoDialog.getByLabel(/Pledge Amount/).fill('12');
  await leoDialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await leo.page.waitForURL(/\/sandbox\/checkout\//);
  await expect(leo.page.getByRole('button', { name: 'Pay $12.00' })).toBeVisible();
  await leo.page.getByRole('button', { name: 'Cancel' }).click();
  await leo.page.waitForURL(/\/donation\/cancel/);
  await expect(leo.page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await expect(leo.page.getByText('Your pledge was cancelled and you have not been charged.')).toBeVisible();
  await leo.page.getByRole('link', { name: /^Back to The Neighbourhood Cookbook/ }).click();
  await expect.poll(() => raised(leo.page)).toBe(leoRaisedBefore);

  for (const person of [maya, avery, leo]) {
    expect(person.errors, 'the browser console must stay free of errors').toEqual([]);
    await person.close();
  }
});

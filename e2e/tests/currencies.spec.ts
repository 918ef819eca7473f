import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openPage, test } from '../fixtures';
import { activateCampaign, API, bearer, isoDate } from '../support/campaign';
import { toast } from '../support/page';
import { signIn } from '../support/session';

/** A reward on a project, in the project's currency, through the API as the reward form sends it. */
async function addReward(request: APIRequestContext, projectId: number, reward: Record<string, unknown>) {
  const response = await request.post(`${API}/rewards/projects/${projectId}/rewards`, {
    headers: await bearer(request, 'maya@fundry.dev'),
    data: { description: 'Made for a journey', estimated_delivery_date: isoDate(60), ...reward },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Backs a project with no reward through the back dialog and saves a test card on the sandbox checkout. */
async function backWithoutReward(page: Page, amount: string) {
  await page.getByRole('button', { name: 'Back This Project' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('No reward').check();
  await dialog.getByLabel(/Pledge Amount/).fill(amount);
  return dialog;
}

async function saveCard(page: Page) {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL(/\/donation\/success\?donation_id=\d+/);
}

const APPROXIMATE_DOLLARS = /≈ \$[\d,]+(?!\.)/;

test('a creator raises in euros; a visitor reading in English backs it and sees dollar approximations', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `Euro Lantern ${Date.now().toString(36)}`;

  // Maya creates her project in euros: the goal takes cents and shows the euro sign.
  await signIn(page, 'maya@fundry.dev');
  await page.goto('/projects/create');
  await page.getByLabel('Project Title').fill(title);
  await page.locator('form').getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'Euro (EUR)' }).click();
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Technology' }).click();
  await page.getByLabel('Funding Goal').fill('1234.50');
  await page.getByLabel('Start Date').fill(isoDate(0));
  await page.getByLabel('End Date').fill(isoDate(30));
  await page.getByRole('textbox', { name: 'Project Description' }).click();
  await page.keyboard.type('A lantern sold across the euro area.');
  await page.getByRole('textbox', { name: 'Risks and Challenges' }).click();
  await page.keyboard.type('Shipping within the EU may take a week.');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Project Preview' }).getByText('€1,234.50')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(toast(page, 'Project created')).toBeVisible();
  await page.getByRole('tab', { name: /Pending/ }).click();
  const link = page.getByRole('article', { name: title }).getByRole('link', { name: `View ${title}` });
  const projectPath = (await link.getAttribute('href'))!;
  const projectId = Number(/(\d+)$/.exec(projectPath)![1]);

  // A reward in euros that ships, with a price for the rest of the world; the admin lets the project go live.
  await addReward(page.request, projectId, {
    title: 'Lantern, shipped',
    minimum_amount: 25.5,
    shipping_type: 'international',
    shipping_rules: [{ country: '*', cost: 4.5 }],
  });
  await activateCampaign(page.request, projectId);

  // Leo reads in English, so his display currency is the dollar: beside every euro amount, about how many.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const leo = await openPage(context);
  await signIn(leo, 'leo@fundry.dev');
  await leo.goto(projectPath);
  const funding = leo.locator('[aria-label="Funding"]');
  await expect(funding).toContainText('€0');
  await expect(funding).toContainText('raised of €1,234.50 goal');
  await expect(funding.getByTitle(/^approximately \$[\d,]+$/)).toHaveCount(1);
  await expect(funding).toContainText(APPROXIMATE_DOLLARS);
  const reward = leo.getByRole('article', { name: 'Lantern, shipped' });
  await expect(reward).toContainText('€25.50');
  await expect(reward).toContainText('€4.50');
  await expect(reward).toContainText(APPROXIMATE_DOLLARS);
  await leo.screenshot({ path: testInfo.outputPath('euro-project-1280.png'), fullPage: true });
  await leo.setViewportSize({ width: 390, height: 844 });
  await leo.screenshot({ path: testInfo.outputPath('euro-project-390.png'), fullPage: true });
  await leo.setViewportSize({ width: 1280, height: 900 });

  // He backs it with 30 €: the dialog tells him about how much that is in dollars, the receipt says euros.
  const dialog = await backWithoutReward(leo, '30');
  await expect(dialog.getByTestId('charge-explanation')).toContainText('€30');
  await expect(dialog.getByTestId('charge-explanation')).toContainText(APPROXIMATE_DOLLARS);
  await leo.screenshot({ path: testInfo.outputPath('euro-back-dialog.png'), animations: 'disabled' });
  await saveCard(leo);
  await expect(leo.getByLabel('Your pledge')).toContainText('€30');

  // Chosen in the footer, the display currency follows him: now yen, in whole yen.
  await leo.goto(projectPath);
  // The footer's menus are in once the page is idle (their code comes after the page's); the footer is no landmark.
  await leo.waitForLoadState('networkidle');
  await leo.locator('footer').getByLabel('Currency').selectOption('JPY');
  await expect(funding).toContainText(/≈ ¥[\d,]+(?!\.)/);
  await leo.reload();
  await expect(funding).toContainText(/≈ ¥[\d,]+(?!\.)/);
  await context.close();
});

test('a pledge in yen shows no decimals anywhere', async ({ page }) => {
  const creator = await bearer(page.request, 'maya@fundry.dev');
  const categories = (await (await page.request.get(`${API}/categories`)).json()) as {
    data: { id: number }[];
  };
  const created = await page.request.post(`${API}/projects`, {
    headers: creator,
    multipart: {
      title: `Yen Kettle ${Date.now().toString(36)}`,
      currency: 'JPY',
      category_id: String(categories.data[0]!.id),
      goal_amount: '500000',
      start_date: isoDate(0),
      end_date: isoDate(20),
      description: '<p>A kettle priced in yen.</p>',
      risk_and_challenges: '<p>None.</p>',
      funding_model: 'all_or_nothing',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { data: { id: number } }).data.id;
  await addReward(page.request, projectId, { title: 'Kettle', minimum_amount: 5000, shipping_type: 'none' });
  await activateCampaign(page.request, projectId);

  await signIn(page, 'leo@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  const dialog = await backWithoutReward(page, '5000.5');
  // The amount takes no decimal on yen.
  await expect(dialog.getByLabel(/Pledge Amount/)).toHaveValue('5000');
  await expect(dialog.getByTestId('charge-explanation')).toContainText('¥5,000');
  await saveCard(page);
  await expect(page.getByLabel('Your pledge')).toContainText('¥5,000');
  await page.getByRole('link', { name: /^Back to Yen Kettle/ }).click();
  await expect(page.locator('[aria-label="Funding"]')).toContainText('¥5,000');
  await expect(page.getByText('You backed this project · ¥5,000')).toBeVisible();
  expect(await page.locator('main').innerText()).not.toMatch(/¥\s?[\d,]+\.\d/);
});

import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { API, bearer, createCampaign, databaseUrl, endCampaign } from '../support/campaign';
import { toast } from '../support/page';
import { signIn, signOut } from '../support/session';

test.skip(!databaseUrl, 'Ending a campaign needs the app on a PostgreSQL server (none answered at start)');

/** A backer pledges for the campaign's digital reward and saves a test card on the sandbox checkout. */
async function pledgeForReward(request: APIRequestContext, email: string, projectId: number, amount: number) {
  const rewards = await request.get(`${API}/rewards/projects/${projectId}/rewards`);
  const reward = ((await rewards.json()) as { data: { id: number; title: string }[] }).data.find(
    (item) => item.title === 'Digital thanks',
  )!;
  const response = await request.post(`${API}/backers/projects/${projectId}/back`, {
    headers: await bearer(request, email),
    data: { amount, currency: 'USD', reward_id: reward.id },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { checkout_url } = ((await response.json()) as { data: { checkout_url: string } }).data;
  const saved = await request.post(`${new URL(checkout_url).pathname}/card`, {
    form: { card_number: '4242 4242 4242 4242' },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(303);
}

/**
 * DESIGN.md §17: the creator writes and sends the backer survey once the pledges are collected; a backer answers it
 * on a phone and buys an add-on with the saved card; the creator filters the backers who have not answered and
 * messages them.
 */
test('the creator sends the survey, a backer answers it on a phone with an add-on, the creator messages the rest', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const title = `Survey journey ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 40);
  const creator = await bearer(request, 'maya@fundry.dev');
  const sticker = await request.post(`${API}/projects/${projectId}/add-ons`, {
    headers: creator,
    data: { title: 'Sticker sheet', price: 3 },
  });
  expect(sticker.status(), await sticker.text()).toBe(201);
  await pledgeForReward(request, 'leo@fundry.dev', projectId, 30);
  await pledgeForReward(request, 'lena@fundry.dev', projectId, 25);
  await endCampaign(projectId, baseURL!);
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

  // Maya writes one required choice and sends the survey.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'maya@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  const tools = page.getByRole('region', { name: 'Creator Tools' });
  await tools.getByRole('tab', { name: 'Survey' }).click();
  await tools.getByRole('button', { name: 'Add a question' }).click();
  await tools.getByRole('textbox', { name: 'Question', exact: true }).fill('Which poster colour?');
  const options = tools.getByRole('combobox', { name: 'Options' });
  await options.fill('Teal');
  await options.press('Enter');
  await options.fill('Coral');
  await options.press('Enter');
  await tools.getByRole('checkbox', { name: 'Required' }).check();
  await tools.getByRole('button', { name: 'Save questions' }).click();
  await expect(toast(page, 'Survey saved.')).toBeVisible();
  await tools.getByRole('button', { name: 'Send the survey' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send the survey?' });
  await confirm.getByRole('button', { name: 'Send the survey' }).click();
  await expect(toast(page, 'The survey was sent to your backers.')).toBeVisible();
  await expect(tools.getByText('0 of 2 backers answered')).toBeVisible();
  await tools.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/survey-1-editor-1366.png', fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sideways()).toBe(false);
  await page.screenshot({ path: '/tmp/survey-1-editor-390.png', fullPage: true, animations: 'disabled' });
  // The account menu is the wide layout's.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signOut(page);
  await page.setViewportSize({ width: 390, height: 844 });

  // Leo, on a phone, follows his notification, answers, and adds two sticker sheets.
  await signIn(page, 'leo@fundry.dev');
  await page.goto('/backed-projects');
  await page.getByRole('link', { name: `Backer survey of “${title}”` }).click();
  await page.waitForURL(/\/backed-projects\/\d+\/survey$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Backer survey' })).toBeVisible();
  await page.getByRole('radio', { name: 'Coral' }).check();
  await page.getByRole('textbox', { name: 'How many “Sticker sheet”' }).fill('2');
  await expect(page.getByText('Charged on submit: $6')).toBeVisible();
  expect(await sideways()).toBe(false);
  await page.screenshot({ path: '/tmp/survey-2-backer-390.png', fullPage: true, animations: 'disabled' });
  await page.getByRole('button', { name: 'Submit and pay $6' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Your answers are saved and your add-ons were charged to your card.' }),
  ).toBeVisible();
  await expect(page.getByText(/^Answered on/)).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: '/tmp/survey-2-backer-1366.png', fullPage: true, animations: 'disabled' });
  await page.goto('/backed-projects');
  await expect(page.getByRole('article', { name: title })).toContainText('Sticker sheet');
  await signOut(page);

  // Maya filters the backers who have not answered (Lena) and messages them.
  await signIn(page, 'maya@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  await tools.getByRole('tab', { name: 'Backers', exact: true }).click();
  await tools.getByRole('combobox', { name: 'Survey' }).click();
  await page.getByRole('option', { name: 'Not answered' }).click();
  await expect(tools.getByRole('row').filter({ hasText: 'lena@fundry.dev' })).toBeVisible();
  await expect(tools.getByRole('row').filter({ hasText: 'leo@fundry.dev' })).toHaveCount(0);
  await page.screenshot({
    path: '/tmp/survey-3-unanswered-1366.png',
    fullPage: true,
    animations: 'disabled',
  });
  await tools.getByRole('button', { name: 'Message these backers' }).click();
  const bulk = page.getByRole('dialog', { name: 'Message these backers' });
  await bulk.getByRole('textbox', { name: 'Your message' }).fill('Please answer the survey so we can ship!');
  await bulk.getByRole('button', { name: 'Send to these backers' }).click();
  await expect(bulk).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sideways()).toBe(false);
  await page.screenshot({ path: '/tmp/survey-3-unanswered-390.png', fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signOut(page);

  // Lena finds the message in her inbox.
  await signIn(page, 'lena@fundry.dev');
  await page.goto('/messages');
  await expect(page.getByText('Please answer the survey so we can ship!')).toBeVisible();
});

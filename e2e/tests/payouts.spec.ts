import type { Page } from '@playwright/test';
import { PAYOUT_MESSAGES } from '@fundry/shared';
import { translator } from '../support/i18n';
import { expect, test } from '../fixtures';
import { toast } from '../support/page';
import { signIn, signOut } from '../support/session';

const MAYA = 'maya@fundry.dev';
const LEO = 'leo@fundry.dev';
const COOKBOOK = 'The Neighbourhood Cookbook';

/** A screenshot from the top of the page, transitions finished. */
async function snap(page: Page, path: string, fullPage = true) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage, animations: 'disabled' });
}

test('a creator connects a bank account and takes the money a backer pledged in two payouts', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  let projectId = 0;

  await test.step('a backer pledges to the flexible cookbook and pays in the sandbox checkout', async () => {
    await signIn(page, LEO);
    const found = await page.request.get(`/api/v1/projects/search?q=${encodeURIComponent(COOKBOOK)}`);
    const { data } = (await found.json()) as { data: { projects: { id: number; title: string }[] } };
    projectId = data.projects.find((project) => project.title === COOKBOOK)!.id;
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const pledge = await page.request.post(`/api/v1/backers/projects/${projectId}/back`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { amount: 250, currency: 'USD' },
    });
    expect(pledge.status(), await pledge.text()).toBeLessThan(300);
    const { data: checkout } = (await pledge.json()) as { data: { checkout_url: string } };
    await page.goto(checkout.checkout_url);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/donation\/success/);
    await signOut(page);
  });

  await test.step('the creator sees the panel with no bank account and starts onboarding', async () => {
    await signIn(page, MAYA);
    await page.goto(`/projects/${projectId}`);
    const panel = page.getByRole('region', { name: 'Payment Management' });
    await expect(panel.getByText('No bank account connected')).toBeVisible();
    await expect(panel.getByText(translator('en').t(PAYOUT_MESSAGES.notConnected))).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: testInfo.outputPath('panel-not-connected.png'), animations: 'disabled' });
    await panel.getByRole('button', { name: 'Connect Bank Account' }).click();
    await expect(page).toHaveURL(/\/sandbox\/connect\//);
    await page.getByRole('button', { name: 'Leave incomplete' }).click();
  });

  await test.step('leaving onboarding incomplete shows the requirements still due', async () => {
    await expect(page).toHaveURL(/\/connect\/callback\?account_id=/);
    await expect(page.getByText('Bank account connection process was not completed')).toBeVisible();
    const due = page.getByRole('list', { name: 'Requirements still due' });
    await expect(due.getByText('Bank account details')).toBeVisible();
    await expect(due.getByText('Identity verification document')).toBeVisible();
    await snap(page, testInfo.outputPath('callback-incomplete.png'));

    await page.goto(`/projects/${projectId}`);
    const panel = page.getByRole('region', { name: 'Payment Management' });
    await expect(panel.getByText('Bank account setup incomplete')).toBeVisible();
    await expect(panel.getByText('Identity verification document')).toBeVisible();
    await expect(panel.getByText(translator('en').t(PAYOUT_MESSAGES.notEnabled))).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: testInfo.outputPath('panel-incomplete.png'), animations: 'disabled' });
    await panel.getByRole('button', { name: 'Continue Bank Account Setup' }).click();
    await expect(page).toHaveURL(/\/sandbox\/connect\//);
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
  });

  await test.step('completing onboarding shows success and the creator payouts overview', async () => {
    await expect(page).toHaveURL(/\/connect\/callback\?account_id=/);
    await expect(page.getByRole('heading', { name: 'Bank account connected' })).toBeVisible();
    await snap(page, testInfo.outputPath('callback-success.png'));
    await page.getByRole('link', { name: 'Go to Creator Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await expect(page.getByText('Payouts enabled')).toBeVisible();
    const row = page.getByRole('listitem', { name: COOKBOOK });
    await expect(row.getByText('Eligible for payout')).toBeVisible();
    await snap(page, testInfo.outputPath('creator-dashboard.png'));
    await row.getByRole('link', { name: 'Manage Payouts' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  });

  let available = 0;
  await test.step('the creator requests part of the available amount', async () => {
    const panel = page.getByRole('region', { name: 'Payment Management' });
    await expect(panel.getByText('Payouts enabled')).toBeVisible();
    await expect(panel.getByText('Eligible', { exact: true })).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: testInfo.outputPath('panel-overview.png'), animations: 'disabled' });

    await panel.getByRole('button', { name: 'Request Payout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Payout' });
    const amount = dialog.getByLabel('Amount', { exact: true });
    available = Number(await amount.inputValue());
    expect(available).toBeGreaterThan(100);
    await amount.fill('0');
    await dialog.getByRole('button', { name: 'Request Payout' }).click();
    await expect(dialog.getByText('Please enter a valid amount')).toBeVisible();
    await amount.fill(String(available + 1));
    await dialog.getByRole('button', { name: 'Request Payout' }).click();
    await expect(dialog.getByText(translator('en').t(PAYOUT_MESSAGES.overAvailable))).toBeVisible();
    await amount.fill('100');
    await page.screenshot({ path: testInfo.outputPath('dialog-entry.png'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Request Payout' }).click();
    await expect(dialog.getByText('Payout request submitted successfully')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('dialog-success.png'), animations: 'disabled' });
    await expect(toast(page, 'Payout request submitted successfully')).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    await expect(panel.getByText('$100')).toBeVisible();
  });

  await test.step('the payout appears in the history', async () => {
    const panel = page.getByRole('region', { name: 'Payment Management' });
    await panel.getByRole('tab', { name: 'Payout History' }).click();
    const table = panel.getByRole('table', { name: 'Payout history' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByText('$100')).toBeVisible();
    await expect(table.getByText('COMPLETED')).toBeVisible();
    await panel.screenshot({ path: testInfo.outputPath('panel-history.png'), animations: 'disabled' });
  });

  await test.step('the creator takes the rest and is no longer eligible', async () => {
    const panel = page.getByRole('region', { name: 'Payment Management' });
    await panel.getByRole('tab', { name: 'Overview' }).click();
    await panel.getByRole('button', { name: 'Request Payout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Payout' });
    const rest = Math.round((available - 100) * 100) / 100;
    await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue(String(rest));
    await dialog.getByRole('button', { name: 'Request Payout' }).click();
    await expect(dialog.getByText('Payout request submitted successfully')).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    await expect(panel.getByText('You are not eligible for a payout at this time')).toBeVisible();
    await expect(panel.getByText(translator('en').t(PAYOUT_MESSAGES.allPaid))).toBeVisible();
    await expect(panel.getByText('Not eligible', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Request Payout' })).toHaveCount(0);
    await panel.screenshot({ path: testInfo.outputPath('panel-not-eligible.png'), animations: 'disabled' });
    await panel.getByRole('tab', { name: 'Payout History' }).click();
    await expect(panel.getByRole('table', { name: 'Payout history' }).getByRole('row')).toHaveCount(3);
  });
});

import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { shoot, toast } from '../support/page';
import {
  activateCampaign,
  API,
  bearer,
  createCampaign,
  databaseUrl,
  isoDate,
  pledgeWithCard,
  submitCampaign,
} from '../support/campaign';
import { signIn, signOut } from '../support/session';

test.skip(
  !databaseUrl,
  'The journeys use the demo accounts, seeded on a PostgreSQL server (none answered at start)',
);

/** Maya submits a project for review through the API (the form has its own journeys). */
/** Pledges through the API and pays on the sandbox checkout page, as a backer's browser would. */
async function backFlexible(
  page: Page,
  request: APIRequestContext,
  email: string,
  projectId: number,
  body: Record<string, unknown>,
) {
  const response = await request.post(`${API}/backers/projects/${projectId}/back`, {
    headers: await bearer(request, email),
    data: { currency: 'USD', ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { checkout_url } = ((await response.json()) as { data: { checkout_url: string } }).data;
  await page.goto(checkout_url);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/donation\/success\?donation_id=\d+/);
}

test('a creator submits, an admin rejects with a reason, the creator fixes and resubmits, the admin activates', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const out = (name: string) => testInfo.outputPath(name);
  const title = `Review journey ${Date.now().toString(36)}`;
  const { id } = await submitCampaign(request, { title, endsIn: 20 });

  // The admin is told, and finds the project in the review queue.
  await signIn(page, 'admin@fundry.dev');
  await page.goto('/notifications');
  await expect(page.getByText(`“${title}” was submitted for review.`)).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  const row = page.getByTestId(`queue-row-${id}`);
  await expect(row).toContainText('Maya Okafor');
  await expect(row).toContainText('maya@fundry.dev');
  await shoot(page, '1-review-queue', out);

  // A rejection needs a reason.
  await row.getByRole('button', { name: `Reject ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject project' });
  // Sent empty once the dialog has opened with its form, not during its opening transition.
  await expect(dialog.getByRole('textbox', { name: /Reason/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject project' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Please show a photo of a working prototype.');
  await shoot(page, '2-reject-dialog', out);
  await dialog.getByRole('button', { name: 'Reject project' }).click();
  await expect(toast(page, 'Project rejected')).toBeVisible();
  await expect(page.getByTestId(`queue-row-${id}`)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByRole('row').filter({ hasText: title }).first()).toContainText(
    'Please show a photo of a working prototype.',
  );
  await signOut(page);

  // Maya reads the reason on her project page, fixes the project and submits it again.
  await signIn(page, 'maya@fundry.dev');
  await page.goto(`/projects/${id}`);
  const banner = page.getByTestId('rejection-banner');
  await expect(banner).toContainText('This project was not approved');
  await expect(banner).toContainText('Please show a photo of a working prototype.');
  await shoot(page, '3-rejection-banner', out);
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: /Project Title/ }).fill(`${title} (with prototype)`);
  await page.getByRole('button', { name: 'Resubmit for Review' }).click();
  await expect(toast(page, 'Project updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
  await expect(
    page.getByText('This project is currently under review and not yet visible to others.'),
  ).toBeVisible();
  await signOut(page);

  // The admin activates it after a confirmation.
  await signIn(page, 'admin@fundry.dev');
  await page.goto('/admin');
  const again = page.getByTestId(`queue-row-${id}`);
  await again.getByRole('button', { name: `Activate ${title} (with prototype)` }).click();
  await page
    .getByRole('dialog', { name: 'Activate project' })
    .getByRole('button', { name: 'Activate' })
    .click();
  await expect(toast(page, 'Project activated successfully')).toBeVisible();
  await page.goto(`/projects/${id}`);
  await expect(page.getByTestId('admin-status')).toHaveText('ACTIVE');
});

test('the creator exports the backers as CSV, marks a reward sent and refunds a flexible pledge', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const out = (name: string) => testInfo.outputPath(name);
  const title = `Tools journey ${Date.now().toString(36)}`;
  const { id, creator } = await submitCampaign(request, { title, fundingModel: 'flexible', endsIn: 20 });
  const reward = await request.post(`${API}/rewards/projects/${id}/rewards`, {
    headers: creator,
    data: {
      title: 'Sun lamp',
      description: 'The lamp, shipped',
      minimum_amount: 30,
      quantity_available: 10,
      shipping_type: 'international',
      shipping_rules: [{ country: '*', cost: 10 }],
      estimated_delivery_date: isoDate(60),
    },
  });
  expect(reward.status(), await reward.text()).toBe(201);
  const rewardId = ((await reward.json()) as { data: { id: number } }).data.id;
  await activateCampaign(request, id);

  await backFlexible(page, request, 'sofia@fundry.dev', id, {
    amount: 45,
    reward_id: rewardId,
    shipping_address: {
      name: 'Sofia Lindqvist',
      line1: 'Storgatan 1',
      city: 'Stockholm',
      postal_code: '111 22',
      country: 'SE',
    },
  });
  await backFlexible(page, request, 'leo@fundry.dev', id, { amount: 15 });

  await signIn(page, 'maya@fundry.dev');
  await page.goto(`/projects/${id}`);
  const tools = page.getByRole('region', { name: 'Creator Tools' });
  await expect(tools.getByTestId('funding-summary')).toContainText('$60 raised of a $500 goal (12%) from 2');
  await tools.scrollIntoViewIfNeeded();
  await shoot(page, '4-funding-curve', out);
  await tools.getByRole('tab', { name: 'Backers', exact: true }).click();
  const sofia = tools.getByRole('row').filter({ hasText: 'sofia@fundry.dev' });
  const leo = tools.getByRole('row').filter({ hasText: 'leo@fundry.dev' });
  await expect(sofia).toContainText('Sun lamp');
  await expect(sofia).toContainText('Storgatan 1');
  await expect(leo).toContainText('No reward');
  await shoot(page, '5-backers', out);
  await page.setViewportSize({ width: 390, height: 844 });
  await tools.screenshot({ path: out('6-backers-phone.png'), animations: 'disabled' });
  await tools.getByRole('tab', { name: 'Funding' }).click();
  await expect(tools.getByTestId('funding-summary')).toBeVisible();
  await tools.screenshot({ path: out('6-funding-phone.png'), animations: 'disabled' });
  await tools.getByRole('tab', { name: 'Backers', exact: true }).click();
  await page.setViewportSize({ width: 1366, height: 900 });

  // The CSV, downloaded and read as a spreadsheet would.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    tools.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`fundry-project-${id}-backers.csv`);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Pledge ID,Backer,Email,Amount (USD),Currency,Reward,Add-ons,Status,Late pledge,Paid over time (USD),Pledged at (UTC),Reward sent,Reward received,Tracking link,Ship to,Address line 1,Address line 2,City,Region,Postal code,Country',
  );
  const cells = (email: string) => lines.find((line) => line.includes(email))!.split(',');
  expect(cells('sofia@fundry.dev').slice(1, 10)).toEqual([
    'Sofia Lindqvist',
    'sofia@fundry.dev',
    '45.00',
    'USD',
    'Sun lamp',
    '',
    'Collected',
    'no',
    // Not paid over time.
    '',
  ]);
  expect(cells('sofia@fundry.dev').slice(11)).toEqual([
    'no',
    'no',
    '',
    'Sofia Lindqvist',
    'Storgatan 1',
    '',
    'Stockholm',
    '',
    '111 22',
    'SE',
  ]);
  expect(cells('leo@fundry.dev').slice(1, 9)).toEqual([
    'Leo Martins',
    'leo@fundry.dev',
    '15.00',
    'USD',
    '',
    '',
    'Collected',
    'no',
  ]);

  // The reward goes out.
  await sofia.getByRole('button', { name: 'Mark reward sent to Sofia Lindqvist' }).click();
  await page
    .getByRole('dialog', { name: 'Mark the reward sent' })
    .getByRole('button', { name: 'Mark sent' })
    .click();
  await expect(toast(page, 'The reward was marked as sent')).toBeVisible();
  await expect(sofia).toContainText('Sent');

  // Leo's flexible pledge is refunded in full, once.
  await leo.getByRole('button', { name: 'Refund Leo Martins' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund pledge' });
  await expect(confirm).toContainText('Leo Martins gets $15 back');
  await confirm.getByRole('button', { name: 'Refund in full' }).click();
  await expect(toast(page, 'The pledge was refunded in full')).toBeVisible();
  await expect(leo).toContainText('Refunded');
  await expect(leo.getByRole('button', { name: 'Refund Leo Martins' })).toHaveCount(0);
  await tools.getByRole('tab', { name: 'Funding' }).click();
  await expect(tools.getByTestId('funding-summary')).toContainText('$45 raised');
  await signOut(page);

  // Leo sees the refund, Sofia the reward on its way.
  await signIn(page, 'leo@fundry.dev');
  await page.goto('/notifications');
  await expect(page.getByText(`pledge to “${title}” was refunded`)).toBeVisible();
});

test('a backer reports a comment, an admin removes it, and the audit log shows both', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const out = (name: string) => testInfo.outputPath(name);
  const title = `Report journey ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 500);
  const spam = `Cheap watches at watches.example, ${Date.now().toString(36)}`;
  await pledgeWithCard(request, 'leo@fundry.dev', projectId, 20);
  const commented = await request.post(`${API}/projects/${projectId}/comments`, {
    headers: await bearer(request, 'leo@fundry.dev'),
    data: { body: spam },
  });
  expect(commented.status(), await commented.text()).toBe(201);

  // Sofia reports it, with a reason.
  await signIn(page, 'sofia@fundry.dev');
  await page.goto(`/projects/${projectId}?tab=comments`);
  await expect(page.getByText(spam)).toBeVisible();
  await page.getByRole('button', { name: 'Report the comment by Leo Martins' }).click();
  const report = page.getByRole('dialog', { name: 'Report this comment' });
  await report.getByRole('textbox', { name: /Reason/ }).fill('Advertising, nothing to do with the project.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(page, 'Thank you. An administrator will review your report.')).toBeVisible();
  await signOut(page);

  // The admin finds it among the reports and removes the comment.
  await signIn(page, 'admin@fundry.dev');
  await page.goto('/admin');
  await page.getByRole('tab', { name: /Reports/ }).click();
  const card = page.locator('[data-testid^="report-"]').filter({ hasText: spam });
  await expect(card).toContainText('Reported by Sofia Lindqvist');
  await expect(card).toContainText('Advertising, nothing to do with the project.');
  await shoot(page, '7-reports-queue', out);
  await card.getByRole('button', { name: 'Remove comment' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove comment' });
  await remove.getByRole('textbox', { name: /Reason/ }).fill('Spam: advertising.');
  await remove.getByRole('button', { name: 'Remove comment' }).click();
  await expect(toast(page, 'Report resolved')).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const rows = page.getByRole('row').filter({ hasText: title });
  await expect(rows.filter({ hasText: 'Comment removed' })).toContainText('Spam: advertising.');
  await expect(rows.filter({ hasText: 'Report resolved' })).toContainText('Spam: advertising.');
  await shoot(page, '8-audit-log', out);
  await page.goto(`/projects/${projectId}?tab=comments`);
  await expect(page.getByText('This comment was removed')).toBeVisible();
  await expect(page.getByText(spam)).toHaveCount(0);
  await signOut(page);

  // Sofia is told what was decided.
  await signIn(page, 'sofia@fundry.dev');
  await page.goto('/notifications');
  await expect(
    page.getByText(`An administrator removed the comment you reported on “${title}”.`),
  ).toBeVisible();
});

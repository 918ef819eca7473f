import { expect, test } from '../fixtures';
import { createCampaign, databaseUrl, endCampaign } from '../support/campaign';
import { shoot } from '../support/page';
import { signIn, signOut } from '../support/session';

const PHONE = { width: 390, height: 844 };

test.skip(
  !databaseUrl,
  'Collecting a campaign needs the app on a PostgreSQL server (none answered at start)',
);

test('on a phone a backer chooses to pay in 3 instalments, sees the plan before and after; the creator sees it in the backer list', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const out = (name: string) => testInfo.outputPath(name);
  const title = `Board game journey ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 100, 'all_or_nothing', { pledgeOverTime: true });
  await page.setViewportSize(PHONE);
  await signIn(page, 'sofia@fundry.dev');
  await page.goto(`/projects/${projectId}`);

  // The project page says it is offered, from what amount.
  await expect(page.getByTestId('pledge-over-time')).toContainText(
    'Pay in 3 instalments available for pledges of $125 or more',
  );

  await page.getByRole('button', { name: 'Back This Project' }).first().click();
  const back = page.getByRole('dialog');
  const choice = back.getByRole('checkbox', { name: 'Pay in 3 instalments' });
  // Under the minimum it is not offered.
  await back.getByLabel(/Pledge Amount/).fill('100');
  await expect(choice).toBeDisabled();
  await back.getByLabel(/Pledge Amount/).fill('250');
  await choice.check();
  // The plan, each date and amount, before confirming: the cent left over on the first.
  const plan = back.getByTestId('instalment-plan');
  await expect(plan.getByRole('row')).toHaveCount(4);
  await expect(plan.getByRole('row').nth(1)).toContainText('$83.34');
  await expect(plan.getByRole('row').nth(2)).toContainText('$83.33');
  await expect(plan.getByRole('row').nth(3)).toContainText('$83.33');
  await expect(back.getByTestId('charge-explanation')).toContainText('charged in 3 instalments');
  await page.screenshot({ path: out('1-back-dialog-plan-390.png'), fullPage: true, animations: 'disabled' });
  await back.getByRole('button', { name: 'Continue to Payment' }).click();

  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL(/\/donation\/success\?donation_id=\d+/);
  const pledge = page.getByTestId('instalment-plan');
  await expect(pledge.getByRole('row')).toHaveCount(4);
  await expect(pledge.getByRole('row').nth(1)).toContainText('Scheduled');
  await shoot(page, '2-pledge-page-plan', out);

  // The campaign succeeds: the first instalment is collected, the others are to come.
  await endCampaign(projectId, baseURL!);
  await page.reload();
  await expect(pledge.getByRole('row').nth(1)).toContainText('Paid');
  await expect(page.getByTestId('instalment-summary')).toContainText('Paid so far: $83.34. Next: $83.33');
  await shoot(page, '3-pledge-page-first-paid', out);

  // Maya, the creator, sees the plan in her backer list.
  await signOut(page);
  await signIn(page, 'maya@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  const tools = page.getByRole('region', { name: 'Creator Tools' });
  await tools.getByRole('tab', { name: 'Backers', exact: true }).click();
  const sofia = tools.getByRole('row').filter({ hasText: 'sofia@fundry.dev' });
  await expect(sofia.getByTestId('backer-plan')).toContainText('Plan: 1 of 3 instalments paid ($83.34)');
  await shoot(page, '4-creator-backer-list', out);
});

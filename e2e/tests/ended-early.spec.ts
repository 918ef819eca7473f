import { expect, test } from '../fixtures';
import { API, bearer, createCampaign, pledgeWithCard, runJobs } from '../support/campaign';
import { translator } from '../support/i18n';
import { shoot, toast } from '../support/page';
import { signIn, signOut } from '../support/session';

/**
 * DESIGN.md §18, a campaign that ends early: its creator cancels it from My Projects with a message to the
 * backers; the page becomes its tombstone for everyone, and a backer reading Spanish finds it in Backed Projects
 * with their pledge released.
 */
test('a creator cancels a campaign from My Projects; a backer sees the tombstone and the released pledge in Spanish', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const en = translator('en');
  const es = translator('es');
  const title = `Harbour lantern ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 500);
  await pledgeWithCard(request, 'rafael@fundry.dev', projectId, 40);

  // Maya cancels it from its card in My Projects.
  await signIn(page, 'maya@fundry.dev');
  await page.goto('/my-projects?tab=active');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: en.t('projects.cancel.buttonFor', { title }) }).click();
  const dialog = page.getByRole('dialog', { name: en.t('projects.cancel.title') });
  await expect(dialog).toContainText(en.t('projects.cancel.final'));
  // The message to the backers is required.
  await dialog.getByRole('button', { name: en.t('projects.cancel.confirm') }).click();
  await expect(dialog.getByText(en.t('projects.cancel.messageRequired'))).toBeVisible();
  await dialog.getByRole('textbox', { name: en.t('projects.cancel.message') }).fill('Our supplier closed.');
  await dialog.getByRole('button', { name: en.t('projects.cancel.confirm') }).click();

  // The page shows the tombstone, and the API's words as a toast.
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(toast(page, en.t('api.projects.canceled'))).toBeVisible();
  const banner = page.getByRole('region', { name: en.t('projects.ended.canceledTitle') });
  await expect(banner).toContainText('Our supplier closed.');
  await expect(page.getByRole('button', { name: en.t('projects.cancel.button') })).toHaveCount(0);
  await signOut(page);

  // The backer, reading Spanish: the server-rendered tombstone, with no Back or Save...
  await signIn(page, 'rafael@fundry.dev');
  await page.goto(`/projects/${projectId}?lang=es`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const tombstone = page.getByRole('region', { name: es.t('projects.ended.canceledTitle') });
  await expect(tombstone).toContainText('Our supplier closed.');
  await expect(page.getByRole('button', { name: es.t('backing.backButton') })).toHaveCount(0);

  // ...and Backed Projects, with the campaign's status and the pledge released, nothing charged.
  await page.goto('/backed-projects?lang=es');
  const backed = page.getByRole('article', { name: title });
  await expect(backed.getByText(es.t('common.projectStatus.CANCELED'))).toBeVisible();
  await expect(backed.getByText(es.t('backing.backed.endedCanceled'))).toBeVisible();
  await expect(backed.getByText(es.t('backing.backed.pledgeReleased'))).toBeVisible();
  await shoot(page, 'ended-early-backed', (name) => testInfo.outputPath(name));
});

test('an admin suspends a flexible campaign; a backer reading Spanish sees the tombstone and the refund in Backed Projects', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const es = translator('es');
  const title = `Cloud kettle ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 500, 'flexible');
  await pledgeWithCard(request, 'yuki@fundry.dev', projectId, 35, 'pay');

  const suspended = await request.post(`${API}/admin/projects/${projectId}/suspend`, {
    headers: await bearer(request, 'admin@fundry.dev'),
    data: { reason: 'fraud', message: 'The kettle does not exist.' },
  });
  expect(suspended.status(), await suspended.text()).toBe(200);
  // The refunds run on their job (kicked at once in the app as well); run it now, as the scheduler would.
  await runJobs(baseURL!, 'campaign-refunds');

  await signIn(page, 'yuki@fundry.dev');
  await page.goto(`/projects/${projectId}?lang=es`);
  const tombstone = page.getByRole('region', { name: es.t('projects.ended.suspendedTitle') });
  await expect(tombstone).toContainText(es.t('common.suspensionReason.fraud'));
  await expect(tombstone).not.toContainText('The kettle does not exist.');

  await page.goto('/backed-projects?lang=es');
  const backed = page.getByRole('article', { name: title });
  await expect(backed.getByText(es.t('common.projectStatus.SUSPENDED'))).toBeVisible();
  const pledged = es.money(35, 'USD');
  await expect(backed.getByText(es.t('backing.backed.pledgeRefunded', { amount: pledged }))).toBeVisible();
  // What was pledged stays said beside its refund.
  await expect(backed).toContainText(
    es.t('backing.backed.pledged', { amount: pledged }).replace(/<\/?amount>/g, ''),
  );
  await shoot(page, 'ended-early-refunded', (name) => testInfo.outputPath(name));
});

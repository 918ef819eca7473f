import { expect, test } from '../fixtures';
import { createCampaign, isoDate, pledgeWithCard } from '../support/campaign';
import { translator } from '../support/i18n';
import { shoot, toast } from '../support/page';
import { signIn } from '../support/session';

const en = translator('en');

/**
 * DESIGN.md §18, an admin's tools: a live campaign suspended from its page (its tombstone for everyone, the refund
 * panel for the admin), and a person silenced from the Users tab on a phone.
 */
test('an admin suspends a live campaign from its page and follows its refunds', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `Miracle kettle ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 500);
  await pledgeWithCard(request, 'leo@fundry.dev', projectId, 30);

  await signIn(page, 'admin@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: en.t('projects.admin.suspend') }).click();
  const dialog = page.getByRole('dialog', { name: en.t('projects.admin.suspend') });
  await dialog.getByRole('combobox', { name: en.t('projects.admin.reason') }).selectOption('fraud');
  await dialog
    .getByRole('textbox', { name: en.t('projects.admin.suspendMessage') })
    .fill('The kettle does not exist.');
  await dialog.getByRole('button', { name: en.t('projects.admin.suspend') }).click();

  await expect(toast(page, en.t('api.projects.suspended'))).toBeVisible();
  const banner = page.getByRole('region', { name: en.t('projects.ended.suspendedTitle') });
  await expect(banner).toContainText(en.t('common.suspensionReason.fraud'));
  // The admin's words go to the people concerned, never to the page.
  await expect(banner).not.toContainText('The kettle does not exist.');
  const refunds = page.getByRole('region', { name: en.t('projects.refunds.heading') });
  await expect(refunds).toContainText(en.t('projects.refunds.released'));
  await expect(page.getByRole('button', { name: en.t('projects.admin.suspend') })).toHaveCount(0);
  await shoot(page, 'admin-suspended', (name) => testInfo.outputPath(name));
});

test('an admin silences a person from the Users tab on a phone, and reinstates them', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@fundry.dev');
  await page.goto('/admin?tab=users');
  await page.getByLabel(en.t('admin.users.searchLabel')).fill('yuki');
  await page.getByRole('button', { name: en.t('admin.users.search') }).click();
  await page.getByRole('button', { name: en.t('admin.users.open', { name: 'Yuki Tanaka' }) }).click();

  await page.getByRole('button', { name: en.t('admin.users.actions.silence') }).click();
  const dialog = page.getByRole('dialog', {
    name: en.t('admin.users.silence.title', { name: 'Yuki Tanaka' }),
  });
  await dialog.getByLabel(en.t('admin.users.silence.until')).fill(isoDate(7));
  await dialog.getByRole('combobox', { name: en.t('admin.users.reasonLabel') }).selectOption('spam');
  await dialog
    .getByRole('textbox', { name: en.t('admin.users.messageLabel') })
    .fill('Links to a shop in comments.');
  await dialog.getByRole('button', { name: en.t('admin.users.actions.silence') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(en.t('admin.users.standing.silenced')).first()).toBeVisible();
  await shoot(page, 'admin-user-silenced-phone', (name) => testInfo.outputPath(name));

  // Reinstated, so the demo's other journeys find Yuki as she was.
  await page.getByRole('button', { name: en.t('admin.users.actions.reinstate') }).click();
  const reinstate = page.getByRole('dialog', {
    name: en.t('admin.users.reinstate.title', { name: 'Yuki Tanaka' }),
  });
  await reinstate.getByRole('button', { name: en.t('admin.users.actions.reinstate') }).click();
  await expect(reinstate).toBeHidden();
  await expect(page.getByText(en.t('admin.users.standing.active')).first()).toBeVisible();
});

import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { shoot } from '../support/page';
import { createCampaign, databaseUrl, pledgeWithCard } from '../support/campaign';
import { linkIn, waitForMail } from '../support/mail';
import { signIn } from '../support/session';

test.skip(
  !databaseUrl,
  'The journeys use the demo accounts, seeded on a PostgreSQL server (none answered at start)',
);

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

test('the bell counts new notifications and "Mark all as read" clears it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const projectId = await createCampaign(request, `Bell journey ${Date.now().toString(36)}`, 500);
  await signIn(page, 'maya@fundry.dev');
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const markAll = page.getByRole('button', { name: 'Mark all as read' });
  // The demo data leaves Maya unread notifications; the count shows once the list has loaded.
  await expect(page.getByText(/^\d+ unread$|^You are all caught up\.$/).first()).toBeVisible();
  if (await markAll.isEnabled()) await markAll.click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // Sofia backs Maya's campaign: a new pledge and a new backer.
  await pledgeWithCard(request, 'sofia@fundry.dev', projectId, 25);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await expect(page.getByText('2 unread')).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem').first()).toContainText(/Sofia .* (backed|is a new backer)/);
  await shoot(page, 'notifications', (n) => testInfo.outputPath(n));

  await markAll.click();
  await expect(page.getByText('You are all caught up.')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // The notification leads to its project.
  await list.getByRole('link', { name: 'View project' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}(\\?ref=notification)?$`));
});

test('e-mail preferences saved on the Settings page survive a reload', async ({ page }, testInfo) => {
  await signIn(page, 'leo@fundry.dev');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const updates = page.getByRole('switch', { name: /Project updates/ });
  const reminders = page.getByRole('switch', { name: /Reminders about saved projects/ });
  await expect(updates).toBeChecked();
  await updates.uncheck();
  await reminders.uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Your e-mail preferences were saved.')).toBeVisible();
  await shoot(page, 'settings', (n) => testInfo.outputPath(n));

  await page.reload();
  await expect(updates).not.toBeChecked();
  await expect(reminders).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /Comments and replies/ })).toBeChecked();
  await expect(page.getByRole('link', { name: 'Change password' })).toHaveAttribute(
    'href',
    '/profile?tab=account',
  );

  // Put them back for the other journeys.
  await updates.check();
  await reminders.check();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Your e-mail preferences were saved.')).toBeVisible();
  await page.reload();
  await expect(updates).toBeChecked();
});

test.describe('one-click unsubscribe', () => {
  // The tampered link's check is refused (400) on purpose; the page says why.
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test('the unsubscribe link of a caught mail turns that preference off without signing in', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const title = `Unsubscribe journey ${Date.now().toString(36)}`;
    const projectId = await createCampaign(request, title, 500);
    await pledgeWithCard(request, 'leo@fundry.dev', projectId, 15);
    const mail = await waitForMail(
      (m) => m.to === 'maya@fundry.dev' && m.subject === `New pledge to “${title}”`,
    );
    const link = linkIn(mail, 'http');
    const unsubscribeUrl = linkIn(mail, `${new URL(link).origin}/api/v1/unsubscribe?token=`);
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribeUrl}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Not signed in: the link opens the confirmation page, which names what it turns off.
    await page.goto(unsubscribeUrl);
    await expect(page).toHaveURL(/\/unsubscribe\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await expect(page.getByText('Stop e-mails about pledges to my projects?')).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You are unsubscribed')).toBeVisible();
    await shoot(page, 'unsubscribe', (n) => testInfo.outputPath(n));

    // A tampered link is refused with a clear message.
    await page.goto(
      `/unsubscribe?token=${new URL(unsubscribeUrl).searchParams.get('token')!.slice(0, -3)}abc`,
    );
    await expect(page.getByText('This unsubscribe link is not valid.', { exact: false })).toBeVisible();

    // Maya's settings show it off; she turns it back on.
    await signIn(page, 'maya@fundry.dev');
    await page.goto('/settings');
    const pledges = page.getByRole('switch', { name: /Pledges to my projects/ });
    await expect(pledges).not.toBeChecked();
    await pledges.check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Your e-mail preferences were saved.')).toBeVisible();
  });
});

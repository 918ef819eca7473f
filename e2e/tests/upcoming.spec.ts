import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { activateCampaign, isoDate, submitCampaign } from '../support/campaign';
import { translator } from '../support/i18n';
import { shoot, toast } from '../support/page';
import { DEMO_PASSWORD, signIn, signOut } from '../support/session';

/** An approved campaign whose start date is five days away: Maya's, activated by the admin. */
/** An approved campaign that starts in five days. */
async function upcomingCampaign(request: APIRequestContext, title: string) {
  const { id } = await submitCampaign(request, { title, goalDollars: 800, startsIn: 5, endsIn: 35 });
  await activateCampaign(request, id);
  return id;
}

/**
 * DESIGN.md §19, a following before launch: a visitor asks to be told of an upcoming campaign (signing in on the
 * way), its creator launches it early from its page, and the follower finds the launch in their notifications.
 */
test('follow an upcoming project, launch it as its creator, and the follower is notified', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const en = translator('en');
  const title = `Upcoming kiln ${Date.now().toString(36)}`;
  const projectId = await upcomingCampaign(request, title);

  // A visitor: the page says Upcoming with its start date, offers no Back button, and Notify me leads to sign-in.
  await page.goto(`/projects/${projectId}`);
  const upcoming = page.getByTestId('upcoming-action').first();
  await expect(upcoming).toContainText(en.t('follows.upcoming.badge'));
  await expect(upcoming).toContainText(
    en.t('follows.upcoming.startsOn', { date: en.calendarDate(isoDate(5)) }),
  );
  await expect(page.getByRole('button', { name: en.t('backing.backButton') })).toHaveCount(0);
  await shoot(page, 'upcoming-page', (name) => testInfo.outputPath(name));
  await upcoming.getByRole('button', { name: en.t('follows.notify.button') }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill('sofia@fundry.dev');
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Back on the project, signed in: the toggle asks to be told, then says so.
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  const action = page.getByTestId('upcoming-action').first();
  await action.getByRole('button', { name: en.t('follows.notify.button') }).click();
  await expect(toast(page, en.t('follows.notify.started'))).toBeVisible();
  await expect(action.getByRole('button', { name: en.t('follows.notify.on') })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await signOut(page);

  // The creator sees how many wait, and launches now from the page, after confirming.
  await signIn(page, 'maya@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  const mine = page.getByTestId('upcoming-action').first();
  await expect(mine.getByTestId('followers-count')).toHaveText(
    en.t('follows.upcoming.waiting', { count: 1 }),
  );
  await mine.getByRole('button', { name: en.t('projects.launch.buttonFor', { title }) }).click();
  const dialog = page.getByRole('dialog', { name: en.t('projects.launch.title') });
  await dialog.getByRole('button', { name: en.t('projects.launch.confirm') }).click();
  await expect(toast(page, en.t('api.projects.launched'))).toBeVisible();
  await expect(page.getByTestId('upcoming-action')).toHaveCount(0);
  await signOut(page);

  // The follower finds the launch among their notifications.
  await signIn(page, 'sofia@fundry.dev');
  const notice = en.t('api.notification.projectLaunched', {
    title,
    date: en.calendarDate(isoDate(30)),
  });
  await expect(async () => {
    await page.goto('/notifications');
    await expect(page.getByText(notice)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

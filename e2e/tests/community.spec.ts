import { expect, test } from '../fixtures';
import { shoot, toast } from '../support/page';
import { createCampaign, databaseUrl } from '../support/campaign';
import { signIn, signOut } from '../support/session';

test.skip(
  !databaseUrl,
  'The journeys use the demo accounts, seeded on a PostgreSQL server (none answered at start)',
);

test('the creator posts a backers-only update; a backer reads it and comments, the creator replies; a stranger sees it locked', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const out = (name: string) => testInfo.outputPath(name);
  const title = `Community journey ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 500);

  // Maya, the creator, writes an update for backers only.
  await signIn(page, 'maya@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Updates' }).click();
  await expect(page.getByText('No updates yet')).toBeVisible();
  await page.getByRole('button', { name: 'Post an Update' }).click();
  const composer = page.getByRole('dialog', { name: 'Post an Update' });
  await composer.getByRole('textbox', { name: /^Title/ }).fill('The first kettles are cast');
  await composer.getByRole('textbox', { name: /^Update/ }).click();
  await page.keyboard.type('Backers get the first look at the copper finish.');
  await composer.getByRole('radio', { name: /Backers only/ }).check();
  await shoot(page, '1-composer', out);
  await composer.getByRole('button', { name: 'Post update' }).click();
  await expect(toast(page, 'Your update was posted')).toBeVisible();
  const link = page.getByRole('link', { name: 'The first kettles are cast' });
  await expect(link).toBeVisible();
  const updatePath = new URL((await link.getAttribute('href'))!, 'http://x').pathname;
  await signOut(page);

  // Sofia backs the project with the sandbox card, then reads the update and comments.
  await signIn(page, 'sofia@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Back This Project' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/Pledge Amount/)
    .fill('25');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL(/\/donation\/success\?donation_id=\d+/);

  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Updates' }).click();
  await page.getByRole('link', { name: 'The first kettles are cast' }).click();
  await expect(page).toHaveURL(new RegExp(`${updatePath}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'The first kettles are cast' })).toBeVisible();
  await expect(page.getByText('Backers get the first look at the copper finish.')).toBeVisible();
  await expect(page).toHaveTitle(/The first kettles are cast/);
  await page.getByRole('textbox', { name: 'Write a comment' }).fill('Copper! When do they ship?');
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expect(toast(page, 'Your comment was posted.')).toBeVisible();
  const comments = page.getByRole('list', { name: 'Comments' });
  await expect(comments.getByText('Copper! When do they ship?')).toBeVisible();
  await expect(comments.getByText('Backer', { exact: true })).toBeVisible();
  await signOut(page);

  // Maya replies in the thread.
  await signIn(page, 'maya@fundry.dev');
  await page.goto(updatePath);
  await page.getByRole('button', { name: 'Reply to Sofia Lindqvist' }).click();
  await page.getByRole('textbox', { name: 'Reply to Sofia Lindqvist' }).fill('In March, to every backer.');
  await page.getByRole('button', { name: 'Post reply' }).click();
  await expect(comments.getByText('In March, to every backer.')).toBeVisible();
  await expect(comments.getByText('Creator', { exact: true })).toBeVisible();
  await shoot(page, '2-update-page', out);
  await signOut(page);

  // Leo has not backed it: the title, no text, no comments, and no way to comment on the project.
  await signIn(page, 'leo@fundry.dev');
  await page.goto(updatePath);
  await expect(page.getByRole('heading', { level: 1, name: 'The first kettles are cast' })).toBeVisible();
  await expect(page.getByText('Back this project to read this update')).toBeVisible();
  await expect(page.getByText('Backers get the first look')).toHaveCount(0);
  await expect(page.getByText('Copper! When do they ship?')).toHaveCount(0);
  await shoot(page, '3-locked-update', out);
  await page.goto(`/projects/${projectId}?tab=comments`);
  await expect(page.getByText('Only backers can comment on this project')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Updates' }).click();
  await expect(page.getByText('Back this project to read this update')).toBeVisible();
  await shoot(page, '4-updates-tab-locked', out);
});

import { expect, openPage, test } from '../fixtures';
import { shoot, toast } from '../support/page';
import { createCampaign, databaseUrl } from '../support/campaign';
import { DEMO_PASSWORD, signIn } from '../support/session';

test.skip(
  !databaseUrl,
  'The journeys use the demo accounts, seeded on a PostgreSQL server (none answered at start)',
);

// The removed collaborator's last try is refused by the server on purpose: the browser logs its 403.
test.use({ expectedConsoleErrors: [/status of 403/] });

test('a creator invites a collaborator, who accepts in another browser, posts an update, and is refused once removed', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const out = (name: string) => testInfo.outputPath(name);
  const title = `Team journey ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 800);

  // Maya, the creator, invites Yuki to the team with the community permission only.
  await signIn(page, 'maya@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Team' }).click();
  const invite = page.getByRole('form', { name: 'Invite a collaborator' });
  await invite.getByRole('textbox', { name: /E-mail address/ }).fill('yuki@fundry.dev');
  await expect(invite.getByRole('checkbox', { name: 'Community' })).toBeChecked();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'Invitation sent')).toBeVisible();
  const team = page.getByRole('list', { name: 'Team' });
  await expect(team.getByText('yuki@fundry.dev')).toBeVisible();
  await expect(team.getByText('Invited')).toBeVisible();
  await shoot(page, '1-team-tab', out);

  // Yuki, in a browser of her own, accepts from her dashboard.
  const other = await browser.newContext({ baseURL });
  const yuki = await openPage(other);
  const errors: string[] = [];
  yuki.on('console', (message) => {
    if (message.type() === 'error' && !/status of 403/.test(message.text())) errors.push(message.text());
  });
  yuki.on('pageerror', (error) => errors.push(error.message));
  const ready = () => yuki.waitForFunction(() => document.documentElement.hasAttribute('data-interactive'));
  await yuki.goto('/signin');
  await ready();
  await yuki.getByLabel('Email').fill('yuki@fundry.dev');
  await yuki.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await yuki.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(yuki).toHaveURL(/\/dashboard$/);
  const invitations = yuki.getByRole('list', { name: 'Invitations' });
  await invitations.getByRole('button', { name: `Accept the invitation to “${title}”` }).click();
  await expect(toast(yuki, "You joined the project's team")).toBeVisible();
  await expect(
    yuki.getByRole('list', { name: 'On the team' }).getByRole('link', { name: title }),
  ).toBeVisible();

  // As a community collaborator she posts an update, which names her; she has no Edit button, no tools.
  await yuki.goto(`/projects/${projectId}`);
  await ready();
  await expect(yuki.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await yuki.getByRole('tab', { name: 'Updates' }).click();
  await yuki.getByRole('button', { name: 'Post an Update' }).click();
  let composer = yuki.getByRole('dialog', { name: 'Post an Update' });
  await composer.getByRole('textbox', { name: /^Title/ }).fill('Kilns are warm');
  await composer.getByRole('textbox', { name: /^Update/ }).click();
  await yuki.keyboard.type('The first glaze test came out well.');
  await composer.getByRole('button', { name: 'Post update' }).click();
  await expect(toast(yuki, 'Your update was posted')).toBeVisible();
  await expect(yuki.getByRole('link', { name: 'Kilns are warm' })).toBeVisible();
  await expect(yuki.getByText(/by Yuki/).first()).toBeVisible();

  // Maya removes her from the team.
  await page.reload();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-interactive'));
  await page.getByRole('tab', { name: 'Team' }).click();
  await expect(team.getByText('Invited')).toHaveCount(0);
  await team.getByRole('button', { name: /^Remove .* from the team$/ }).click();
  await expect(toast(page, 'Removed from the team')).toBeVisible();
  await expect(page.getByText('No one helps with this project yet.')).toBeVisible();

  // Her next action, from the page she still has open, is refused by the server.
  await yuki.getByRole('button', { name: 'Post an Update' }).click();
  composer = yuki.getByRole('dialog', { name: 'Post an Update' });
  await composer.getByRole('textbox', { name: /^Title/ }).fill('One more');
  await composer.getByRole('textbox', { name: /^Update/ }).click();
  await yuki.keyboard.type('This should not go out.');
  await composer.getByRole('button', { name: 'Post update' }).click();
  await expect(toast(yuki, 'Only the project’s creator can post updates')).toBeVisible();
  await yuki.reload();
  await ready();
  await yuki.getByRole('tab', { name: 'Updates' }).click();
  await expect(yuki.getByRole('button', { name: 'Post an Update' })).toHaveCount(0);
  await other.close();
  expect(errors, 'the second browser’s console must stay free of errors').toEqual([]);
});

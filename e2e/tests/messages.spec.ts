import { expect, test } from '../fixtures';
import { shoot, toast } from '../support/page';
import { createCampaign, databaseUrl } from '../support/campaign';
import { DEMO_PASSWORD, signIn, signOut } from '../support/session';

test.skip(
  !databaseUrl,
  'The journeys use the demo accounts, seeded on a PostgreSQL server (none answered at start)',
);

test('a visitor asks the creator a question, the creator answers from the inbox, the visitor reads the answer', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const out = (name: string) => testInfo.outputPath(name);
  const title = `Messages journey ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 500);
  const question = 'Hello Maya! Does the kettle work on an induction hob?';
  const answer = 'Hi Leo, yes: the base is magnetic steel.\nIt works on gas too.';

  // Signed out, "Message the creator" leads to sign-in and back to the project.
  await page.goto(`/projects/${projectId}`);
  // The button is in the server's HTML: a press before the page's code runs would go nowhere.
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Message the creator' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill('leo@fundry.dev');
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));

  // Leo writes; an empty message is refused with the reason.
  await page.getByRole('button', { name: 'Message the creator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message Maya Okafor' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Write a message.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Your message' }).fill(question);
  await shoot(page, '1-ask', out);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Message sent.')).toBeVisible();
  await expect(page).toHaveURL(/\/messages\/\d+$/);
  const threadPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Conversation with Maya Okafor' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Messages of this conversation' }).getByText(question),
  ).toBeVisible();
  await signOut(page);

  // Maya sees one unread message beside Messages, and answers from the inbox.
  await signIn(page, 'maya@fundry.dev');
  const messagesLink = page.getByRole('banner').getByRole('link', { name: 'Messages, 1 unread' });
  await expect(messagesLink).toBeVisible();
  await messagesLink.click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const row = page.getByRole('link', { name: new RegExp(`Unread: Leo.*About ${title}`) });
  await expect(row).toBeVisible();
  await shoot(page, '2-inbox', out);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`${threadPath}$`));
  await expect(page.getByText(question)).toBeVisible();
  await page.getByRole('textbox', { name: 'Reply to Leo Martins' }).fill(answer);
  await page.getByRole('button', { name: 'Send' }).click();
  const thread = page.getByRole('list', { name: 'Messages of this conversation' });
  await expect(thread.getByText('It works on gas too.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await shoot(page, '3-thread', out);
  await signOut(page);

  // Leo finds the answer in his inbox, marked unread, and reads it.
  await signIn(page, 'leo@fundry.dev');
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Messages, \d+ unread$/ })
    .click();
  const answered = page.getByRole('link', { name: new RegExp(`Unread: Maya Okafor.*About ${title}`) });
  await expect(answered).toBeVisible();
  await answered.click();
  await expect(
    page.getByRole('list', { name: 'Messages of this conversation' }).getByText('It works on gas too.'),
  ).toBeVisible();
  await page.goto('/messages');
  await expect(page.getByRole('link', { name: new RegExp(`^Maya Okafor.*About ${title}`) })).toBeVisible();
  await shoot(page, '4-read', out);
});

import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { expect, openPage, test } from '../fixtures';
import { toast } from '../support/page';
import { signIn, signOut } from '../support/session';

const MAYA = 'maya@fundry.dev';
const ADMIN = 'admin@fundry.dev';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (a teal-to-amber gradient), so the server's byte sniffing and re-encoding accept it. */
function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x += 1) {
      const t = x / (width - 1);
      rows.push(Math.round(20 + 220 * t), Math.round(150 + 40 * (y / height)), Math.round(140 - 100 * t));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A calendar date (UTC, as campaigns count days) some days from today. */
function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A signed-out visitor in a browser of their own. Like the journey's page it fails on console errors, except
 * those a browser logs by itself for the API's 404 answers about a project the visitor may not see.
 */
async function openVisitor(browser: Browser, baseURL: string, privateProjectPaths: string[]) {
  const context = await browser.newContext({ baseURL });
  const page = await openPage(context);
  const errors: string[] = [];
  page.on('console', (message) => {
    // The API's 404s for the project, its rewards and stretch goals (read side by side), and the page's own
    // (DESIGN.md §13: a hidden project's page is a 404).
    const expected404 =
      message.text().includes('status of 404') &&
      (privateProjectPaths.some((path) => message.location().url.endsWith(path)) ||
        message.location().url === page.url());
    if (message.type() === 'error' && !expected404) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { page, errors, close: () => context.close() };
}

/** A screenshot from the top of the page (a fixed header stays put), with transitions finished. */
async function snap(page: Page, path: string, fullPage = true) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage, animations: 'disabled' });
}

test('a creator drafts, completes and submits a project; an admin activates, features and rejects it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Three people sign in and the creator fills the whole form: more than the default minute on two busy cores.
  test.setTimeout(180_000);
  const title = `Solar Lantern Kit ${Date.now().toString(36)}`;
  const reason = 'The lantern needs a safety certificate before it can be funded.';
  const imagePath = testInfo.outputPath('lantern.png');
  writeFileSync(imagePath, gradientPng(320, 180));

  // Maya saves a draft with nothing but a title.
  await signIn(page, MAYA);
  const latest = page.getByRole('region', { name: 'My Latest Projects' });
  await expect(latest.getByRole('article').first()).toBeVisible();
  await snap(page, testInfo.outputPath('dashboard.png'));
  await page.getByRole('link', { name: 'Create New Project' }).click();
  await expect(page).toHaveURL(/\/projects\/create$/);
  await expect(page.getByRole('heading', { name: 'Create New Project' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preview', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Project' })).toBeVisible();
  await snap(page, testInfo.outputPath('create-page.png'));

  await page.getByRole('button', { name: 'View Project Guidelines' }).click();
  const guidelines = page.getByRole('dialog', { name: 'Project Guidelines' });
  await expect(guidelines.getByText('Marketing plan')).toBeVisible();
  await guidelines.getByRole('button', { name: 'Got it' }).click();

  // Submitting an empty project shows the rules under the fields, and sends nothing.
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Category is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();

  await page.getByLabel('Project Title').fill(title);
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
  await expect(page).toHaveURL(/\/my-projects\?tab=drafts$/);
  const draftCard = page.getByRole('article', { name: title });
  await expect(draftCard.getByText('DRAFT')).toBeVisible();

  // She completes it on the draft edit page, with an uploaded image and a YouTube video.
  await draftCard.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/projects\/drafts\/edit\/\d+$/);
  const projectId = Number(/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { name: 'Edit Draft Project' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Draft' })).toBeVisible();
  await expect(page.getByLabel('Project Title')).toHaveValue(title);

  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Technology' }).click();
  await page.getByLabel('Funding Goal').fill('5000');
  await page.getByLabel('Start Date').fill(dateIn(1));
  await page.getByLabel('End Date').fill(dateIn(31));
  await page.getByRole('radio', { name: 'Flexible' }).check();
  await page.getByRole('textbox', { name: 'Project Description' }).click();
  await page.keyboard.type('A solar lantern kit that families can assemble in an afternoon.');
  await page.getByRole('button', { name: 'Bold' }).first().click();
  await page.keyboard.type(' Ten hours of light from one day of sun.');
  await page.getByRole('textbox', { name: 'Risks and Challenges' }).click();
  await page.keyboard.type('Battery cells may ship late; we have a second supplier ready.');
  await page.getByLabel('Upload project image').setInputFiles(imagePath);
  await expect(page.getByRole('img', { name: 'Project image preview' })).toBeVisible();
  await page.getByRole('radio', { name: 'Video URL' }).check();
  await page.getByRole('textbox', { name: 'Video URL' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByRole('textbox', { name: 'Video URL' }).blur();
  await page.getByLabel('Feature this project (admin will review)').check();
  await snap(page, testInfo.outputPath('draft-edit-page.png'));

  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Project Preview' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByText('$5,000')).toBeVisible();
  await expect(preview.getByText('Technology')).toBeVisible();
  await snap(page, testInfo.outputPath('preview-dialog.png'), false);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(toast(page, 'Project created')).toBeVisible();
  await expect(page).toHaveURL(/\/my-projects$/);

  // It waits under Pending, and its page tells the creator it is under review.
  await page.getByRole('tab', { name: /Pending/ }).click();
  await expect(page).toHaveURL(/tab=pending/);
  const pendingCard = page.getByRole('article', { name: title });
  await expect(pendingCard.getByText('PENDING')).toBeVisible();
  await expect(pendingCard.getByText('Technology')).toBeVisible();
  await snap(page, testInfo.outputPath('my-projects-pending.png'));
  await pendingCard.getByRole('link', { name: `View ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(
    page.getByText('This project is currently under review and not yet visible to others.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    `/projects/edit/${projectId}`,
  );
  await expect(page.getByRole('region', { name: 'Admin Controls' })).toHaveCount(0);
  await expect(page.getByText('Ten hours of light from one day of sun.')).toBeVisible();
  await snap(page, testInfo.outputPath('project-creator-pending.png'));

  // A signed-out visitor cannot see it yet.
  await signOut(page);
  const visitor = await openVisitor(browser, baseURL!, [
    `/api/v1/projects/${projectId}`,
    `/api/v1/rewards/projects/${projectId}/rewards`,
    `/api/v1/projects/${projectId}/stretch-goals`,
  ]);
  await visitor.page.goto(`/projects/${projectId}`);
  await expect(visitor.page.getByText('Project not found')).toBeVisible();
  await expect(visitor.page.getByRole('heading', { name: title })).toHaveCount(0);

  // The admin activates and features it.
  await signIn(page, ADMIN);
  await page.goto(`/projects/${projectId}`);
  const admin = page.getByRole('region', { name: 'Admin Controls' });
  await expect(admin.getByTestId('admin-status')).toHaveText('PENDING');
  await expect(admin.getByText('The creator asked for this project to be featured.')).toBeVisible();
  await admin.getByRole('button', { name: 'Activate Project' }).click();
  await expect(toast(page, 'Project activated successfully')).toBeVisible();
  await expect(admin.getByTestId('admin-status')).toHaveText('ACTIVE');
  await expect(admin.getByRole('button', { name: 'Activate Project' })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Feature Project' }).click();
  await expect(toast(page, 'Project featured successfully')).toBeVisible();
  await expect(admin.getByText('Featured Project')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Unfeature Project' })).toBeVisible();
  await snap(page, testInfo.outputPath('project-admin.png'));

  // Now anyone can see it.
  await visitor.page.goto(`/projects/${projectId}`);
  const visitorPage = visitor.page;
  await expect(visitorPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(visitorPage.getByText('under review')).toHaveCount(0);
  await expect(visitorPage.getByRole('region', { name: 'Admin Controls' })).toHaveCount(0);
  await expect(visitorPage.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  // The video is a facade: no third party loads until the visitor presses play.
  await expect(visitorPage.locator('iframe[title$=" video"]')).toHaveCount(0);
  await visitorPage.getByRole('button', { name: `Play video: ${title}` }).click();
  await expect(visitorPage.locator('iframe[title$=" video"]')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
  );
  const creator = visitorPage.getByRole('region', { name: 'About the Creator' });
  await expect(creator.getByText('Maya Okafor')).toBeVisible();
  await snap(visitorPage, testInfo.outputPath('project-public.png'));
  await creator.getByRole('button', { name: 'View more about this creator' }).click();
  const about = visitorPage.getByRole('dialog', { name: 'About Maya Okafor' });
  await expect(about.getByText('Lagos, Nigeria')).toBeVisible();
  await snap(visitorPage, testInfo.outputPath('creator-dialog.png'), false);
  expect(visitor.errors, "the visitor's console must stay free of errors").toEqual([]);
  await visitor.close();

  // The admin rejects it, with a reason.
  await page
    .getByRole('region', { name: 'Admin Controls' })
    .getByRole('button', { name: 'Reject Project' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reject Project' });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Reject Project' }).click();
  await expect(toast(page, 'Project revoked successfully')).toBeVisible();
  await expect(page.getByTestId('admin-status')).toHaveText('REJECTED');

  // Categories are the admin's to manage.
  await page.goto('/categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Category' });
  await addDialog.getByLabel('Category name').fill('Energy');
  await addDialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByRole('cell', { name: 'Energy', exact: true })).toBeVisible();
  await snap(page, testInfo.outputPath('categories.png'));

  // Maya finds it under Revoked, with when and why.
  await signOut(page);
  await signIn(page, MAYA);
  await page.goto('/my-projects?tab=revoked');
  const revokedCard = page.getByRole('article', { name: title });
  const badge = revokedCard.getByText('REJECTED');
  await expect(badge).toBeVisible();
  await badge.hover();
  await expect(page.getByRole('tooltip')).toContainText(reason);
  await snap(page, testInfo.outputPath('my-projects-revoked.png'));
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../fixtures';
import { API, bearer, createCampaign } from '../support/campaign';
import { signIn, signOut } from '../support/session';

/** A browser's own user agent: Playwright's headless one reads as a robot, whose visits are not counted. */
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

/** Another site (another origin) whose page frames the card, as a blog pasting the embed code would. */
async function serveBlog(embedUrl: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><title>A blog</title><h1>My blog</h1>` +
        `<iframe src="${embedUrl}" width="360" height="440" title="Fundry card" style="border:0"></iframe></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('a visit by a tagged link, then a pledge, shows in the creator’s “Where backers come from” tab', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = `Referral journey ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 500);
  const tag = await request.post(`${API}/projects/${projectId}/referral-tags`, {
    headers: await bearer(request, 'maya@fundry.dev'),
    data: { name: 'newsletter' },
  });
  expect(tag.status(), await tag.text()).toBe(201);

  // Sofia opens the newsletter's link, then backs the project.
  await signIn(page, 'sofia@fundry.dev');
  await page.goto(`/projects/${projectId}?ref=newsletter`);
  await page.getByRole('button', { name: 'Back This Project' }).click();
  const back = page.getByRole('dialog');
  await back.getByLabel(/Digital thanks/).check();
  await back.getByLabel(/Pledge Amount/).fill('12');
  await back.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL(/\/donation\/success\?donation_id=\d+/);
  await signOut(page);

  // Maya sees the visit and the pledge under the tag (visits are written in batches, within seconds).
  await signIn(page, 'maya@fundry.dev');
  await expect
    .poll(
      async () => {
        await page.goto(`/projects/${projectId}`);
        await page.getByRole('tab', { name: 'Where backers come from' }).click();
        const table = page.getByRole('table', { name: 'By source' });
        await table.or(page.getByText('No visits or pledges yet.').first()).first().waitFor();
        return (await table.count()) > 0
          ? ((await table.getByRole('row', { name: /newsletter/ }).textContent()) ?? '')
          : '';
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toMatch(/newsletter.*your tag.*1.*1.*\$12/);
  const row = page.getByRole('table', { name: 'By source' }).getByRole('row', { name: /newsletter/ });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByRole('cell').nth(5)).toHaveText('100%');
  await expect(page.getByRole('button', { name: 'Copy the link of newsletter' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('referrals-tab.png'), fullPage: true });
});

test('the embed card shows inside another site’s frame, in English and in Arabic, and opens the project with ref=embed', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const title = `Embed journey ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 500);
  for (const [lang, dir, words] of [
    ['en', 'ltr', 'See the project on Fundry'],
    ['ar', 'rtl', 'شاهد المشروع على Fundry'],
  ] as const) {
    const blog = await serveBlog(`${baseURL}/projects/${projectId}/embed?lang=${lang}`);
    try {
      await page.goto(blog.origin);
      const card = page.frameLocator('iframe[title="Fundry card"]');
      await expect(card.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(card.locator('html')).toHaveAttribute('dir', dir);
      const link = card.getByRole('link', { name: words });
      await expect(link).toHaveAttribute('href', `${baseURL}/projects/${projectId}?ref=embed`);
      await expect(link).toHaveAttribute('target', '_blank');
      await page.screenshot({ path: testInfo.outputPath(`embed-${lang}.png`) });
    } finally {
      await blog.close();
    }
  }
});

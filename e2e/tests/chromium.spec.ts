import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, SYSTEM_CHROMIUM } from '../chromium';
import { expect, test } from '../fixtures';

test('without Debian’s Chromium, the one inside @sparticuz/chromium runs the app', async ({ baseURL }) => {
  const missing = '/nonexistent/chromium';
  const packaged = await chromiumPath({}, missing);
  expect(packaged).not.toBe(missing);
  expect(packaged).not.toBe(SYSTEM_CHROMIUM);
  expect(await chromiumPath({ FUNDRY_CHROMIUM: 'packaged' })).toBe(packaged);

  const browser = await chromium.launch({ executablePath: packaged, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(baseURL!);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Fundry home' })).toBeVisible();
  } finally {
    await browser.close();
  }
});

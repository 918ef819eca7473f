import type { Page } from '@playwright/test';

/** The newest notification with this text (an earlier one may still be showing). */
export function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text }).last();
}

/** The page at a desktop and a phone size, for a person to look at (the test's output folder). */
export async function shoot(page: Page, name: string, outputPath: (name: string) => string) {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({
      path: outputPath(`${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * A server-rendered page shows its buttons before React takes it over, and a click before that is lost: on a busy
 * machine a journey's first click can come that soon. So each page load waits until the app is interactive
 * (apps/web/src/app/providers.tsx); pages that are not the app's (the sandbox checkout) at once.
 */
function waitForInteractiveOnLoad(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.hasAttribute('data-interactive'),
    );
    return response;
  };
}

/** A page of a second browser a journey opens itself (another person, another device), waiting as `page` does. */
export async function openPage(context: BrowserContext) {
  const page = await context.newPage();
  waitForInteractiveOnLoad(page);
  return page;
}

/**
 * Journeys run against the app started by global-setup. Any console error or uncaught exception in the
 * page fails the journey.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[] }>({
  /** Console errors a journey causes on purpose (`test.use`); any other still fails it. */
  expectedConsoleErrors: [[], { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys through playwright.config.ts');
    await use(url);
  },
  page: async ({ page, baseURL, expectedConsoleErrors }, use) => {
    const errors: string[] = [];
    // Only our app's pages count: a third-party page on the way (the identity provider's login) is not ours.
    const onApp = () => Boolean(baseURL) && page.url().startsWith(baseURL!);
    page.on('console', (message) => {
      // A page that answers 404 on purpose (an unknown route, a project hidden from this visitor: DESIGN.md
      // §13): the browser logs that status for the document itself, which is not an error of the page.
      const isDocument404 = message.text().includes('status of 404') && message.location().url === page.url();
      const expected = isDocument404 || expectedConsoleErrors.some((pattern) => pattern.test(message.text()));
      if (message.type() === 'error' && onApp() && !expected) errors.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => {
      if (onApp()) errors.push(`uncaught: ${error.message}`);
    });
    waitForInteractiveOnLoad(page);
    await use(page);
    expect(errors, 'the browser console must stay free of errors').toEqual([]);
  },
});

export { expect };

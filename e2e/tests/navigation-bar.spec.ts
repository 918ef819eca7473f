import { expect, test } from '../fixtures';
import { databaseUrl } from '../support/campaign';
import { signIn } from '../support/session';

test.skip(
  !databaseUrl,
  'The journeys use the demo accounts, seeded on a PostgreSQL server (none answered at start)',
);

/**
 * The bar an admin sees holds the most: Dashboard, Messages and Admin beside SPEC's links, the account's menu and the
 * bell. In the languages with the longest words it keeps every item whole from the width its links show at (lg),
 * and below it they move into the menu behind the burger.
 */
test('the navigation bar keeps every item whole and inside it, in Spanish and German, at desktop widths', async ({
  page,
}) => {
  await signIn(page, 'admin@fundry.dev');
  for (const locale of ['es', 'de'] as const) {
    for (const width of [1200, 1300, 1407, 1408, 1600]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/about?lang=${locale}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const banner = page.getByRole('banner');
      await expect(
        banner.getByRole('link', { name: locale === 'es' ? 'Acerca de' : 'Über uns' }),
      ).toBeVisible();
      const fits = await banner.evaluate((header) => {
        const bar = header.firstElementChild as HTMLElement;
        const start = header.querySelector('a[href="/projects/create"] .mantine-Button-label') as HTMLElement;
        const links = [...header.querySelectorAll('a')].filter((a) => a.offsetParent !== null);
        return {
          bar: bar.scrollWidth <= bar.clientWidth,
          startProject: start.scrollWidth <= start.clientWidth,
          linksOnOneLine: links.every((a) => a.getClientRects().length <= 1),
        };
      });
      expect(fits, `${locale} at ${width} px`).toEqual({
        bar: true,
        startProject: true,
        linksOnOneLine: true,
      });
    }
    await page.setViewportSize({ width: 1100, height: 800 });
    await expect(
      page.getByRole('banner').getByRole('button', { name: /navigation|navegación|Navigation/ }),
    ).toBeVisible();
  }
});

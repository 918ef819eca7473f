import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openPage, test } from '../fixtures';
import { API, createCampaign } from '../support/campaign';
import { say, translator } from '../support/i18n';
import { linkIn, waitForMail } from '../support/mail';
import { shoot, toast } from '../support/page';
import { signIn } from '../support/session';

const PASSWORD = 'Harbour-Lights-7!';
const GOOD_CARD = '4242 4242 4242 4242';

/** A new account, verified through the link of its mail, for journeys that change what an account chose. */
async function verifiedAccount(request: APIRequestContext, baseURL: string, name: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${name}-${suffix}@example.test`;
  const registered = await request.post(`${API}/auth/register`, {
    data: { full_name: 'Lena Sprach', username: `${name}_${suffix}`, email, password: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail((m) => m.to === email);
  await request.get(linkIn(mail, `${baseURL}/api/v1/auth/verify-email`), { maxRedirects: 0 });
  return email;
}

/** Signs in on a page written in `locale`, through its own words. */
async function signInAs(page: Page, email: string, locale: 'de' | 'es') {
  await page.getByLabel(say(locale, 'Email', 'auth.form')).fill(email);
  await page
    .locator('input')
    .and(page.getByLabel(say(locale, 'Password', 'auth.form')))
    .fill(PASSWORD);
  await page.getByRole('button', { name: say(locale, 'Sign In', 'auth.signIn'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function chooseInFooter(page: Page, language: string, label: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: language });
}

test('the language menu puts the site in German; the choice survives a reload and a sign-in elsewhere', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = await verifiedAccount(request, baseURL!, 'lena');
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The menu's code comes after the page's (app/layout/Footer.tsx): the server's select answers once it is in.
  await page.waitForLoadState('networkidle');
  await chooseInFooter(page, 'Deutsch', 'Language');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle(translator('de').t('common.meta.documentTitle', { page: 'Über Fundry' }));
  await expect(page.getByRole('combobox', { name: 'Sprache', exact: true })).toHaveValue('de');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Signed in, the browser's choice is saved on the account...
  await page.goto('/signin');
  await signInAs(page, email, 'de');
  await expect
    .poll(async () => {
      const login = await request.post(`${API}/auth/login`, { data: { email, password: PASSWORD } });
      const token = ((await login.json()) as { access_token: string }).access_token;
      const profile = await request.get(`${API}/profile`, { headers: { authorization: `Bearer ${token}` } });
      return ((await profile.json()) as { data: { user: { locale: string | null } } }).data.user.locale;
    })
    .toBe('de');

  // ...and a browser that never chose takes it up once the account signs in there.
  const elsewhere = await browser.newContext({ baseURL: baseURL! });
  const other = await openPage(elsewhere);
  await other.goto('/signin');
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  // The form answers once the page has come to life: pressed before, the browser sends it as a plain form, which
  // reloads the page (seen on a loaded host).
  await other.waitForLoadState('networkidle');
  await other.getByLabel('Email').fill(email);
  await other.locator('input').and(other.getByLabel('Password')).fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(other.locator('html')).toHaveAttribute('lang', 'de');
  await elsewhere.close();
});

test.describe('a browser set to Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('a Spanish visitor signs up, backs a campaign and changes the pledge, all in Spanish', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    const es = translator('es');
    const title = `Tetera ${Date.now().toString(36)}`;
    const projectId = await createCampaign(request, title, 30);

    const suffix = Date.now().toString(36);
    const email = `lucia-${suffix}@example.test`;
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByLabel(say('es', 'Full name', 'auth.register')).fill('Lucía Romero');
    await page.getByLabel(say('es', 'Username', 'auth.register')).fill(`lucia_${suffix}`);
    await page.getByLabel(say('es', 'Email', 'auth.form')).fill(email);
    await page
      .locator('input')
      .and(page.getByLabel(say('es', 'Password', 'auth.form')))
      .fill(PASSWORD);
    await page.getByRole('button', { name: say('es', 'Create Account', 'auth.register') }).click();
    const mail = await waitForMail((m) => m.to === email);
    // The mail is written in the language she signed up in.
    expect(mail.subject).toBe(es.t('mail.verifyEmail.subject'));
    await page.goto(linkIn(mail, `${baseURL}/api/v1/auth/verify-email`));
    await page.goto('/signin');
    await signInAs(page, email, 'es');

    await page.goto(`/projects/${projectId}`);
    await page.getByRole('button', { name: es.t('backing.backButton') }).click();
    const back = page.getByRole('dialog');
    await back.getByLabel(/Digital thanks/).check();
    await back
      .getByLabel(new RegExp(es.t('backing.backDialog.amountLabel').replace(/[()$]/g, '.')))
      .fill('10');
    await page.screenshot({ path: testInfo.outputPath('es-back-dialog.png'), animations: 'disabled' });
    await back.getByRole('button', { name: es.t('backing.backDialog.continue') }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByLabel(es.t('sandbox.card.number')).fill(GOOD_CARD);
    await page.getByRole('button', { name: es.t('sandbox.card.save') }).click();
    await page.waitForURL(/\/donation\/success\?donation_id=\d+/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await page.goto(`/projects/${projectId}`);
    await page.getByRole('button', { name: es.t('backing.pledgeAction.manage') }).click();
    const manage = page.getByRole('dialog', { name: es.t('backing.manage.title') });
    await manage.getByLabel(new RegExp(es.t('backing.manage.amountLabel').replace(/[()$]/g, '.'))).fill('12');
    await page.screenshot({ path: testInfo.outputPath('es-manage-pledge.png'), animations: 'disabled' });
    await manage.getByRole('button', { name: es.t('backing.manage.save') }).click();
    await expect(toast(page, es.t('api.pledges.updated'))).toBeVisible();
  });
});

for (const locale of ['ar', 'de'] as const) {
  test(`in ${locale}, home, Explore and a project page read in it, at phone and desktop size, with nothing cut and nothing serious for axe`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const projectId = await createCampaign(request, `Lamp ${locale} ${Date.now().toString(36)}`, 40);
    const words = translator(locale);
    for (const path of ['/', '/projects/explore', `/projects/${projectId}`]) {
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${locale}`);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('html')).toHaveAttribute('dir', words.dir);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .setLegacyMode(true)
          .analyze();
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
      }
      await shoot(
        page,
        `${locale}${path.replaceAll('/', '-') || '-home'}`,
        testInfo.outputPath.bind(testInfo),
      );
    }
    // The Back dialog is a signed-in backer's: the same page, signed in, in the same language.
    await signIn(page, 'leo@fundry.dev');
    await page.goto(`/projects/${projectId}?lang=${locale}`);
    // The server's page is a signed-out visitor's until the browser takes it over with the session.
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('button', { name: words.t('backing.backButton') })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`${locale}-back-dialog.png`), animations: 'disabled' });
  });
}

test('a page opened in a named language keeps that address canonical, and its alternates follow the visitor', async ({
  page,
  baseURL,
}) => {
  await page.goto('/about?lang=de');
  await page.waitForLoadState('networkidle');
  const head = (selector: string) => page.locator(`head ${selector}`);
  await expect(head('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/about?lang=de`);
  await expect(head('link[hreflang="es"]')).toHaveAttribute('href', `${baseURL}/about?lang=es`);

  // Navigating in the browser, the head names the new page, as the server would for it.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/faqs');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(head('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/faqs`);
  await expect(head('link[hreflang="es"]')).toHaveAttribute('href', `${baseURL}/faqs?lang=es`);
  await expect(head('link[hreflang="x-default"]')).toHaveAttribute('href', `${baseURL}/faqs`);
});

test('a language and a currency chosen in the footer before the page has come to life are applied when it does', async ({
  browser,
}) => {
  // A visitor of its own: the page's code is held back, as on a slow phone, while the server's page shows.
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/shell-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const footer = page.locator('footer');
  await footer.getByRole('combobox', { name: 'Currency', exact: true }).selectOption('JPY');
  await footer.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'Deutsch' });
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-interactive'))).toBe(false);

  release();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-interactive'));
  await expect(footer.getByRole('combobox', { name: 'Sprache', exact: true })).toHaveValue('de');
  await expect(footer.getByRole('combobox', { name: 'Währung', exact: true })).toHaveValue('JPY');
  expect(errors).toEqual([]);
  await context.close();
});

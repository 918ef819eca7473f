import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { API } from '../support/campaign';
import { shoot } from '../support/page';
import { signIn } from '../support/session';

const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };

/** SunCell, the demo campaign that runs with backers, updates and comments. */
async function suncell(request: APIRequestContext) {
  const found = await request.get(`${API}/projects/?search=SunCell`);
  const [project] = ((await found.json()) as { data: { projects: { id: number; title: string }[] } }).data
    .projects;
  return project!;
}

async function scrollBy(page: Page, pixels: number) {
  await page.evaluate((y) => window.scrollBy(0, y), pixels);
}

test('on a phone the funding card and Back come right after the media, and a bar keeps Back at hand', async ({
  page,
  request,
}, testInfo) => {
  const project = await suncell(request);
  await page.setViewportSize(PHONE);
  await page.goto(`/projects/${project.id}`);

  // The title has its own line; the header's actions wrap below it.
  const title = page.getByRole('heading', { level: 1, name: project.title });
  await expect(title).toBeVisible();
  expect((await title.boundingBox())!.width).toBeGreaterThan(300);

  // Back This Project is on the first screen, before the story.
  const back = page.getByRole('button', { name: 'Back This Project' });
  await expect(back).toBeInViewport();
  const tabs = page.getByRole('tablist').filter({ has: page.getByRole('tab', { name: 'Overview' }) });
  expect((await back.boundingBox())!.y).toBeLessThan((await tabs.boundingBox())!.y);
  // The tabs keep to one row and scroll sideways.
  expect((await tabs.boundingBox())!.height).toBeLessThan(60);
  await expect(page.getByTestId('sticky-pledge-bar')).toHaveCount(0);
  await shoot(page, '1-project-top', (name) => testInfo.outputPath(name));
  await page.setViewportSize(PHONE);

  // Once the funding card scrolls away, a bar at the bottom of the window offers Back again.
  await scrollBy(page, 1500);
  const bar = page.getByTestId('sticky-pledge-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('2-sticky-bar-390.png') });
  await scrollBy(page, -5000);
  await expect(bar).toHaveCount(0);

  // On a wide screen the funding card stays beside the story instead.
  await page.setViewportSize({ width: 1366, height: 900 });
  await scrollBy(page, 1500);
  await expect(bar).toBeHidden();

  // The bar's button is the card's: a visitor is asked to sign in and comes back here.
  await page.setViewportSize(PHONE);
  await scrollBy(page, 1500);
  await bar.getByRole('button', { name: 'Back This Project' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test('on a phone in Spanish the funding card’s figures stand side by side, their labels whole', async ({
  page,
  request,
}, testInfo) => {
  const project = await suncell(request);
  await page.setViewportSize(PHONE);
  await page.goto(`/projects/${project.id}?lang=es`);
  const card = page.getByLabel('Financiamiento');
  const labels = [
    card.getByText('financiado', { exact: true }),
    card.getByText(/^patrocinador(es)?$/),
    card.getByText(/^días? restantes?$/),
  ];
  const boxes = [];
  for (const label of labels) {
    await expect(label).toBeVisible();
    boxes.push((await label.boundingBox())!);
    // Its words fit in its own box: none spill over into the next figure's.
    expect(await label.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    );
  }
  const [funded, backers, days] = boxes as [Box, Box, Box];
  // One beside the other, none running into the next.
  expect(funded.x + funded.width).toBeLessThanOrEqual(backers.x);
  expect(backers.x + backers.width).toBeLessThanOrEqual(days.x);
  expect(backers.y).toBe(funded.y);
  // The one-word labels keep to one line; only "días restantes" may wrap, between its words.
  expect(backers.height).toBeLessThan(1.5 * funded.height);
  const cardBox = (await card.boundingBox())!;
  expect(days.x + days.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  await card.screenshot({ path: testInfo.outputPath('3-funding-card-es-390.png') });
});

test('in German every button of a project page shows its whole label, at phone, tablet and desktop widths', async ({
  page,
  request,
}) => {
  const project = await suncell(request);
  await page.goto(`/projects/${project.id}?lang=de`);
  for (const size of [PHONE, { width: 1024, height: 800 }, { width: 1366, height: 900 }]) {
    await page.setViewportSize(size);
    // "Dieses Projekt unterstützen" was cut off in the funding card and the bar, "Alle verfügbaren Belohnungen
    // ansehen" in the rewards: a label longer than its button now wraps.
    await expect(page.getByRole('button', { name: 'Dieses Projekt unterstützen' }).first()).toBeVisible();
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.mantine-Button-label')]
        .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent),
    );
    expect(cut, `at ${size.width} px`).toEqual([]);
  }
});

test('a backer on a phone finds Manage pledge on the first screen', async ({ page, request }) => {
  const project = await suncell(request);
  await signIn(page, 'sofia@fundry.dev');
  await page.setViewportSize(PHONE);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('button', { name: /Manage pledge/ }).first()).toBeInViewport();
});

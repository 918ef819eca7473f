import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
import { toast } from '../support/page';
import { API, bearer, createCampaign } from '../support/campaign';
import { signIn, signOut } from '../support/session';

/**
 * DESIGN.md §16: the creator adds an add-on beside the rewards; on a phone, a backer takes a reward with two add-ons
 * (one that ships with it), the minimum adding their prices and shipping, saves a card, then changes them in Manage
 * pledge.
 */
test('the creator adds an add-on; a backer on a phone backs a reward with two add-ons, then changes them', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `Add-ons journey ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 30);
  const creator = await bearer(request, 'maya@fundry.dev');
  const sticker = await request.post(`${API}/projects/${projectId}/add-ons`, {
    headers: creator,
    data: { title: 'Sticker sheet', price: 3 },
  });
  expect(sticker.status(), await sticker.text()).toBe(201);
  // Its picture, checked by its bytes: a text file named .png is refused, a real PNG (a 4×4 square) is taken.
  const stickerImage = `${API}/projects/${projectId}/add-ons/${(await sticker.json()).data.id}/image`;
  const fake = await request.put(stickerImage, {
    headers: creator,
    multipart: { image: { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') } },
  });
  expect(fake.status()).toBe(400);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWN4VqEBRwzEcQCF8hhh2JAPqgAAAABJRU5ErkJggg==',
    'base64',
  );
  const pictured = await request.put(stickerImage, {
    headers: creator,
    multipart: { image: { name: 'sticker.png', mimeType: 'image/png', buffer: png } },
  });
  expect(pictured.status(), await pictured.text()).toBe(200);

  // The creator adds the mug on the project page, beside the rewards: it ships, and comes with the kettle only.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'maya@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Add add-on' }).click();
  const form = page.getByRole('dialog', { name: 'Add an add-on' });
  await form.getByLabel(/^Title/).fill('Enamel mug');
  await form.getByLabel(/^Description/).fill('A mug to match');
  await form.getByLabel(/^Price per item/).fill('12');
  await form.getByLabel(/^Available Quantity/i).fill('10');
  await form.getByRole('combobox', { name: 'Comes with' }).click({ force: true });
  await page.getByRole('option', { name: 'Kettle' }).click();
  // A multiple choice stays open for more: closed as a keyboard user closes it.
  await page.keyboard.press('Escape');
  await form.getByRole('combobox', { name: 'Shipping' }).click();
  await page.getByRole('option', { name: 'Ships (price per item)' }).click();
  await form
    .getByLabel(/^Shipping cost/)
    .first()
    .fill('2');
  await form.getByRole('button', { name: 'Add country' }).click();
  await form.getByRole('combobox', { name: /^Country 2/ }).fill('Rest of the world');
  await page.getByRole('option', { name: 'Rest of the world' }).click();
  await form
    .getByLabel(/^Shipping cost/)
    .nth(1)
    .fill('6');
  await page.screenshot({ path: testInfo.outputPath('0-add-on-form.png'), animations: 'disabled' });
  await form.getByRole('button', { name: 'Create add-on' }).click();
  await expect(toast(page, 'Add-on created')).toBeVisible();
  await page.getByRole('region', { name: 'Add-ons' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/extras-add-on-list-1366.png', animations: 'disabled' });
  await signOut(page);
  await page.setViewportSize({ width: 390, height: 844 });

  await signIn(page, 'sofia@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  const listed = page.getByRole('region', { name: 'Add-ons' });
  await expect(listed.getByRole('article', { name: 'Enamel mug' })).toContainText('$12');
  await expect(listed.getByRole('article', { name: 'Enamel mug' })).toContainText('With Kettle');
  await expect(listed.getByRole('article', { name: 'Sticker sheet' })).toContainText('With any pledge');
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(await sideways()).toBe(false);
  await expect(listed.getByRole('article', { name: 'Sticker sheet' }).locator('img[alt=""]')).toBeVisible();
  await listed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/extras-add-on-list-390.png', animations: 'disabled' });

  await page.getByRole('button', { name: 'Back This Project' }).first().click();
  const back = page.getByRole('dialog');
  await back.getByLabel(/Kettle/).check();
  await back.getByRole('textbox', { name: 'How many “Enamel mug”' }).fill('2');
  // The sticker sheet by keyboard alone: Tab from the chosen reward to the sticker's quantity, then the arrow key.
  await back.getByLabel(/Kettle/).focus();
  const stickers = back.getByRole('textbox', { name: 'How many “Sticker sheet”' });
  for (let i = 0; i < 30 && !(await stickers.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(stickers).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(stickers).toHaveValue('1');
  await back.getByLabel(/Full name/).fill('Sofia Reyes');
  await back.getByLabel(/^Address/).fill('12 Harbor Road');
  await back.getByLabel(/^City/).fill('Boston');
  await back.getByLabel(/Postal code/).fill('02118');
  await back.getByRole('combobox', { name: 'Country' }).fill('United States');
  await page.getByRole('option', { name: 'United States' }).click();
  // 20 + 5 shipping, 2 mugs × (12 + 2 shipping), 3 for the stickers.
  await expect(back.getByText('Minimum $56 for “Kettle” and 2 add-ons, shipping included')).toBeVisible();
  await expect(back.getByLabel(/Pledge Amount/)).toHaveValue('56');
  expect(await sideways()).toBe(false);
  await page.screenshot({ path: testInfo.outputPath('1-back-with-add-ons.png'), animations: 'disabled' });
  await page.screenshot({ path: '/tmp/extras-back-add-ons-390.png', animations: 'disabled' });
  // axe-core on the Back dialog with the add-on picker open: no serious or critical finding (WCAG 2.2 AA).
  await page.waitForTimeout(300);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
  ).toEqual([]);
  await back.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL(/\/donation\/success\?donation_id=\d+/);

  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Manage pledge' }).first().click();
  const manage = page.getByRole('dialog', { name: 'Manage your pledge' });
  await expect(manage.getByText('Enamel mug × 2 ($12 each)')).toBeVisible();
  await manage.getByRole('textbox', { name: 'How many “Enamel mug”' }).fill('1');
  await manage.getByLabel(/Pledge amount/).fill('41');
  await expect(manage.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await manage.getByLabel(/Pledge amount/).fill('42');
  expect(await sideways()).toBe(false);
  await page.screenshot({ path: testInfo.outputPath('2-manage-add-ons.png'), animations: 'disabled' });
  await manage.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Your pledge was updated.')).toBeVisible();

  const mine = await request.get(`${API}/backers/projects/${projectId}/my-pledge`, {
    headers: await bearer(request, 'sofia@fundry.dev'),
  });
  const pledge = ((await mine.json()) as { data: { amount: number; add_ons: object[] } }).data;
  expect(pledge.amount).toBe(42);
  expect(pledge.add_ons).toEqual([
    expect.objectContaining({ title: 'Sticker sheet', quantity: 1 }),
    expect.objectContaining({ title: 'Enamel mug', quantity: 1 }),
  ]);
  const addOns = (await (await request.get(`${API}/projects/${projectId}/add-ons`)).json()) as {
    data: { title: string; quantity_claimed: number }[];
  };
  expect(addOns.data.find((addOn) => addOn.title === 'Enamel mug')?.quantity_claimed).toBe(1);
});

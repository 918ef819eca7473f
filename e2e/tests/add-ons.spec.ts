import { expect, test } from '../fixtures';
import { toast } from '../support/page';
import { API, bearer, createCampaign } from '../support/campaign';
import { signIn } from '../support/session';

/**
 * DESIGN.md §16 on a phone: a backer takes a reward with two add-ons (one that ships with it), the minimum adding
 * their prices and shipping, saves a card, then changes them in Manage pledge.
 */
test('a backer on a phone backs a reward with two add-ons, then changes them in Manage pledge', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const title = `Add-ons journey ${Date.now().toString(36)}`;
  const projectId = await createCampaign(request, title, 30);
  const creator = await bearer(request, 'maya@fundry.dev');
  const rewards = (await (await request.get(`${API}/rewards/projects/${projectId}/rewards`)).json()) as {
    data: { id: number; title: string }[];
  };
  const kettle = rewards.data.find((reward) => reward.title === 'Kettle')!;
  for (const addOn of [
    {
      title: 'Enamel mug',
      description: 'A mug to match',
      price: 12,
      quantity_available: 10,
      available_with: [kettle.id],
      shipping_rules: [
        { country: 'US', cost: 2 },
        { country: '*', cost: 6 },
      ],
    },
    { title: 'Sticker sheet', price: 3 },
  ]) {
    const made = await request.post(`${API}/projects/${projectId}/add-ons`, {
      headers: creator,
      data: addOn,
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  await signIn(page, 'sofia@fundry.dev');
  await page.goto(`/projects/${projectId}`);
  const listed = page.getByRole('region', { name: 'Add-ons' });
  await expect(listed.getByRole('article', { name: 'Enamel mug' })).toContainText('$12');
  await expect(listed.getByRole('article', { name: 'Enamel mug' })).toContainText('With Kettle');
  await expect(listed.getByRole('article', { name: 'Sticker sheet' })).toContainText('With any pledge');
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(await sideways()).toBe(false);

  await page.getByRole('button', { name: 'Back This Project' }).first().click();
  const back = page.getByRole('dialog');
  await back.getByLabel(/Kettle/).check();
  await back.getByRole('textbox', { name: 'How many “Enamel mug”' }).fill('2');
  await back.getByRole('textbox', { name: 'How many “Sticker sheet”' }).fill('1');
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

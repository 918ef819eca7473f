import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { STORAGE_KEYS } from '@fundry/shared';
import { expect, test } from '../fixtures';
import { signIn } from '../support/session';

const SIX_MB = 6 * 1024 * 1024;

// The journey's script sends the refused image on purpose; Chromium logs each refusal.
test.use({ expectedConsoleErrors: [/status of 413 \(Payload Too Large\)/] });

test('a creator who picks a 6 MB cover image is told why, picks another and saves within seconds', async ({
  page,
}, testInfo) => {
  const huge = testInfo.outputPath('huge-cover.png');
  writeFileSync(huge, Buffer.alloc(SIX_MB, 1));
  const good = testInfo.outputPath('cover.png');
  writeFileSync(
    good,
    await sharp({ create: { width: 640, height: 360, channels: 3, background: '#0ca678' } })
      .png()
      .toBuffer(),
  );

  await signIn(page, 'maya@fundry.dev');
  await page.goto('/projects/create');
  await page.getByLabel('Project Title').fill(`Cover test ${Date.now().toString(36)}`);
  await page.getByLabel('Upload project image').setInputFiles(huge);
  await expect(page.getByText('Image must be less than 5MB')).toBeVisible();

  // The form refuses the file before sending it; a script that sends it anyway gets the server's 413 on one
  // of the browser's kept-alive connections, and whatever the page sends next must not wait behind it.
  const refused = await page.evaluate(
    async ({ size, tokenKey }) => {
      const statuses = [];
      for (let i = 0; i < 2; i += 1) {
        const form = new FormData();
        form.append('title', 'Too big');
        form.append('image_file', new Blob([new Uint8Array(size)], { type: 'image/png' }), 'huge.png');
        const response = await fetch('/api/v1/projects', {
          method: 'POST',
          headers: { Authorization: `Bearer ${localStorage.getItem(tokenKey)}` },
          body: form,
        });
        statuses.push(response.status);
      }
      return statuses;
    },
    { size: SIX_MB, tokenKey: STORAGE_KEYS.accessToken },
  );
  expect(refused).toEqual([413, 413]);

  await page.getByLabel('Upload project image').setInputFiles(good);
  await expect(page.getByRole('img', { name: 'Project image preview' })).toBeVisible();
  await expect(page.getByText('Image must be less than 5MB')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Draft saved' })).toBeVisible({
    timeout: 5_000,
  });
});

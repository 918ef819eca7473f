import { writeFileSync } from 'node:fs';
import { generate } from 'otplib';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { codeIn, linkIn, waitForMail } from '../support/mail';

const PASSWORD = 'Harbour-Lights-7!';
const NEW_PASSWORD = 'Quiet-Meadow-42?';
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The input labelled `label` (not, say, the password field's visibility toggle). */
const field = (page: Page, label: string | RegExp) => page.locator('input').and(page.getByLabel(label));

test('register, verify, edit the profile, two-factor, reset the password', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  const email = `journey-${suffix}@example.test`;

  await test.step('register and open the link from the mail', async () => {
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Jordan Journey');
    await page.getByLabel('Username').fill(`jordan_${suffix}`);
    await page.getByLabel('Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(/check your email/i).first()).toBeVisible();
    // No jump: the page waits for the person, with a way on.
    await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();

    const mail = await waitForMail((m) => m.to === email && m.subject.includes('Confirm'));
    await expect(page).toHaveURL(/\/register$/);
    await page.goto(linkIn(mail, `${baseURL}/api/v1/auth/verify-email`));
    await expect(page).toHaveURL(/\/verify-email\?status=success/);
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  await test.step('sign in and land on the dashboard', async () => {
    await page.getByLabel('Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  await test.step('edit the profile with a photo', async () => {
    await page.goto('/profile');
    const photo = testInfo.outputPath('avatar.png');
    writeFileSync(
      photo,
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1c7ed6' } })
        .png()
        .toBuffer(),
    );
    await page.getByLabel('Upload profile photo').setInputFiles(photo);
    await page.getByLabel('Location').fill('Porto, Portugal');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByAltText(/Profile photo of/)).toHaveAttribute(
      'src',
      /\/uploads\/avatars\/.+\.webp$/,
    );
    await page.screenshot({ path: testInfo.outputPath('profile.png'), fullPage: true });
  });

  let secret = '';
  let lastStep = 0;
  /**
   * A code of a later time step than any used (each is accepted once) and within the server's drift of one step
   * either way: starting a step behind the clock, the journey never waits for it.
   */
  const freshCode = () => {
    lastStep = Math.max(lastStep + 1, Math.floor(nowSeconds() / 30) - 1);
    return generate({ secret, epoch: lastStep * 30 });
  };
  await test.step('enable two-factor with the mailed code and the QR dialog', async () => {
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await page.getByRole('button', { name: 'Enable Two-Factor Authentication' }).click();
    const mail = await waitForMail((m) => m.to === email && m.subject.includes('verification code'));
    await page.getByLabel('Verification code').fill(codeIn(mail));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByAltText('QR code for your authenticator app')).toBeVisible();
    secret = (await dialog.getByLabel('Two-factor secret key').innerText()).trim();
    await page.screenshot({ path: testInfo.outputPath('two-factor-qr.png') });
    await dialog.getByLabel('Authenticator code').fill(await freshCode());
    await dialog.getByRole('button', { name: 'Verify and Enable' }).click();
    await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
  });

  const signOut = async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  };

  await test.step('sign out and sign in again with a code from the app', async () => {
    await signOut();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByLabel('Authentication code').fill(await freshCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    await signOut();
  });

  await test.step('reset the password through the mailed link and sign in with it', async () => {
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByRole('button', { name: /send/i }).click();
    await expect(page).toHaveURL(/\/password-reset-success$/, { timeout: 5_000 });

    const mail = await waitForMail((m) => m.to === email && m.subject.includes('Reset'));
    await page.goto(linkIn(mail, `${baseURL}/password-reset/`));
    await field(page, /^New password/).fill(NEW_PASSWORD);
    await field(page, /^Confirm new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: /reset password/i }).click();
    await expect(page).toHaveURL(/\/signin$/, { timeout: 5_000 });

    await page.getByLabel('Email').fill(email);
    await field(page, 'Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByLabel('Authentication code').fill(await freshCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  });
});

test('a guarded page sends a visitor to sign in and back', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('You need to sign in to access that page')).toBeVisible();
  await page.getByLabel('Email').fill('maya@fundry.dev');
  await field(page, 'Password').fill('Fundry-Demo#2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  // Signed in as Maya: her account's menu in the bar says whose it is (her name shows beside it from 1408 px).
  await expect(page.getByRole('banner').getByRole('button', { name: /Maya Okafor/ })).toBeVisible();
});

test('sign in with Google through a local OpenID Connect provider', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  // The provider's own development login and consent pages.
  await page.locator('input[name="login"]').fill('oidc-journey');
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await page.goto('/profile');
  await expect(page.getByLabel('Email')).toHaveValue('oidc.journey@example.test');
});

import { expect, type Page } from '@playwright/test';

/** The password of every demo account (apps/api/src/db/seed/users.ts). */
export const DEMO_PASSWORD = 'Fundry-Demo#2026';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs out from the dashboard, so no page that depends on the session is open while it ends. */
export async function signOut(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
}

import { expect } from '@playwright/test';
import type { CaughtMail } from '../../apps/api/src/test/mail-catcher';

/** Waits for a mail caught by the test SMTP server. */
export async function waitForMail(
  match: (mail: CaughtMail) => boolean,
  timeoutMs = 15_000,
): Promise<CaughtMail> {
  const url = process.env.E2E_MAILBOX_URL;
  if (!url) throw new Error('E2E_MAILBOX_URL is not set');
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(url)).json()) as CaughtMail[];
        found = mails.find(match);
        return Boolean(found);
      },
      { timeout: timeoutMs, message: 'waiting for a mail' },
    )
    .toBe(true);
  return found!;
}

export { codeIn, linkIn } from '../../apps/api/src/test/mail-catcher';

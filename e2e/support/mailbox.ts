import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMailCatcher } from '../../apps/api/src/test/mail-catcher';

/**
 * A real SMTP server for the app under test, plus a small HTTP view of what it caught, so the
 * journeys (in other processes) can read the mails.
 */
export async function startMailbox() {
  const catcher = await startMailCatcher();
  const http = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(catcher.messages));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    smtpUrl: catcher.url,
    httpUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await catcher.close();
    },
  };
}

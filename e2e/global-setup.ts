import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startOidcProvider } from '../apps/api/src/test/oidc-provider';
import { createServerDatabase, reachableTestServer } from '../apps/api/src/test/server-database';
import { startMailbox } from './support/mailbox';

const root = path.resolve(import.meta.dirname, '..');

/** Identities the local OpenID Connect provider knows; journeys sign in as them. */
export const OIDC_ACCOUNTS = {
  'oidc-journey': { email: 'oidc.journey@example.test', email_verified: true, name: 'Olivia Connect' },
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(url: string, app: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null)
      throw new Error(`The app exited with code ${app.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not become ready at ${url}`);
}

/**
 * Starts the built app on a random port with a temporary DATA_DIR, as a new user would run it, with a
 * real SMTP server catching its mail and a real OpenID Connect provider for "Sign in with Google". When a
 * PostgreSQL server answers, the app runs on a throwaway database there, so journeys can end a campaign by
 * moving its dates (E2E_DATABASE_URL); otherwise on the embedded PGlite, and those journeys are skipped,
 * unless TEST_DATABASE_URL names the server (see reachableTestServer).
 */
export default async function globalSetup() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Another site allowed to call the API; tests/cross-origin.spec.ts serves its page on this port.
  const partnerOrigin = `http://127.0.0.1:${await freePort()}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundry-e2e-'));
  const serverUrl = await reachableTestServer();
  const server = serverUrl ? await createServerDatabase(serverUrl, 'fundry_e2e') : null;
  const mailbox = await startMailbox();
  const oidc = await startOidcProvider(`${baseUrl}/api/v1/auth/google/callback`, OIDC_ACCOUNTS);

  const app = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(server ? { DATABASE_URL: server.url, SEED_DEMO_DATA: 'true' } : {}),
      SMTP_URL: mailbox.smtpUrl,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      CORS_ORIGINS: partnerOrigin,
      // Journeys sign in many times from one address; the limits have their own API tests.
      RATE_LIMITS: 'off',
      // Projects in euros and yen beside dollars (tests/currencies.spec.ts); the demo data brings the day's rates.
      CURRENCIES: 'USD,EUR,JPY',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilReady(baseUrl, app);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAILBOX_URL = mailbox.httpUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SMTP_URL = mailbox.smtpUrl;
  process.env.E2E_PARTNER_ORIGIN = partnerOrigin;
  if (server) process.env.E2E_DATABASE_URL = server.url;

  return async () => {
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    await Promise.all([mailbox.close(), oidc.close()]);
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

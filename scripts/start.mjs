// `npm start`: serve the built app from one process; build it first when the build is missing or older
// than the sources (after a pull or an edit), so what runs is always the code in the checkout.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builds = [
  path.join(root, 'apps/api/dist/server.js'),
  path.join(root, 'apps/api/dist/render-worker.js'),
  path.join(root, 'apps/web/dist/index.html'),
  path.join(root, 'apps/web/dist-ssr/entry-server.js'),
];
const sources = [
  'apps/api/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'packages/shared/src',
  'packages/shared/catalogs',
];

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const builtAt = Math.min(...builds.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (changedAt > builtAt) {
  console.log(
    builtAt === 0 ? 'No build found: building Fundry first…' : 'Sources changed: rebuilding Fundry…',
  );
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

// The demo (the embedded database, seeded on its first start) offers the currencies its projects are in; an
// operator's database, or their own CURRENCIES, keeps the app's default.
const demoCurrencies =
  process.env.DATABASE_URL || process.env.CURRENCIES ? {} : { CURRENCIES: 'USD,EUR,JPY,GBP,BRL' };
const child = spawn(process.execPath, ['--enable-source-maps', builds[0]], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...demoCurrencies, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

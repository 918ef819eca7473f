// `npm start`: serve the built app from one process; build it first when the build is missing.
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = `${root}apps/api/dist/server.js`;

if (!existsSync(server) || !existsSync(`${root}apps/web/dist/index.html`)) {
  console.log('No build found: building Fundry first…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

const child = spawn(process.execPath, ['--enable-source-maps', server], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

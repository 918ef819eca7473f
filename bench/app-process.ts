/** The built app as a child process, the way `npm start` runs it, for the load scenarios and Lighthouse. */
import { type ChildProcess, execFileSync, execSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../apps/api/src/test/free-port';

export const repoRoot = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');

/**
 * Builds the API server from the current sources (esbuild, a few seconds): a dist/ left from older code would
 * measure, or crash on, a schema that is no longer there. Once per run; web.ts builds the web app on its own.
 */
let serverBuilt = false;
function buildServer() {
  if (serverBuilt) return;
  execSync('npm run build -w @fundry/api', { cwd: repoRoot, stdio: 'inherit' });
  serverBuilt = true;
}

/**
 * A production build of the web app and its render bundle in `buildDir` (`dist`, `dist-ssr` beside it, where the
 * server looks for it), so a rebuild of apps/web/dist by anyone else cannot change what is measured. Returns the
 * folder to give the server as WEB_DIST_DIR.
 */
export function buildWebApp(buildDir: string): string {
  const outDir = path.join(buildDir, 'dist');
  for (const args of [
    ['--outDir', outDir],
    ['--ssr', 'src/entry-server.tsx', '--outDir', path.join(buildDir, 'dist-ssr')],
  ]) {
    execFileSync('npx', ['--no-install', 'vite', 'build', ...args, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(repoRoot, 'apps/web'),
      stdio: 'inherit',
    });
  }
  return outDir;
}

export interface RunningApp {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts apps/api/dist/server.js with `env` on top of a production environment and waits until /readyz
 * answers. The server's output goes to `logFile`, shown when it fails to start.
 */
export async function startBuiltApp(
  env: Record<string, string>,
  logFile: string,
  { startTimeoutMs = 120_000, nodeOptions = [] as string[] } = {},
): Promise<RunningApp> {
  buildServer();
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, '--enable-source-maps', serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  // The bench dying must not leave a server behind.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', killChild);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, pid: child.pid ?? 0, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  throw new Error(`The built app did not become ready (log ${logFile}):\n${tail}`);
}

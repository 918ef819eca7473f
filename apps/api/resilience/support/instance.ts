import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
const START_TIMEOUT_MS = 30_000;

/** One secret for every instance of a run, as a deployment shares it. */
export const SHARED_JWT_SECRET = randomBytes(48).toString('base64url');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Instance {
  name: string;
  url: string;
  port: number;
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  logs(): string;
  /** Resolves when the process has exited, however it ended. */
  exited: Promise<Exit>;
  /** SIGTERM, as an orchestrator stops a process, then waits for the exit. */
  stop(): Promise<Exit>;
  /** SIGKILL: the process dies on the spot, mid-request. */
  kill(): Promise<Exit>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts the built API (`apps/api/dist/server.js`) as its own process on a free port with `env` on top of a
 * production-like base, and resolves once it listens and /readyz answers 200.
 */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build -w @fundry/api first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), `fundry-${name}-`));
  const child = spawn(process.execPath, [SERVER], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      JWT_SECRET: SHARED_JWT_SECRET,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      output += `\n[${name} exited: ${signal ?? `code ${code}`}]`;
      running.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    });
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not listen within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url);

  const ended = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    name,
    url,
    port,
    logs: () => output,
    exited,
    stop: () => ended('SIGTERM'),
    kill: () => ended('SIGKILL'),
  };
}

async function waitUntilReady(url: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url}/readyz did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The last lines each instance wrote, to read beside a failed assertion. */
export function tailOfLogs(instances: Instance[], lines = 40): string {
  return instances
    .map((instance) => {
      const tail = instance.logs().trimEnd().split('\n').slice(-lines).join('\n');
      return `--- ${instance.name} (${instance.url}) ---\n${tail}`;
    })
    .join('\n');
}

/** A port nothing listens on right now (for a service that is down until the test starts it there). */

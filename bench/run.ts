/**
 * `npm run bench`: starts the built app on a fresh embedded database and measures each scenario against
 * the no-op route of the same server in the same run. Results go to bench/RESULTS.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const DURATION_S = 8;
const CONNECTIONS = 50;

interface Scenario {
  name: string;
  path: string;
}

const scenarios: Scenario[] = [
  { name: 'no-op (/healthz)', path: '/healthz' },
  { name: 'readiness (database round trip)', path: '/readyz' },
  { name: 'categories list', path: '/api/v1/categories/' },
];

async function startApp(port: number, dataDir: string): Promise<ChildProcess> {
  const app = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return app;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  app.kill();
  throw new Error('The app did not start');
}

async function measure(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const port = 5400 + Math.floor(Math.random() * 500);
const dataDir = mkdtempSync(path.join(tmpdir(), 'fundry-bench-'));
const app = await startApp(port, dataDir);
try {
  const rows: string[] = [];
  let baseline = 0;
  for (const scenario of scenarios) {
    const m = await measure(`http://127.0.0.1:${port}${scenario.path}`);
    if (baseline === 0) baseline = m.rps;
    const ratio = (m.rps / baseline).toFixed(2);
    console.log(
      `${scenario.name}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, errors ${m.errors}, ×${ratio} of no-op`,
    );
    rows.push(`| ${scenario.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.errors} | ${ratio} |`);
  }
  const table = [
    `# Benchmark results`,
    '',
    `Embedded database (PGlite), ${CONNECTIONS} connections, ${DURATION_S} s per scenario, measured ${new Date().toISOString()}.`,
    '',
    '| scenario | requests/s | p50 ms | p99 ms | errors | ratio to no-op |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(path.join(import.meta.dirname, 'RESULTS.md'), table);
} finally {
  app.kill('SIGTERM');
  await new Promise((resolve) => app.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

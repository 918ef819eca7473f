import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { type FakeStripe, startFakeStripe, WEBHOOK_SECRET } from '../../src/test/fake-stripe';
import { createScratchDatabase, type ScratchDatabase } from './database';
import { SHARED_JWT_SECRET } from './instance';

const JOBS = fileURLToPath(new URL('../../dist/jobs.js', import.meta.url));

export interface JobsProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: string | null }>;
  output(): string;
}

/**
 * `npm run jobs -- NAME…` as an operator runs it: the built jobs entry point, a process of its own, on the given
 * database and the local Stripe fake. Every process started is in `started`, for the test to kill what it left.
 */
export function runJobs(
  { databaseUrl, stripeUrl }: { databaseUrl: string; stripeUrl: string },
  started: ChildProcess[],
  ...jobs: string[]
): JobsProcess {
  const child = spawn(process.execPath, [JOBS, ...jobs], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SHARED_JWT_SECRET,
      STRIPE_SECRET_KEY: 'sk_test_fundry',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

/** Kills what a test left running (a failed run), so no process holds the fake's connections. */
export function killAll(started: ChildProcess[]) {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * A scratch database and the local Stripe fake for one file's jobs, run as processes (`npm run jobs`): made before the
 * file's tests, dropped after them, with whatever process a failed test left running killed first. The fake's delays
 * make each provider call take a little while, as over a real network, so that a kill lands mid-batch.
 */
export function jobsAgainstStripe(fake: Parameters<typeof startFakeStripe>[0]) {
  const started: ChildProcess[] = [];
  let database: ScratchDatabase;
  let stripe: FakeStripe;
  beforeAll(async () => {
    database = await createScratchDatabase();
    stripe = await startFakeStripe(fake);
  });
  afterAll(async () => {
    killAll(started);
    await stripe.close();
    await database.drop();
  });
  return {
    get database() {
      return database;
    },
    get stripe() {
      return stripe;
    },
    runJobs: (...jobs: string[]) =>
      runJobs({ databaseUrl: database.url, stripeUrl: stripe.url }, started, ...jobs),
  };
}

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TEST_PASSWORD } from '../src/db/seed/factories';
import { freePort } from '../src/test/free-port';
import { startMailCatcher } from '../src/test/mail-catcher';
import { coverPng } from '../src/test/projects';
import { createScratchDatabase, type ScratchDatabase } from './support/database';
import {
  createActiveProject,
  eventually,
  isPaymentAcknowledged,
  moneyOf,
  payInSandbox,
  type Person,
  type Pledge,
  pledge,
  projectForm,
  registerAndSignIn,
} from './support/fixtures';
import { HttpClient } from './support/http';
import { type Instance, startInstance, tailOfLogs } from './support/instance';
import { startTcpProxy } from './support/proxy';

/** The pool's connect timeout (src/db/database.ts): the longest a request waits on a hung database. */
const CONNECT_TIMEOUT_MS = 10_000;

describe('faults', () => {
  let database: ScratchDatabase;
  let started: Instance[] = [];
  const start = async (name: string, env: Record<string, string> = {}) => {
    const instance = await startInstance(name, { DATABASE_URL: database.url, RATE_LIMITS: 'off', ...env });
    started.push(instance);
    return instance;
  };

  beforeAll(async () => {
    database = await createScratchDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(({ onTestFailed }) => {
    // Failure handlers run after `afterEach`, which starts a new list: this test's instances are kept here.
    const ofThisTest = started;
    onTestFailed(() => console.error(tailOfLogs(ofThisTest)));
  });
  afterEach(async () => {
    await Promise.all(started.map((instance) => instance.stop()));
    started = [];
  });

  it('answers 503 with Retry-After at once when more requests come in than it may serve', async () => {
    const instance = await start('overload', { MAX_IN_FLIGHT_REQUESTS: '4' });
    const client = new HttpClient(instance.url);
    const person = await registerAndSignIn(client, database.db);
    const credentials = Buffer.from(JSON.stringify({ email: person.email, password: person.password }));
    const signIn = (body: AsyncIterable<Buffer> | Buffer = credentials) =>
      client.post('/api/v1/auth/login', {
        body,
        headers: { 'content-type': 'application/json', 'content-length': String(credentials.length) },
      });

    // Four sign-ins hold every slot: their bodies stop halfway until the test lets them go on.
    let letGo = () => {};
    const released = new Promise<void>((resolve) => (letGo = resolve));
    async function* halfNowRestLater() {
      yield credentials.subarray(0, 8);
      await released;
      yield credentials.subarray(8);
    }
    const holding = Array.from({ length: 4 }, () => signIn(halfNowRestLater()));
    // A sign-in that finds a slot is served and gives it back; the first one refused means all four are held.
    await eventually('all four slots held', async () => (await signIn()).status === 503, 10_000);

    // Refused while the work they would queue behind never ends: at once, whatever the machine's speed.
    const [health, ...refused] = await Promise.all([
      client.get('/healthz'),
      ...Array.from({ length: 20 }, () => signIn()),
    ]);
    for (const response of refused) {
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: 'SERVICE_UNAVAILABLE',
        message: 'The service is busy. Please try again shortly.',
      });
    }
    // A load balancer's health check is answered even at capacity.
    expect(health.status).toBe(200);

    letGo();
    expect((await Promise.all(holding)).map((response) => response.status)).toEqual([200, 200, 200, 200]);
    // Every slot came back: as many at once as allowed are all served.
    const after = await Promise.all(Array.from({ length: 4 }, () => signIn()));
    expect(after.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect((await client.get('/readyz')).status).toBe(200);
  });

  it('finishes in-flight requests on SIGTERM, refuses new ones and exits 0', async () => {
    const instance = await start('graceful');
    const client = new HttpClient(instance.url);
    const creator = await registerAndSignIn(client, database.db);
    const cover = await coverPng();
    const form = await projectForm(database.db, {}, [
      { field: 'image_file', filename: 'cover.png', contentType: 'image/png', bytes: cover },
    ]);
    const signUp = Buffer.from(
      JSON.stringify({
        username: `late_${randomBytes(4).toString('hex')}`,
        email: `late_${randomBytes(4).toString('hex')}@example.test`,
        password: DEFAULT_TEST_PASSWORD,
        full_name: 'Late Arrival',
      }),
    );

    // Both bodies stop halfway until the signal has been sent.
    let resume = () => {};
    const signalSent = new Promise<void>((resolve) => (resume = resolve));
    async function* halfNowHalfLater(bytes: Buffer) {
      const half = Math.floor(bytes.length / 2);
      yield bytes.subarray(0, half);
      await signalSent;
      for (let offset = half; offset < bytes.length; offset += 16_384) {
        await sleep(20);
        yield bytes.subarray(offset, offset + 16_384);
      }
    }
    const upload = creator.client.post('/api/v1/projects', {
      body: halfNowHalfLater(form.payload),
      headers: { ...form.headers, 'content-length': String(form.payload.length) },
    });
    const registration = client.post('/api/v1/auth/register', {
      body: halfNowHalfLater(signUp),
      headers: { 'content-type': 'application/json', 'content-length': String(signUp.length) },
    });
    await sleep(300);

    const exit = instance.stop();
    await sleep(300);
    const late = await client.get('/api/v1/categories').then(
      (response) => response.status,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect([503, 'ECONNREFUSED']).toContain(late);
    resume();

    const [uploaded, registered] = await Promise.all([upload, registration]);
    expect(uploaded.status).toBe(201);
    expect(uploaded.json().data.image_url).toMatch(/^\/uploads\//);
    expect(registered.status).toBe(201);
    expect(await exit).toEqual({ code: 0, signal: null });
    const stored = await database.db
      .selectFrom('projects')
      .select('image_url')
      .where('id', '=', uploaded.json().data.id)
      .executeTakeFirst();
    expect(stored?.image_url).toBe(uploaded.json().data.image_url);
  });

  it('loses no acknowledged payment when killed mid-storm, and counters and ledger agree after restart', async () => {
    const { db } = database;
    const first = await start('storm');
    const client = new HttpClient(first.url);
    const admin = await registerAndSignIn(client, db, { admin: true });
    const creator = await registerAndSignIn(client, db);
    // Flexible: each checkout is paid at once (all-or-nothing pledges are charged by the collection job).
    const hot = await createActiveProject(creator, admin, db, {
      goal_amount: '100000',
      funding_model: 'flexible',
    });
    // One live pledge per backer and project: a backer each.
    const backers: Person[] = await Promise.all(
      Array.from({ length: 80 }, () => registerAndSignIn(new HttpClient(first.url), db)),
    );
    const checkouts: (Pledge & { amountCents: number })[] = await Promise.all(
      backers.map(async (backer, b) => {
        const amount = 5 + (b % 13);
        return { ...(await pledge(backer, hot, amount)), amountCents: amount * 100 };
      }),
    );

    const acknowledged = new Set<number>();
    const answeredOtherwise: string[] = [];
    let killing = false;
    await Promise.allSettled(
      checkouts.map(async (checkout) => {
        const response = await payInSandbox(client, checkout);
        if (isPaymentAcknowledged(response, checkout)) acknowledged.add(checkout.donationId);
        else answeredOtherwise.push(`${response.status} ${response.text()}`);
        if (!killing && acknowledged.size >= checkouts.length / 5) {
          killing = true;
          void first.kill();
        }
      }),
    );
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(answeredOtherwise).toEqual([]);
    // The kill landed mid-storm: some payments were confirmed, some never were.
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeLessThan(checkouts.length);

    const second = await start('storm-restarted');
    const status = async () =>
      new Map(
        (
          await db.selectFrom('donations').select(['id', 'status']).where('project_id', '=', hot).execute()
        ).map((row) => [row.id, row.status]),
      );
    const afterCrash = await status();
    for (const id of acknowledged) expect(afterCrash.get(id)).toBe('SUCCEEDED');
    const agreement = async () => {
      const money = await moneyOf(db, hot);
      expect(money.counters).toEqual({ cents: money.succeeded.cents, backers: money.succeeded.backers });
      expect(money.ledger).toEqual({ gross: money.succeeded.cents, rows: money.succeeded.count });
      return money;
    };
    await agreement();

    // The backers whose confirmation never came pay again: each is taken once, and repeats change nothing.
    const retried = new HttpClient(second.url);
    for (const checkout of checkouts) {
      const response = await payInSandbox(retried, checkout);
      expect(isPaymentAcknowledged(response, checkout)).toBe(true);
    }
    expect([...(await status()).values()].every((value) => value === 'SUCCEEDED')).toBe(true);
    const money = await agreement();
    expect(money.counters).toEqual({
      cents: checkouts.reduce((sum, checkout) => sum + checkout.amountCents, 0),
      backers: backers.length,
    });
    expect(money.ledger.rows).toBe(checkouts.length);
  });

  it('answers 503 while the database is away and recovers without a restart when it returns', async () => {
    const proxy = await startTcpProxy(database.server);
    // The pages need only the web build's shell: a minimal one of the test's own.
    const webDist = await mkdtemp(path.join(tmpdir(), 'fundry-web-'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Fundry</title></head><body><div id="root"></div></body></html>',
    );
    try {
      const instance = await start('db-outage', {
        DATABASE_URL: database.urlVia(proxy.port),
        WEB_DIST_DIR: webDist,
      });
      const client = new HttpClient(instance.url);
      const projects = () => client.get('/api/v1/projects');
      // A project no other test makes: 404 while the database answers.
      const projectPage = () => client.get('/projects/999999', { headers: { accept: 'text/html' } });
      expect((await projects()).status).toBe(200);
      expect((await projectPage()).status).toBe(404);

      const expectUnavailable = async (withinMs: number) => {
        const ready = await client.get('/readyz');
        expect(ready.status).toBe(503);
        expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', storage: 'up' });
        expect(ready.ms).toBeLessThan(withinMs);
        const list = await projects();
        expect(list.status).toBe(503);
        expect(list.json()).toEqual({
          error: 'SERVICE_UNAVAILABLE',
          message: 'The service cannot reach its data store right now. Please try again shortly.',
        });
        expect(list.headers['retry-after']).toBe('5');
        expect(list.ms).toBeLessThan(withinMs);
        // A page whose data cannot be read: the shell with the status it deserves, never a blank page or a hang.
        const page = await projectPage();
        expect(page.status).toBe(503);
        expect(page.headers['retry-after']).toBe('5');
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.text()).toContain('<title>Fundry is unavailable · Fundry</title>');
        expect(page.text()).toContain('<div id="root">');
        expect(page.ms).toBeLessThan(withinMs);
      };
      const expectRecovered = async () => {
        await proxy.restore();
        await eventually(
          'ready again',
          async () => (await client.get('/readyz')).status === 200,
          CONNECT_TIMEOUT_MS * 2,
        );
        expect((await projects()).status).toBe(200);
        expect((await projectPage()).status).toBe(404);
      };

      // The host is down: connections are refused.
      await proxy.cut();
      await expectUnavailable(1_000);
      await expectRecovered();

      // The host hangs: connections are accepted and never answered.
      await proxy.stall();
      await expectUnavailable(CONNECT_TIMEOUT_MS + 2_000);
      await expectRecovered();
    } finally {
      await proxy.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });

  it('keeps mail in the outbox while the mail server is down, without failing a request, and sends it later', async () => {
    const smtpPort = await freePort();
    const instance = await start('mail-down', { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    const client = new HttpClient(instance.url);
    const email = `mail_${randomBytes(5).toString('hex')}@example.test`;
    const registered = await client.post('/api/v1/auth/register', {
      json: {
        username: `mail_${randomBytes(5).toString('hex')}`,
        email,
        password: DEFAULT_TEST_PASSWORD,
        full_name: 'Patient Reader',
      },
    });
    expect(registered.status).toBe(201);
    expect(registered.ms).toBeLessThan(2_000);

    const outbox = () =>
      database.db
        .selectFrom('mail_outbox')
        .select(['status', 'attempts', 'last_error'])
        .where('recipient', '=', email)
        .executeTakeFirstOrThrow();
    const waiting = await eventually(
      'a failed delivery attempt',
      async () => {
        const row = await outbox();
        return row.attempts > 0 && row.last_error !== null && row;
      },
      10_000,
    );
    expect(waiting.status).toBe('pending');

    const catcher = await startMailCatcher(smtpPort);
    try {
      // The retry comes from the outbox schedule (30 s after a first failure) and the minutely job.
      const mail = await catcher.waitFor(
        (caught) => caught.to === email && caught.subject === 'Confirm your e-mail address',
        120_000,
      );
      expect(mail.text).toContain('/api/v1/auth/verify-email?token=');
      await eventually('the outbox row sent', async () => (await outbox()).status === 'sent', 5_000);
    } finally {
      await catcher.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * What a change means to whoever keeps something of a project in memory: the project page's data
 * (`ProjectPageCache`) and the rendered pages (`PageHtmlCache`) hear the same feed, with the same distrust.
 */
export interface ProjectChangeListener {
  /** `p{id}`: the project's row or its rewards changed. */
  forgetProject(id: number): void;
  /** `c{id}`: the project's updates, comments or questions changed (migration 0028); its row did not. */
  forgetCommunity?(id: number): void;
  /** `u{id}`: a creator's public card changed; it shows on each of their projects. */
  forgetAll(): void;
  /** Called as the feed starts listening (true) or loses its connection (false). */
  trust(trusted: boolean): void;
}

const CHANNEL = 'project_changes';
/** How the listening connection shows in `pg_stat_activity`. */
export const FEED_APPLICATION_NAME = 'fundry-project-changes';
const RECONNECT_DELAY_MS = 1_000;
/**
 * A fence not heard back within this means the connection no longer hears anything: it is dropped and made again,
 * and meanwhile pages are read from the database. No response waits longer for a fence.
 */
const FENCE_TIMEOUT_MS = 1_000;
/** A connection can die without a word (a network cut); a fence this often finds out within three seconds. */
const HEARTBEAT_MS = 2_000;

interface Fence {
  token: string;
  waiting: Array<() => void>;
  timer: NodeJS.Timeout;
}

/**
 * Hears the database's `project_changes` notifications (migrations 0017 and 0028) on a connection of its own and
 * tells the caches what to forget; they are trusted only while this connection listens. PostgreSQL delivers
 * notifications in commit order, on every instance, at most a few milliseconds after the commit.
 */
export class ProjectChangeFeed {
  private client: pg.Client | undefined;
  private closed = false;
  private readonly instance = randomUUID().slice(0, 8);
  private fences = 0;
  private inFlight: Fence | undefined;
  private next: Array<() => void> | undefined;
  private dropCurrent: (() => void) | undefined;
  private readonly heartbeat = setInterval(() => void this.fence(), HEARTBEAT_MS).unref();

  constructor(
    private readonly url: string,
    private readonly listeners: readonly ProjectChangeListener[],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True while the cache may be trusted. */
  get listening() {
    return this.client !== undefined;
  }

  async start() {
    await this.connect();
  }

  async close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    const client = this.client;
    this.lose();
    await client?.end().catch(() => undefined);
  }

  /**
   * Resolves once every change committed before the call has reached this instance's cache, so whoever just wrote
   * reads their own write here: the fence is a notification of our own, delivered after every earlier one.
   * Concurrent callers share the next fence.
   */
  fence(): Promise<void> {
    if (!this.client) return Promise.resolve();
    return new Promise((resolve) => {
      (this.next ??= []).push(resolve);
      this.sendFence();
    });
  }

  private async connect() {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      application_name: FEED_APPLICATION_NAME,
    });
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) {
        this.log.warn(
          { err: error },
          'Lost the project change feed; project pages are read from the database',
        );
        this.lose();
      }
      void client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.connect(), RECONNECT_DELAY_MS).unref();
    };
    client.on('notification', (message) => this.receive(message.payload ?? ''));
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (this.closed) return void (await client.end().catch(() => undefined));
    this.client = client;
    this.dropCurrent = () => drop(new Error('A fence was not heard back'));
    for (const listener of this.listeners) listener.trust(true);
  }

  private lose() {
    this.client = undefined;
    this.dropCurrent = undefined;
    for (const listener of this.listeners) listener.trust(false);
    this.finishFence();
  }

  private receive(payload: string) {
    const id = Number(payload.slice(1));
    if (payload.startsWith('p')) for (const listener of this.listeners) listener.forgetProject(id);
    else if (payload.startsWith('c')) for (const listener of this.listeners) listener.forgetCommunity?.(id);
    // A creator's card shows on each of their projects.
    else if (payload.startsWith('u')) for (const listener of this.listeners) listener.forgetAll();
    else if (payload === this.inFlight?.token) this.finishFence();
  }

  private sendFence() {
    const [client, drop] = [this.client, this.dropCurrent];
    if (this.inFlight || !this.next || !client || !drop) return;
    const token = `f${this.instance}.${++this.fences}`;
    this.inFlight = {
      token,
      waiting: this.next,
      timer: setTimeout(drop, FENCE_TIMEOUT_MS),
    };
    this.next = undefined;
    client.query('select pg_notify($1, $2)', [CHANNEL, token]).catch(drop);
  }

  private finishFence() {
    const fence = this.inFlight;
    this.inFlight = undefined;
    if (fence) {
      clearTimeout(fence.timer);
      for (const resolve of fence.waiting) resolve();
    }
    if (this.client) this.sendFence();
    else {
      for (const resolve of this.next ?? []) resolve();
      this.next = undefined;
    }
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { readScopes, type ReplicaSet } from '../db/replicas';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A Redis that does not answer this fast sends the caller's reads to the primary: slower, never stale. */
const REDIS_TIMEOUT_MS = 250;
/** Writers remembered in memory (one instance, no Redis) before the expired ones are swept. */
const SWEEP_AT = 10_000;

/**
 * Who wrote within `windowMs` (decision 037): in Redis when REDIS_URL is set, so that the next request of the caller
 * reads on the primary whichever instance answers it; in this process's memory otherwise.
 */
class RecentWriters {
  private readonly redis: Redis | undefined;
  private readonly local = new Map<string, number>();

  constructor(
    redisUrl: string | undefined,
    private readonly windowMs: number,
  ) {
    this.redis = redisUrl
      ? new Redis(redisUrl, {
          connectTimeout: 2_000,
          commandTimeout: REDIS_TIMEOUT_MS,
          maxRetriesPerRequest: 1,
        })
      : undefined;
    this.redis?.on('error', () => {
      // Reported by the command that fails, which then sends the reads to the primary.
    });
  }

  async mark(caller: string) {
    if (this.redis) {
      await this.redis.set(`fundry-wrote:${caller}`, '1', 'PX', this.windowMs).catch(() => undefined);
      return;
    }
    const now = Date.now();
    if (this.local.size >= SWEEP_AT) {
      for (const [key, until] of this.local) if (until <= now) this.local.delete(key);
    }
    this.local.set(caller, now + this.windowMs);
  }

  async wrote(caller: string): Promise<boolean> {
    if (this.redis)
      return this.redis.exists(`fundry-wrote:${caller}`).then(
        (found) => found > 0,
        () => true,
      );
    return (this.local.get(caller) ?? 0) > Date.now();
  }

  async close() {
    await this.redis?.quit().catch(() => undefined);
  }
}

const onThePrimary = () => Promise.resolve(true);
const notOnThePrimary = Promise.resolve(false);

/**
 * A signed-in caller is their account, on any device. Someone signed out writes nothing the public pages show (they
 * sign up, sign in, unsubscribe): marking their address would send everyone behind the same proxy to the primary.
 */
const callerOf = (request: FastifyRequest) => (request.auth ? `u${request.auth.userId}` : undefined);

/**
 * Read-your-writes over read replicas (decision 037): each request runs in a read scope, and once a caller's write
 * succeeds, their reads stay on the primary for as long as a replica in use may still lack it. Whether the caller
 * wrote is asked only when a request reads through a read handle, and once per request.
 */
async function readRoutingImpl(
  app: FastifyInstance,
  { replicas, redisUrl }: { replicas: ReplicaSet; redisUrl: string | undefined },
) {
  const writers = new RecentWriters(redisUrl, replicas.writerWindowMs);
  app.addHook('onClose', () => writers.close());
  app.addHook('onRequest', (request, _reply, done) => {
    // A write reads what it decides on, and what it returns, on the primary.
    if (!READ_METHODS.has(request.method)) return readScopes.run({ onPrimary: onThePrimary }, done);
    // A page's own reads of the API (`app.inject`) keep what the page keeps.
    const toKeep = readScopes.getStore()?.toKeep;
    let wrote: Promise<boolean> | undefined;
    const onPrimary = () => {
      const caller = callerOf(request);
      return caller ? (wrote ??= writers.wrote(caller)) : notOnThePrimary;
    };
    readScopes.run({ onPrimary, toKeep }, done);
  });
  app.addHook('onSend', async (request, reply) => {
    const caller = callerOf(request);
    if (caller && !READ_METHODS.has(request.method) && reply.statusCode < 400) await writers.mark(caller);
  });
}

export const readRouting = fp(readRoutingImpl, { name: 'fundry-read-routing' });

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../errors';

/** The default budget for every API route; sensitive routes set tighter ones in their `config.rateLimit`. */
export const DEFAULT_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

const WAIT_UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

/**
 * How long to wait, in the largest unit that fits and rounded as the rate-limit plugin words it ("1 minute",
 * "45 seconds"), as the arguments of a message that writes it in each language.
 */
function waitOf(seconds: number) {
  const [unit, size] = WAIT_UNITS.find(([, size]) => seconds >= size) ?? ['second', 1];
  return { unit, count: Math.round(seconds / size) };
}

/**
 * Rate limits for the API scope: counted in Redis when REDIS_URL is set, so that every instance
 * shares one count; in memory otherwise. `RATE_LIMITS=off` turns them all off.
 */
async function rateLimitPluginImpl(app: FastifyInstance, { config }: { config: Config }) {
  if (!config.rateLimits) return;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    ...DEFAULT_RATE_LIMIT,
    redis,
    nameSpace: 'fundry-rl:',
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return new AppError(
        'RATE_LIMITED',
        'api.error.rateLimited',
        undefined,
        { 'retry-after': String(seconds) },
        waitOf(seconds),
      );
    },
  });
}

export const rateLimitPlugin = fp(rateLimitPluginImpl, { name: 'fundry-rate-limit' });

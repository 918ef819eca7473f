import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../errors';

/** The default budget for every API route; sensitive routes set tighter ones in their `config.rateLimit`. */
export const DEFAULT_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

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
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
}

export const rateLimitPlugin = fp(rateLimitPluginImpl, { name: 'fundry-rate-limit' });

import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

/** Long enough for a burst to drain; short enough that a client does not give up on us. */
const RETRY_AFTER_SECONDS = 5;

/** Health checks are answered even at capacity, so a load balancer does not take a busy instance for a dead one. */
const UNBOUNDED_ROUTES = new Set(['/healthz', '/readyz']);

const busy = () =>
  new AppError('SERVICE_UNAVAILABLE', 'api.error.busy', undefined, {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });

/**
 * Overload answers 503 with Retry-After at once instead of queueing until clients time out: past
 * `maxInFlight` requests in progress, and while the event loop lags by more than `maxEventLoopDelayMs`.
 */
async function loadSheddingImpl(
  app: FastifyInstance,
  { maxInFlight, maxEventLoopDelayMs }: { maxInFlight: number; maxEventLoopDelayMs: number },
) {
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: () => {
      throw busy();
    },
  });

  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (UNBOUNDED_ROUTES.has(request.routeOptions.url ?? '')) return;
    if (inFlight >= maxInFlight) throw busy();
    inFlight += 1;
    // 'close' comes once per response, whether it was sent in full or the client went away.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });
}

export const loadShedding = fp(loadSheddingImpl, { name: 'fundry-load-shedding' });

import { z } from 'zod';

export const healthResponse = z.object({ status: z.literal('ok') });
export const readinessResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  storage: z.enum(['up', 'down']),
  /**
   * Each read replica as its monitor last saw it (decision 037), for operators: readiness is about the primary, and
   * a replica down or lagging leaves the process ready, its reads on the primary.
   */
  replicas: z
    .array(
      z.object({ name: z.string(), state: z.enum(['up', 'lagging', 'down']), lag_ms: z.number().nullable() }),
    )
    .optional(),
});

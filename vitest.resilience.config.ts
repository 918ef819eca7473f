import { defineConfig } from 'vitest/config';

/**
 * Several instances and faults (issue 8): the built API as real processes against the PostgreSQL server
 * and Redis. Files run one after another: each starts its own processes and waits on scheduled jobs.
 */
export default defineConfig({
  test: {
    name: 'resilience',
    include: ['apps/api/resilience/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});

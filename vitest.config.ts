import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogs } from './apps/web/catalogs-plugin.ts';
import { mantineStyles } from './apps/web/mantine-styles-plugin.ts';
import { themeVariables } from './apps/web/theme-variables-plugin.ts';

/**
 * API test files that need modules of their own: one replaces a module with `vi.mock`, one reads the process's
 * metrics counters, which every file adds to.
 */
const API_FILES_ISOLATED = [
  'apps/api/src/modules/creator-tools/creator-tools-refunds.test.ts',
  'apps/api/src/plugins/metrics.test.ts',
];
const API = {
  environment: 'node' as const,
  globalSetup: ['apps/api/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: API_FILES_ISOLATED,
          // The files share each worker's modules: importing the app again for every file took a fifth of the run.
          isolate: false,
          ...API,
        },
      },
      {
        test: { name: 'api-isolated', include: API_FILES_ISOLATED, ...API },
      },
      {
        plugins: [react(), catalogs(), mantineStyles(), themeVariables()],
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A page test clicks through several screens; on two busy cores that can pass the 5 s default.
          testTimeout: 15_000,
        },
      },
    ],
  },
});

import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

const executablePath = await chromiumPath();

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Side by side on both cores: every journey makes its own projects and people, or only reads the demo's.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
  },
});

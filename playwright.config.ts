import { defineConfig } from '@playwright/test';

// e2e: the built renderer in the system's Chromium, window.api bridged to the real main-process handler table
// (see e2e/fixtures.ts). With an Electron binary present, GPU_PLANNER_E2E=electron runs the same specs against the app.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]] : [['list']],
  outputDir: 'test-results/artifacts',
  use: {
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});

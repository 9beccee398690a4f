import { defineConfig } from '@playwright/test';

// e2e: the built renderer in the system's Chromium, window.api bridged to the real main-process handler table
// (see e2e/fixtures.ts). With an Electron binary present, GPU_PLANNER_E2E=electron runs the same specs against the app.
// Project browser-http runs specs through the browser-mode server (`gpu-planner serve`) instead of the bridge.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // A temporary folder per run (TMPDIR for the workers), removed when the run ends: e2e/global-setup.ts.
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker by default. The specs share no port (the HTTP server listens on port 0), data folder (one per test, in
  // the run's own TMPDIR), screenshot name or environment variable, so E2E_WORKERS=2 runs two spec files at once
  // (tests of one file stay in order in one worker): `E2E_WORKERS=2 CI=1 npx playwright test`.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]] : [['list']],
  outputDir: 'test-results/artifacts',
  use: {
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    // Today's harness: window.api bridged by page.exposeFunction (or the real app with GPU_PLANNER_E2E=electron).
    { name: 'bridge', testIgnore: ['**/browser-mode.spec.ts'] },
    // Browser mode's own transport (gpu-planner serve): the real HTTP server in this process, Chromium at its URL.
    // A representative subset (calls, events, dialogs, PDF) plus browser-mode.spec.ts, so CI does not run twice as long.
    { name: 'browser-http', testMatch: ['**/browser-mode.spec.ts', '**/app.spec.ts', '**/review.spec.ts'] },
  ],
});

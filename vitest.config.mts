import fs from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';

const version = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version;

export default defineConfig({
  define: { __GPU_PLANNER_VERSION__: JSON.stringify(version) },
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: ONE on the 2-core CI machine, where the test files then run
    // one after another while the main process and the CLI children leave the second core half idle. Two there; the
    // default elsewhere. VITEST_MAX_WORKERS=1 overrides it.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A temporary folder per run (TMPDIR for the test processes), removed when the run ends.
    globalSetup: ['electron/test-support/vitest-global-setup.ts'],
  },
});

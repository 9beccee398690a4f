import fs from 'node:fs';
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
    // A temporary folder per run (TMPDIR for the test processes), removed when the run ends.
    globalSetup: ['electron/test-support/vitest-global-setup.ts'],
  },
});

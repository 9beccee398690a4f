import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/** The CLI as a user runs it: `bin/gpu-planner.cjs` over the built bundle. */
export const cliBin = path.join(repoRoot, 'bin', 'gpu-planner.cjs');

/** Builds the Node bundles once when a test of the BUILT command runs before any build. */
export function ensureBuiltCli(): void {
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'cli', 'gpu-planner.cjs')))
    execFileSync('node', ['scripts/build.mjs', '--node-only'], { cwd: repoRoot });
}

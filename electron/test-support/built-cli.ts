import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createAppContext } from '../services/app-context';
import { planTestResources } from './plan-test-resources';
import { repoRoot, tempDir } from './paths';

/** The CLI as a user runs it: `bin/gpu-planner.cjs` over the built bundle. */
export const cliBin = path.join(repoRoot, 'bin', 'gpu-planner.cjs');

/** Builds the Node bundles once when a test of the BUILT command runs before any build. */
export function ensureBuiltCli(): void {
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'cli', 'gpu-planner.cjs')))
    execFileSync('node', ['scripts/build.mjs', '--node-only'], { cwd: repoRoot });
}

/**
 * A database made (migrated + seeded with the example project) before the file's tests, removed after, and the BUILT
 * command run on it as a user runs it: `cli(args)` appends `--db`.
 */
export function exampleCliDatabase(file: string): { dir: string; cli: (args: string[]) => SpawnSyncReturns<string> } {
  const temp = tempDir();
  const db = path.join(temp.dir, file);
  const res = planTestResources();
  beforeAll(() => {
    ensureBuiltCli();
    createAppContext({ dataDir: temp.dir, databaseFile: db, resourcesDir: res.dir, runtime: 'cli' }).close();
  });
  afterAll(() => {
    temp.remove();
    res.remove();
  });
  return { dir: temp.dir, cli: (args) => spawnSync(process.execPath, [cliBin, ...args, '--db', db], { encoding: 'utf8', cwd: repoRoot }) };
}

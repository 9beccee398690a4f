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

/** Builds the renderer once when a test that prints it (the PDF) runs before any build: it fails, never skips. */
export function ensureBuiltRenderer(): void {
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'renderer', 'index.html')))
    execFileSync('node', ['scripts/build.mjs', '--renderer-only'], { cwd: repoRoot });
}

/** The newest modification time of a `.ts` file under `dir` (or of `dir` itself when it is a file). */
function newestSource(dir: string): number {
  if (!fs.statSync(dir).isDirectory()) return fs.statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts'))
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the Node bundles when there is none or a source under `sources` (paths in the repo) is newer than it. */
export function ensureFreshCli(sources: string[]): void {
  const built = path.join(repoRoot, 'dist', 'cli', 'gpu-planner.cjs');
  const newest = Math.max(...sources.map((s) => newestSource(path.join(repoRoot, s))));
  if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < newest)
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

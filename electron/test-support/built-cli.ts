import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createAppContext } from '../services/app-context';
import { planTestResources } from './plan-test-resources';
import { repoRoot, tempDir } from './paths';

/** The CLI as a user runs it: `bin/gpu-planner.cjs` over the built bundle. */
export const cliBin = path.join(repoRoot, 'bin', 'gpu-planner.cjs');

const builtBundle = path.join(repoRoot, 'dist', 'cli', 'gpu-planner.cjs');

/**
 * Builds the Node bundles when `stale()` says so, one test process at a time: with several vitest workers, two files
 * that find the bundle missing or old would otherwise build into dist/ together while a third runs the half-written
 * bundle. The lock is a folder (mkdir is atomic); `stale()` is asked again once it is held.
 */
function buildNodeBundlesIf(stale: () => boolean): void {
  if (!stale()) return;
  const lock = path.join(repoRoot, 'dist', '.node-build.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // Another process builds (or one that died left its lock: taken over after two minutes).
      if (Date.now() - started > 120_000) break;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (stale()) execFileSync('node', ['scripts/build.mjs', '--node-only'], { cwd: repoRoot });
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds the Node bundles once when a test of the BUILT command runs before any build. */
export function ensureBuiltCli(): void {
  buildNodeBundlesIf(() => !fs.existsSync(builtBundle));
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
  const newest = Math.max(...sources.map((s) => newestSource(path.join(repoRoot, s))));
  buildNodeBundlesIf(() => !fs.existsSync(builtBundle) || fs.statSync(builtBundle).mtimeMs < newest);
}

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * The command run in THIS process: `runCli`, the very function bin/gpu-planner.cjs calls with the process's argv and
 * streams. For tests about what a command answers (its JSON, totals, exit codes), where a new Node process per call
 * (~0.6–0.8 s of loading the 2.5 MB bundle) buys nothing; every command keeps at least one test of the BUILT binary.
 * A billing file is still read in the built reader child (dist/electron/import.child.cjs), as the built command reads
 * it, unless `env` says otherwise (GPU_PLANNER_IMPORT_CHILD=0: read in this process).
 */
export async function runCliInProcess(
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<CliRun> {
  const { runCli } = await import('../cli/gpu-planner');
  const child = options.env?.GPU_PLANNER_IMPORT_CHILD ?? path.join(repoRoot, 'dist', 'electron', 'import.child.cjs');
  const before = process.env.GPU_PLANNER_IMPORT_CHILD;
  process.env.GPU_PLANNER_IMPORT_CHILD = child;
  let stdout = '';
  let stderr = '';
  try {
    const status = await runCli(args, {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      env: { ...process.env, ...options.env },
      cwd: options.cwd ?? repoRoot,
    });
    return { status, stdout, stderr };
  } finally {
    if (before === undefined) delete process.env.GPU_PLANNER_IMPORT_CHILD;
    else process.env.GPU_PLANNER_IMPORT_CHILD = before;
  }
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

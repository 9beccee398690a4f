/**
 * `npm start` builds only what changed (issue 28, item 10): a target is fresh when its stamp is newer than every file
 * it is built from and its outputs exist; tests do not count.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../electron/test-support/paths';
// @ts-expect-error: a plain ES module script without types
import { markBuilt, staleReason, TARGETS } from './build-freshness.mjs';

type Target = 'node' | 'renderer';
const stale = staleReason as (root: string, target: Target) => string | null;
const mark = markBuilt as (root: string, target: Target, startedAt: number) => void;
const targets = TARGETS as Record<Target, { inputs: string[]; outputs: string[] }>;

let folder: { dir: string; remove: () => void };
beforeEach(() => (folder = tempDir('gpu-planner-freshness-')));
afterEach(() => folder.remove());

function write(relative: string, at: number) {
  const file = path.join(folder.dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'x');
  fs.utimesSync(file, at / 1000, at / 1000);
}

describe('build freshness (scripts/build-freshness.mjs)', () => {
  const past = Date.now() - 60_000;
  beforeEach(() => {
    write('electron/main/main.ts', past);
    write('shared/domain/money.ts', past);
    write('renderer/app/App.tsx', past);
    for (const t of ['node', 'renderer'] as const) for (const out of targets[t].outputs) write(out, past);
  });

  it('never built: stale; after a build: fresh', () => {
    expect(stale(folder.dir, 'node')).toBe('no record of a finished build');
    mark(folder.dir, 'node', past + 1000);
    expect(stale(folder.dir, 'node')).toBeNull();
  });

  it('a source changed after the build start: stale, naming where', () => {
    mark(folder.dir, 'node', past + 1000);
    mark(folder.dir, 'renderer', past + 1000);
    write('renderer/app/App.tsx', past + 2000);
    expect(stale(folder.dir, 'node')).toBeNull();
    expect(stale(folder.dir, 'renderer')).toBe('renderer changed since the last build');
    write('shared/domain/money.ts', past + 3000);
    expect(stale(folder.dir, 'node')).toBe('shared changed since the last build');
  });

  it('a test file changed: still fresh; an output deleted: stale', () => {
    mark(folder.dir, 'node', past + 1000);
    write('electron/main/main.test.ts', past + 2000);
    expect(stale(folder.dir, 'node')).toBeNull();
    fs.rmSync(path.join(folder.dir, 'dist/electron/main.cjs'));
    expect(stale(folder.dir, 'node')).toBe('dist/electron/main.cjs is missing');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository root (holds package.json). */
export const repoRoot = path.resolve(__dirname, '..', '..');
/** The read-only reference material beside the repo: seeds, calibration, billing samples, spec. */
export const referenceDir = path.resolve(repoRoot, '..', 'shared');
export const resourcesDir = path.join(repoRoot, 'resources');

export function referenceFile(...parts: string[]): string {
  return path.join(referenceDir, ...parts);
}

/** A fresh temporary folder, removed by the returned function. */
export function tempDir(prefix = 'gpu-planner-test-'): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

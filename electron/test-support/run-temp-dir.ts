/**
 * One temporary folder for a whole test run (vitest's and Playwright's global setups): every process the run starts
 * (test workers, the CLI, reader children, Chromium) makes its temporary folders in it, through TMPDIR, which
 * os.tmpdir() and Chromium read. The returned teardown removes it, so a run leaves no gpu-planner-* folder behind,
 * even where a process ended without its 'exit' handlers. Each run has its own folder: other runs are not touched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function useRunTempDir(prefix: string): () => void {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}

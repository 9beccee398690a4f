/**
 * One temporary folder for the whole vitest run: every test process (and the CLI, reader children and Chromium it
 * starts) makes its temporary folders in it, through TMPDIR, which os.tmpdir() reads. Removed when the run ends, so a
 * run leaves no gpu-planner-template-* or gpu-planner-test-* folder behind, even where a test process was stopped
 * before its 'exit' handlers ran. Each run has its own folder: other runs on the same machine are not touched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function globalSetup(): () => void {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-vitest-run-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}

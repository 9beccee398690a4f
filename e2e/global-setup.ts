/**
 * One temporary folder for the whole e2e run: every worker (and what it starts: the app's data folders, the database
 * templates, Chromium's profiles, the specs' own scratch folders) makes its temporary folders in it, through TMPDIR,
 * which os.tmpdir() and Chromium read. The returned teardown removes it once every worker has stopped, so a run leaves
 * no gpu-planner-e2e-* or gpu-planner-*-template-* folder behind, even where a worker ended without its 'exit' handlers.
 * Each run has its own folder: runs of other checkouts on the same machine are not touched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function globalSetup(): () => void {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-e2e-run-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}

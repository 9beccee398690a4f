/**
 * `npm start` chooses its mode and says so in one line: the desktop window where Electron's binary exists (and a
 * display for it), the browser otherwise. Runs the real script with --dry-run; Electron's own
 * ELECTRON_OVERRIDE_DIST_PATH stands for an installed (or missing) binary.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '../electron/test-support/paths';

let folder: { dir: string; remove: () => void };
beforeEach(() => {
  folder = tempDir('gpu-planner-start-');
});
afterEach(() => folder.remove());

function start(args: string[], env: Record<string, string | undefined>): string[] {
  const clean = { ...process.env, GPU_PLANNER_MODE: undefined, DISPLAY: undefined, WAYLAND_DISPLAY: undefined, ...env };
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'start.mjs'), '--dry-run', ...args], {
    env: clean as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trimEnd().split('\n');
}

/** An "installed" Electron: a file where the electron package says its binary is. */
function fakeElectron(): string {
  const dist = path.join(folder.dir, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, 'electron'), '#!/bin/sh\n', { mode: 0o755 });
  return dist;
}

describe.runIf(process.platform === 'linux')('npm start: the mode and why, in one line', () => {
  it('without Electron’s binary: browser mode, saying the binary is missing', () => {
    const lines = start([], { ELECTRON_OVERRIDE_DIST_PATH: folder.dir, DISPLAY: ':0' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^gpu-planner: browser mode — Electron's binary is missing .*; the same app runs in your browser\.$/);
  });

  it('with the binary and a display: the desktop window', () => {
    const lines = start([], { ELECTRON_OVERRIDE_DIST_PATH: fakeElectron(), DISPLAY: ':0' });
    expect(lines).toEqual([`gpu-planner: desktop window — Electron found at ${path.join(folder.dir, 'dist', 'electron')}.`]);
  });

  it('with the binary but no display: browser mode, saying so', () => {
    const lines = start([], { ELECTRON_OVERRIDE_DIST_PATH: fakeElectron() });
    expect(lines).toEqual(['gpu-planner: browser mode — no display for a window ($DISPLAY and $WAYLAND_DISPLAY are unset).']);
  });

  it('--browser or GPU_PLANNER_MODE=browser asks for the browser even where Electron runs', () => {
    const dist = fakeElectron();
    expect(start(['--browser'], { ELECTRON_OVERRIDE_DIST_PATH: dist, DISPLAY: ':0' })[0]).toMatch(/^gpu-planner: browser mode — asked for/);
    expect(start([], { ELECTRON_OVERRIDE_DIST_PATH: dist, WAYLAND_DISPLAY: 'wayland-0', GPU_PLANNER_MODE: 'browser' })[0]).toMatch(
      /^gpu-planner: browser mode — asked for/,
    );
  });
});

describe.runIf(process.platform === 'linux')('npm start -- --db / --data-dir reach the app (issue 28, item 10)', () => {
  it('browser mode: gpu-planner serve gets --data-dir and --db', () => {
    const lines = start(['--browser', '--no-open', '--show-command', '--db', 'x/my.sqlite', '--data-dir', 'mydata'], {});
    expect(lines[1]).toBe('gpu-planner serve --data-dir mydata --db x/my.sqlite');
  });

  it('desktop mode: the window gets them as GPU_PLANNER_DB and GPU_PLANNER_DATA_DIR (absolute)', () => {
    const lines = start(['--show-command', '--db=x/my.sqlite', '--data-dir', 'mydata'], {
      ELECTRON_OVERRIDE_DIST_PATH: fakeElectron(),
      DISPLAY: ':0',
    });
    const env = JSON.parse(lines[1]!.replace(/^electron \. /, '')) as Record<string, string>;
    expect(env.GPU_PLANNER_DB).toBe(path.resolve('x/my.sqlite'));
    expect(env.GPU_PLANNER_DATA_DIR).toBe(path.resolve('mydata'));
  });
});

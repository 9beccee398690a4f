/**
 * SLOW (about 30 s): packaging in CI. `npm run package` (electron-builder --dir, against a stand-in Electron
 * distribution where the real one is missing) must produce an app.asar with the entry, the renderer, the workers and
 * the bundled resources, better-sqlite3's binding unpacked, and nothing the app does not load (source maps, the CLI,
 * playwright-core, libraries esbuild already bundled); the PACKAGED main, started under the stand-in Electron from a
 * folder whose name has a space, answers on IPC; and the development install still works afterwards.
 * Uses the existing dist/ (npm run build runs first in `npm test`); builds it when missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../electron/test-support/electron-standin/launch';
import { repoRoot, tempDir } from '../electron/test-support/paths';

const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as {
  listPackage(archive: string): string[];
  statFile(archive: string, file: string, follow?: boolean): { size?: number; unpacked?: boolean };
  extractAll(archive: string, dest: string): void;
};
const unpackedDir = path.join(repoRoot, 'out', `${process.platform === 'win32' ? 'win' : 'linux'}-unpacked`);
const archive = path.join(unpackedDir, 'resources', 'app.asar');
const devBinding = path.join(repoRoot, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

let devBindingBefore = '';
let files: string[] = [];

describe.skipIf(process.platform === 'darwin')('npm run package (slow: electron-builder --dir)', () => {
  beforeAll(() => {
    devBindingBefore = sha(devBinding);
    if (!fs.existsSync(path.join(repoRoot, 'dist', 'electron', 'main.cjs')))
      execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot });
    fs.rmSync(path.join(repoRoot, 'out'), { recursive: true, force: true });
    const result = spawnSync(process.execPath, ['scripts/package.mjs', '--dir', '--no-build'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 170_000,
    });
    if (result.status !== 0) throw new Error(`npm run package failed:\n${result.stdout}\n${result.stderr}`);
    files = asar.listPackage(archive).map((f) => f.replace(/\\/g, '/'));
  }, 180_000);

  it('reads its configuration from package.json and packs the entry, the renderer, the workers and the resources', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { main: string };
    expect(files).toContain('/package.json');
    expect(files).toContain(`/${pkg.main}`);
    for (const f of [
      '/dist/electron/preload.cjs',
      '/dist/electron/estimation.worker.cjs',
      '/dist/electron/import.child.cjs',
      '/dist/electron/preview.child.cjs',
      '/dist/renderer/index.html',
    ]) {
      expect(files).toContain(f);
    }
    expect(files.some((f) => /^\/dist\/renderer\/assets\/.+\.js$/.test(f))).toBe(true);
    const resources = path.join(unpackedDir, 'resources', 'resources');
    for (const d of ['catalog', 'example', 'models']) expect(fs.existsSync(path.join(resources, d))).toBe(true);
  });

  it('unpacks the better-sqlite3 binding (a native module cannot load from inside app.asar)', () => {
    const binding = '/node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    expect(files).toContain(binding);
    expect(asar.statFile(archive, binding.slice(1)).unpacked).toBe(true);
    expect(fs.existsSync(path.join(unpackedDir, 'resources', 'app.asar.unpacked', ...binding.split('/')))).toBe(true);
  });

  it('ships nothing the app does not load: no source maps, CLI, playwright-core, bundled libraries, build leftovers', () => {
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => f.startsWith('/dist/cli') || f.startsWith('/dist/bench') || f.startsWith('/dist/e2e'))).toEqual([]);
    const modules = new Set(files.filter((f) => f.startsWith('/node_modules/')).map((f) => f.split('/')[2]));
    for (const bundled of [
      'playwright-core',
      'zod',
      'date-fns',
      'big.js',
      'fflate',
      'hyparquet',
      'csv-parse',
      'prebuild-install',
      'electron',
    ]) {
      expect(modules.has(bundled), bundled).toBe(false);
    }
    expect(files.filter((f) => /better-sqlite3\/(deps|src)\/|\.a$|obj\.target/.test(f))).toEqual([]);
  });

  it('the packaged main, started from a folder whose name has a space, answers on IPC', async () => {
    const { dir, remove } = tempDir('gpu-planner-packaged-');
    let app: LaunchedApp | null = null;
    try {
      const installed = path.join(dir, 'GPU Planner');
      fs.cpSync(unpackedDir, installed, { recursive: true });
      const resources = path.join(installed, 'resources');
      // What Electron's fs shows the app: app.asar as a folder, unpacked files in their place.
      fs.rmSync(path.join(resources, 'app.asar'));
      asar.extractAll(archive, path.join(resources, 'app.asar'));
      app = await launchApp({
        appDir: path.join(resources, 'app.asar'),
        appDataDir: path.join(dir, 'appData'),
        isPackaged: true,
        resourcesPath: resources,
        // A packaged app never loads a native module named by the environment.
        env: { GPU_PLANNER_DATA_DIR: undefined, GPU_PLANNER_SQLITE_BINDING: path.join(dir, 'not-a-binding.node') },
      });
      expect(app.mainWindow().webContents.getURL()).toContain('/GPU%20Planner/resources/app.asar/dist/renderer/index.html');
      const info = await app.api().app.getInfo({});
      expect(info).toMatchObject({ ok: true, value: { runtime: 'electron', dataDir: path.join(dir, 'appData', 'GPU Planner') } });
      const gpus = await app.api().catalog.listGpus({});
      expect(gpus.value.gpus).toHaveLength(28);
      expect(await app.quit()).toBe(0);
    } finally {
      if (app && !app.control.hasExited()) await app.quit();
      delete process.env.GPU_PLANNER_SQLITE_BINDING;
      remove();
    }
  });

  afterAll(() => {
    // The development install is untouched: the same Node binding, and it loads in Node.
    if (!devBindingBefore) return;
    expect(sha(devBinding)).toBe(devBindingBefore);
    const check = spawnSync(
      process.execPath,
      ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1 as x').get().x === 1 || process.exit(3)"],
      { cwd: repoRoot },
    );
    expect(check.status).toBe(0);
  });
});

// `npm start`: build, make sure better-sqlite3 has a binary for Electron's ABI (kept apart from the Node one the
// CLI and tests use, so both work from one node_modules), then launch Electron on the built app.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'package.json'));
const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts });

/** Builds, prepares better-sqlite3 for Electron's ABI and launches Electron on the built app; exits with its code. */
export async function startElectron(args) {
  if (run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]).status !== 0) process.exit(1);

  let electronBinary;
  try {
    electronBinary = require('electron');
  } catch {
    electronBinary = null;
  }
  if (typeof electronBinary !== 'string' || !fs.existsSync(electronBinary)) {
    console.error(
      'Electron is not installed (its binary could not be downloaded). Run `npm install` with network access, or use the CLI: npx gpu-planner --help',
    );
    process.exit(1);
  }

  const electronVersion = require('electron/package.json').version;
  const bindingDir = path.join(root, 'dist', 'native', `electron-${electronVersion}-${process.platform}-${process.arch}`);
  const binding = path.join(bindingDir, 'better_sqlite3.node');
  if (!fs.existsSync(binding)) {
    console.error(`Preparing better-sqlite3 for Electron ${electronVersion}…`);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-native-'));
    const pkgDir = path.dirname(require.resolve('better-sqlite3/package.json'));
    const copy = path.join(work, 'better-sqlite3');
    fs.cpSync(pkgDir, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}build${path.sep}`) });
    const prebuild = require.resolve('prebuild-install/bin.js');
    let ok =
      run(process.execPath, [prebuild, '--runtime', 'electron', '--target', electronVersion, '--arch', process.arch], { cwd: copy })
        .status === 0;
    if (!ok) {
      ok =
        run(
          'npm',
          [
            'exec',
            '--yes',
            '--',
            'node-gyp',
            'rebuild',
            '--release',
            '--runtime=electron',
            `--target=${electronVersion}`,
            '--dist-url=https://electronjs.org/headers',
          ],
          { cwd: copy, shell: process.platform === 'win32' },
        ).status === 0;
    }
    const built = path.join(copy, 'build', 'Release', 'better_sqlite3.node');
    if (!ok || !fs.existsSync(built)) {
      console.error('Could not build better-sqlite3 for Electron.');
      process.exit(1);
    }
    fs.mkdirSync(bindingDir, { recursive: true });
    fs.copyFileSync(built, binding);
    fs.rmSync(work, { recursive: true, force: true });
  }

  const child = spawn(electronBinary, [root, ...args], { stdio: 'inherit', env: { ...process.env, GPU_PLANNER_SQLITE_BINDING: binding } });
  child.on('exit', (code) => process.exit(code ?? 0));
}

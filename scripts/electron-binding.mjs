// better-sqlite3 built for Electron's ABI, kept apart from the Node one in node_modules (which the CLI, vitest and the
// e2e suite load): a copy of the package is prepared in a temporary folder (prebuilt download, else node-gyp) and only
// its better_sqlite3.node is kept, under dist/native/, keyed by Electron's AND better-sqlite3's versions. Nothing in
// node_modules is ever rebuilt. Used by `npm start` (scripts/start-electron.mjs) and `npm run package`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'package.json'));

/** Where the binding for this Electron and this better-sqlite3 lives (it may not exist yet). */
export function electronBindingPath(electronVersion, { platform = process.platform, arch = process.arch } = {}) {
  const sqliteVersion = require('better-sqlite3/package.json').version;
  const key = `electron-${electronVersion}-better-sqlite3-${sqliteVersion}-${platform}-${arch}`;
  return path.join(root, 'dist', 'native', key, 'better_sqlite3.node');
}

/**
 * Returns the path of a better_sqlite3.node built for `electronVersion`, preparing it once if missing; null when it
 * cannot be prepared (offline and no compiler).
 */
export function prepareElectronBinding(electronVersion, { quiet = false } = {}) {
  const binding = electronBindingPath(electronVersion);
  if (fs.existsSync(binding)) return binding;
  const stdio = quiet ? 'ignore' : 'inherit';
  if (!quiet) console.error(`Preparing better-sqlite3 for Electron ${electronVersion}…`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-native-'));
  try {
    const pkgDir = path.dirname(require.resolve('better-sqlite3/package.json'));
    const copy = path.join(work, 'better-sqlite3');
    // Only the package's own build/ folder is left out (a parent folder named "build" is fine).
    const ownBuild = path.join(pkgDir, 'build');
    fs.cpSync(pkgDir, copy, { recursive: true, filter: (src) => src !== ownBuild && !src.startsWith(ownBuild + path.sep) });
    const run = (cmd, args) =>
      spawnSync(cmd, args, { cwd: copy, stdio, shell: process.platform === 'win32' && cmd === 'npm' }).status === 0;
    const prebuild = require.resolve('prebuild-install/bin.js');
    let ok = run(process.execPath, [prebuild, '--runtime', 'electron', '--target', electronVersion, '--arch', process.arch]);
    if (!ok) {
      ok = run('npm', [
        'exec',
        '--yes',
        '--',
        'node-gyp',
        'rebuild',
        '--release',
        '--runtime=electron',
        `--target=${electronVersion}`,
        '--dist-url=https://electronjs.org/headers',
      ]);
    }
    const built = path.join(copy, 'build', 'Release', 'better_sqlite3.node');
    if (!ok || !fs.existsSync(built)) return null;
    fs.mkdirSync(path.dirname(binding), { recursive: true });
    fs.copyFileSync(built, binding);
    return binding;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

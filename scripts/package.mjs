// `npm run package` (unpacked app, electron-builder --dir) and `npm run dist` (installers: AppImage + deb, dmg, nsis).
// The configuration is the "build" key of package.json. Two things electron-builder would otherwise get wrong here:
// - better-sqlite3: electron-builder is told not to rebuild node_modules (npmRebuild: false) — a rebuild for Electron's
//   ABI would break the CLI, vitest and the e2e suite, which load the same node_modules under Node. The packaged app
//   gets a binding built for its Electron instead (scripts/electron-binding.mjs), copied in after packing.
// - Electron's binary: where it was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD, no network), `--dir` packs against
//   a stand-in distribution (a placeholder executable), which proves the package's contents and lets the tests start
//   the packaged main under the stand-in `electron` module; installers need the real Electron.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { prepareElectronBinding } from './electron-binding.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'package.json'));
const args = process.argv.slice(2);
const dirOnly = args.includes('--dir');
const skipBuild = args.includes('--no-build');
const electronVersion = require('electron/package.json').version;

function realElectronDist() {
  const dist = path.join(path.dirname(require.resolve('electron/package.json')), 'dist');
  const executable = { win32: 'electron.exe', darwin: 'Electron.app', linux: 'electron' }[process.platform];
  return executable && fs.existsSync(path.join(dist, executable)) ? dist : null;
}

/** An Electron distribution with the real layout and a placeholder executable (Linux and Windows layouts). */
function standInElectronDist() {
  if (process.platform === 'darwin') throw new Error('Packaging on macOS needs the real Electron (npm install with network access).');
  const dist = path.join(root, 'dist', 'electron-standin-dist');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(path.join(dist, 'resources'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'locales'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'version'), electronVersion);
  fs.writeFileSync(path.join(dist, 'LICENSE'), 'Stand-in for the Electron distribution (its binary could not be downloaded).\n');
  const executable = path.join(dist, process.platform === 'win32' ? 'electron.exe' : 'electron');
  fs.writeFileSync(
    executable,
    '#!/bin/sh\necho "GPU Planner was packaged against a stand-in Electron: package again where Electron is installed." >&2\nexit 1\n',
  );
  fs.chmodSync(executable, 0o755);
  return dist;
}

if (!skipBuild) {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

let electronDist = realElectronDist();
const standIn = electronDist === null;
if (standIn) {
  if (!dirOnly) {
    console.error('Installers need the real Electron binary (npm install with network access); `npm run package` builds the unpacked app.');
    process.exit(1);
  }
  electronDist = standInElectronDist();
  console.error(
    `Electron ${electronVersion} is not installed here: packing against a stand-in distribution (${path.relative(root, electronDist)}).`,
  );
}

let binding = null;
if (!standIn) {
  binding = prepareElectronBinding(electronVersion);
  if (!binding) {
    console.error(`Could not prepare better-sqlite3 for Electron ${electronVersion} (needs network access or a C++ toolchain).`);
    process.exit(1);
  }
}

const { build } = require('electron-builder');
try {
  await build({
    projectDir: root,
    dir: dirOnly,
    publish: 'never',
    config: {
      electronDist,
      electronVersion,
      async afterPack(context) {
        // The packaged app's better-sqlite3 binding: built for its Electron (with a stand-in Electron there is none to
        // build for, and the Node binding stays — the stand-in tests start the packaged main under Node).
        const resources = context.packager.getResourcesDir(context.appOutDir);
        const target = path.join(
          resources,
          'app.asar.unpacked',
          'node_modules',
          'better-sqlite3',
          'build',
          'Release',
          'better_sqlite3.node',
        );
        if (!fs.existsSync(target)) throw new Error(`better-sqlite3's binding is not unpacked in the package: ${target}`);
        if (binding) fs.copyFileSync(binding, target);
        fs.writeFileSync(
          path.join(resources, 'native-binding.json'),
          JSON.stringify({
            module: 'better-sqlite3',
            abi: binding ? `electron-${electronVersion}` : `node-${process.versions.modules} (stand-in Electron)`,
          }),
        );
      },
    },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const out = path.join(root, 'out');
console.error(
  `Packaged into ${path.relative(root, out)}/ (${standIn ? 'stand-in Electron: for tests only, not runnable' : `Electron ${electronVersion}`}).`,
);

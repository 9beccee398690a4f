// `npm start`: build, make sure better-sqlite3 has a binary for Electron's ABI (kept apart from the Node one the
// CLI and tests use, so both work from one node_modules: scripts/electron-binding.mjs), then launch Electron on the
// built app.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { prepareElectronBinding } from './electron-binding.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'package.json'));
const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts });

/** Builds, prepares better-sqlite3 for Electron's ABI and launches Electron on the built app; exits with its code. */
export async function startElectron(args, env = {}) {
  if (run(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-changed']).status !== 0) process.exit(1);

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
  const binding = prepareElectronBinding(electronVersion);
  if (!binding) {
    console.error('Could not build better-sqlite3 for Electron.');
    process.exit(1);
  }

  const child = spawn(electronBinary, [root, ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env, GPU_PLANNER_SQLITE_BINDING: binding },
  });
  child.on('exit', (code) => process.exit(code ?? 0));
}

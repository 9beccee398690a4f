// `npm start`: the app, on every machine. Where Electron's binary is installed (and there is a display for a window):
// the desktop window (scripts/start-electron.mjs). Where it is not (its download failed or was skipped, as on locked-down
// networks and CI): the same renderer in the user's browser, served on 127.0.0.1 by `gpu-planner serve`. One line says
// which mode and why.
//
//   npm start                        choose the mode
//   npm start -- --browser           browser mode even where Electron exists (also GPU_PLANNER_MODE=browser)
//   npm start -- --no-open           browser mode: print the URL, do not open a browser
//   npm start -- --port 8123         browser mode: this port (default: any free one)
//   npm start -- --db FILE           this database (a new file is created, migrated and seeded); both modes
//   npm start -- --data-dir DIR      this data folder (database, logs/main.log); both modes
//   npm start -- --dry-run           print the mode line only (with --show-command: and what it would run)
//
// It builds only what changed since the last build (scripts/build.mjs --if-changed): a second start is quick.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'package.json'));

/** The Electron binary's path, or why there is none. */
export function findElectronBinary() {
  let binary;
  try {
    binary = require('electron');
  } catch (error) {
    const missing = error && error.code === 'MODULE_NOT_FOUND';
    return { binary: null, why: missing ? 'the electron package is not installed' : "Electron's binary was not downloaded at install" };
  }
  if (typeof binary !== 'string' || !fs.existsSync(binary)) return { binary: null, why: `Electron's binary is missing (${binary})` };
  return { binary, why: null };
}

/** desktop or browser, and why, from the flags, the environment and what is installed. */
export function chooseMode({ args, env, platform, electron }) {
  if (args.includes('--browser') || env.GPU_PLANNER_MODE === 'browser')
    return { mode: 'browser', why: 'asked for (--browser or GPU_PLANNER_MODE=browser)' };
  if (!electron.binary) return { mode: 'browser', why: `${electron.why}; the same app runs in your browser` };
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { mode: 'browser', why: 'no display for a window ($DISPLAY and $WAYLAND_DISPLAY are unset)' };
  return { mode: 'desktop', why: `Electron found at ${electron.binary}` };
}

function valueOf(args, flag) {
  const i = args.indexOf(flag);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`${flag}=`));
  return inline === undefined ? undefined : inline.slice(flag.length + 1);
}

/** The options `npm start -- …` passes on to the app, as `gpu-planner serve` arguments and as the desktop app's environment. */
export function passedOn(args, cwd = process.cwd()) {
  const db = valueOf(args, '--db');
  const dataDir = valueOf(args, '--data-dir');
  const port = valueOf(args, '--port');
  const serveArgs = [
    'serve',
    ...(port ? ['--port', port] : []),
    ...(dataDir ? ['--data-dir', dataDir] : []),
    ...(db ? ['--db', db] : []),
    ...(args.includes('--no-open') ? [] : ['--open']),
  ];
  // The desktop app reads its data folder and database from the environment (electron/main/main.ts).
  const env = {
    ...(dataDir ? { GPU_PLANNER_DATA_DIR: path.resolve(cwd, dataDir) } : {}),
    ...(db ? { GPU_PLANNER_DB: path.resolve(cwd, db) } : {}),
  };
  return { serveArgs, env };
}

async function main() {
  const args = process.argv.slice(2);
  const choice = chooseMode({ args, env: process.env, platform: process.platform, electron: findElectronBinary() });
  console.log(`gpu-planner: ${choice.mode === 'desktop' ? 'desktop window' : 'browser mode'} — ${choice.why}.`);
  const { serveArgs, env } = passedOn(args);
  if (args.includes('--dry-run')) {
    if (args.includes('--show-command'))
      console.log(choice.mode === 'desktop' ? `electron . ${JSON.stringify(env)}` : `gpu-planner ${serveArgs.join(' ')}`);
    return;
  }
  if (choice.mode === 'desktop') {
    // start-electron builds what changed, then prepares better-sqlite3 for Electron and launches the window.
    const { startElectron } = await import('./start-electron.mjs');
    return startElectron([], env);
  }
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-changed'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
  const child = spawn(process.execPath, [path.join(root, 'bin', 'gpu-planner.cjs'), ...serveArgs], { stdio: 'inherit' });
  // Ctrl+C reaches the server through the terminal's process group: wait for it to stop. A plain kill is passed on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code) => process.exit(code ?? 0));
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();

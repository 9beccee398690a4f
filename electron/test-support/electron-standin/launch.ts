/**
 * Starts a BUILT app (the main bundle named by package.json "main", as `electron <appDir>` does) under Node with the
 * stand-in `electron` module: `require('electron')` inside the bundle resolves to the stand-in, nothing else changes.
 */
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../paths';
import { createElectronStandin, type StandinControl, type StandinOptions, type StandinBrowserWindow } from './standin';

const STANDIN_ID = '\0electron-standin';
let current: StandinControl | null = null;
let hooked = false;

type ResolveFilename = (request: string, parent: unknown, isMain: boolean, options?: unknown) => string;

function hookElectron(): void {
  if (hooked) return;
  hooked = true;
  const moduleApi = Module as unknown as { _resolveFilename: ResolveFilename; _cache: Record<string, unknown> };
  const original = moduleApi._resolveFilename;
  moduleApi._resolveFilename = function (request, parent, isMain, options) {
    if (request === 'electron' && current) {
      moduleApi._cache[STANDIN_ID] = { id: STANDIN_ID, filename: STANDIN_ID, loaded: true, exports: current.main, children: [], paths: [] };
      return STANDIN_ID;
    }
    return original.call(this, request, parent, isMain, options);
  };
}

export interface LaunchedApp {
  control: StandinControl;
  /** The first window the app opened. */
  mainWindow(): StandinBrowserWindow;
  /** window.api of a window's page (as the preload exposed it). */
  api(win?: StandinBrowserWindow): Api;
  /** app.quit() as the menu's Quit or Cmd+Q does; resolves with the exit code. */
  quit(): Promise<number>;
}

type Api = Record<string, any>;

export interface LaunchOptions extends Omit<StandinOptions, 'appPath'> {
  /** The app folder (package.json, dist/ …), as `electron <appDir>`; when packaged the extracted app.asar. */
  appDir: string;
  env?: Record<string, string | undefined>;
  /** Waits until the main window has a page (default true). */
  waitForWindow?: boolean;
}

export async function launchApp(options: LaunchOptions): Promise<LaunchedApp> {
  hookElectron();
  const control = createElectronStandin({ ...options, appPath: options.appDir });
  current = control;
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  // Electron sets process.resourcesPath (the folder holding app.asar); Node has none.
  (process as { resourcesPath?: string }).resourcesPath = options.resourcesPath ?? path.join(options.appDir, 'resources');
  const pkg = JSON.parse(fs.readFileSync(path.join(options.appDir, 'package.json'), 'utf8')) as { main: string };
  const mainFile = path.resolve(options.appDir, pkg.main);
  const cache = (Module as unknown as { _cache: Record<string, unknown> })._cache;
  for (const key of Object.keys(cache)) if (key.startsWith(options.appDir)) delete cache[key];
  // Main's process-wide listeners (it logs uncaught errors) end with its process in Electron; here, when the app exits.
  const processEvents = ['uncaughtException', 'unhandledRejection'];
  const before = new Map(processEvents.map((e) => [e, new Set(process.listeners(e as 'uncaughtException'))]));
  createRequire(mainFile)(mainFile);
  void control.exited.then(() => {
    for (const e of processEvents)
      for (const l of process.listeners(e as 'uncaughtException')) if (!before.get(e)!.has(l)) process.removeListener(e, l);
  });
  setImmediate(() => control.emitReady());
  const BrowserWindow = control.BrowserWindow as unknown as { getAllWindows(): StandinBrowserWindow[] };
  if (options.waitForWindow !== false) {
    await waitFor(() => control.hasExited() || BrowserWindow.getAllWindows()[0]?.webContents.page != null, 'the main window');
  }
  let first: StandinBrowserWindow | null = null;
  const mainWindow = () => {
    first ??= BrowserWindow.getAllWindows()[0] ?? null;
    if (!first)
      throw new Error(`The app opened no window (events: ${control.events.join(', ')}; errors: ${JSON.stringify(control.errorBoxes)})`);
    return first;
  };
  return {
    control,
    mainWindow,
    api(win) {
      return (win ?? mainWindow()).webContents.world().api as Api;
    },
    async quit() {
      (control.main.app as { quit(): void }).quit();
      return control.exited;
    },
  };
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A copy of the built app (package.json, dist/electron without source maps, dist/renderer, resources) in `dir`, with
 * node_modules linked to the repo's (better-sqlite3 is external to the bundle), as an unpacked app folder.
 */
export function copyBuiltApp(dir: string): string {
  const dist = path.join(repoRoot, 'dist');
  if (!fs.existsSync(path.join(dist, 'electron', 'main.cjs')) || !fs.existsSync(path.join(dist, 'renderer', 'index.html'))) {
    throw new Error('Build first: npm run build');
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(dir, 'package.json'));
  const noMaps = (src: string) => !src.endsWith('.map');
  fs.cpSync(path.join(dist, 'electron'), path.join(dir, 'dist', 'electron'), { recursive: true, filter: noMaps });
  fs.cpSync(path.join(dist, 'renderer'), path.join(dir, 'dist', 'renderer'), { recursive: true, filter: noMaps });
  fs.cpSync(path.join(repoRoot, 'resources'), path.join(dir, 'resources'), { recursive: true });
  fs.symlinkSync(fs.realpathSync(path.join(repoRoot, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

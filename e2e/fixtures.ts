/**
 * The e2e harness. Default mode: the built renderer (dist/renderer) loaded in the system's Chromium, served
 * through request interception (no server, no network), with `window.api` bridged by `page.exposeFunction` to the
 * very handler table `ipcMain` serves, in this Node process, on a fresh data folder per test. Native dialogs are
 * stubbed here. Mode `GPU_PLANNER_E2E=electron` (a machine with the Electron binary) launches the real app with
 * Playwright's `_electron` on a fresh data folder and stubs the dialogs in main instead.
 */
import type { MenuCommand } from '../shared/ipc/contract/app';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { _electron, chromium, type Browser, type ElectronApplication } from 'playwright-core';
import { createAppContext, type AppContext } from '../electron/services/app-context';
import { recordingLogger, type LoggedLine } from '../electron/test-support/recording-logger';
import { APP_ORIGIN, CHROMIUM_ARGS, rendererRouteHandler } from '../electron/services/report/renderer-route';
import type { Dialogs } from '../electron/services/service-deps';
import { startHttpServer } from '../electron/server/http-server';
import { DATABASE_FILE_NAME } from '../electron/services/paths';

export const repoRoot = path.resolve(__dirname, '..');
export const referenceDir = path.resolve(repoRoot, '..', 'shared');
const rendererDir = path.join(repoRoot, 'dist', 'renderer');
const bridgeClient = path.join(repoRoot, 'dist', 'e2e', 'bridge-client.js');
export { CHROMIUM_ARGS };

export interface AppHarness {
  mode: 'browser-bridge' | 'electron' | 'browser-http';
  page: Page;
  dataDir: string;
  /** The main-process context (browser-bridge and browser-http modes): services and database for assertions. */
  context: AppContext | null;
  /** The next native open/save dialog answers with this path (null = the user cancels). */
  stubOpenFile(file: string | null): Promise<void>;
  stubSaveFile(file: string | null): Promise<void>;
  /**
   * A `File` named `name` dropped in the page is the file at `file` on disk (browser-bridge mode: the stand-in for
   * Electron's webUtils.getPathForFile, which gives '' for a File built in JS; so the Electron mode cannot fake a drop).
   */
  registerDroppedFile(name: string, file: string): Promise<void>;
  /** Saves a full-page screenshot to test-results/screens/<name>.png. */
  screenshot(name: string): Promise<string>;
  /** What main's logger got (browser-bridge mode: the renderer's app:log reports, internal errors); else empty. */
  logged: LoggedLine[];
  /** Sends a native-menu command as main would. */
  menu(command: MenuCommand): Promise<void>;
}

function electronBinaryAvailable(): boolean {
  try {
    const executable = require('electron') as unknown as string;
    return typeof executable === 'string' && fs.existsSync(executable);
  } catch {
    return false;
  }
}

export const e2eMode: 'browser-bridge' | 'electron' =
  process.env.GPU_PLANNER_E2E === 'electron' && electronBinaryAvailable() ? 'electron' : 'browser-bridge';

let sharedBrowser: Browser | null = null;
async function browser(): Promise<Browser> {
  sharedBrowser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return sharedBrowser;
}

type Viewport = { width: number; height: number };

async function startBrowserBridge(dataDir: string, viewport: Viewport): Promise<{ harness: AppHarness; close: () => Promise<void> }> {
  if (!fs.existsSync(path.join(rendererDir, 'index.html')) || !fs.existsSync(bridgeClient)) throw new Error('Build first: npm run build');
  let nextOpen: string | null = null;
  let nextSave: string | null = null;
  const dialogs: Dialogs = { openFile: async () => nextOpen, saveFile: async () => nextSave };
  let page: Page | null = null;
  const pendingEvents: Array<[string, unknown]> = [];
  const log = recordingLogger();
  const context = createAppContext({
    dataDir,
    runtime: 'browser-bridge',
    dialogs,
    logger: log.logger,
    emit: (event, payload) => {
      if (!page) return pendingEvents.push([event, payload]);
      void page.evaluate(([e, p]) => window.__gpuPlannerDispatch(e, p), [event, payload] as const).catch(() => {});
    },
  });
  const browserContext = await (await browser()).newContext({ viewport, deviceScaleFactor: 1 });
  page = await browserContext.newPage();
  await page.route(`${APP_ORIGIN}/**`, rendererRouteHandler(rendererDir));
  await page.exposeFunction('__gpuPlannerInvoke', (channel: string, request: unknown) => context.handlers.dispatch(channel, request));
  await page.addInitScript({ path: bridgeClient });
  page.on('pageerror', (error) => console.error('[renderer]', error));
  await page.goto(`${APP_ORIGIN}/index.html`);
  await page.locator('.app-shell[data-ready="true"]').waitFor();
  const p = page;
  const harness: AppHarness = {
    mode: 'browser-bridge',
    page: p,
    dataDir,
    context,
    logged: log.lines,
    stubOpenFile: async (file) => void (nextOpen = file),
    stubSaveFile: async (file) => void (nextSave = file),
    registerDroppedFile: async (name, file) => {
      // Granted by main's file-grants service, as the preload's drop does in Electron (the page never sends a path).
      const grant = context.deps.fileGrants.grant(file);
      await p.evaluate(
        ([n, f, g]) => {
          window.__gpuPlannerDroppedFiles = { ...window.__gpuPlannerDroppedFiles, [n]: f };
          window.__gpuPlannerDroppedGrants = { ...window.__gpuPlannerDroppedGrants, [n]: g };
        },
        [name, file, grant] as const,
      );
    },
    screenshot: async (name) => screenshot(p, name),
    menu: async (command) => void (await p.evaluate((c) => window.__gpuPlannerDispatch('app:menu-command', c), command)),
  };
  return {
    harness,
    close: async () => {
      await browserContext.close();
      context.close();
    },
  };
}

/**
 * Project `browser-http`: browser mode's own transport. The real server (`gpu-planner serve`'s) runs in this process on
 * 127.0.0.1 with the dialogs stubbed here, and Chromium opens the URL it prints, token and all.
 */
async function startBrowserHttp(dataDir: string, viewport: Viewport): Promise<{ harness: AppHarness; close: () => Promise<void> }> {
  const bootstrapFile = path.join(repoRoot, 'dist', 'server', 'http-bootstrap.js');
  let nextOpen: string | null = null;
  let nextSave: string | null = null;
  const dialogs: Dialogs = { openFile: async () => nextOpen, saveFile: async () => nextSave };
  const server = await startHttpServer({
    dataDir,
    rendererDir,
    bootstrapFile,
    createContext: ({ emit, notify }) => createAppContext({ dataDir, runtime: 'browser-http', dialogs, emit, notify }),
  });
  const browserContext = await (await browser()).newContext({ viewport, deviceScaleFactor: 1 });
  const page = await browserContext.newPage();
  page.on('pageerror', (error) => console.error('[renderer]', error));
  await page.goto(server.url);
  await page.locator('.app-shell[data-ready="true"]').waitFor();
  await expect.poll(() => server.connectedPages()).toBeGreaterThan(0);
  const harness: AppHarness = {
    mode: 'browser-http',
    page,
    dataDir,
    context: server.context,
    logged: [],
    stubOpenFile: async (file) => void (nextOpen = file),
    stubSaveFile: async (file) => void (nextSave = file),
    registerDroppedFile: async () => {
      throw new Error('browser-http mode uploads the dropped File’s own bytes: build the File with its content instead.');
    },
    screenshot: async (name) => screenshot(page, name),
    menu: async (command) => server.context.deps.emit('app:menu-command', command),
  };
  return {
    harness,
    close: async () => {
      await browserContext.close();
      await server.close();
    },
  };
}

async function startElectron(dataDir: string, viewport: Viewport): Promise<{ harness: AppHarness; close: () => Promise<void> }> {
  // `npm start` once prepares better-sqlite3 for Electron's ABI (scripts/start.mjs); the app uses that binary.
  const electronVersion = (require('electron/package.json') as { version: string }).version;
  const binding = path.join(
    repoRoot,
    'dist',
    'native',
    `electron-${electronVersion}-${process.platform}-${process.arch}`,
    'better_sqlite3.node',
  );
  const env = {
    ...process.env,
    GPU_PLANNER_DATA_DIR: dataDir,
    ...(fs.existsSync(binding) ? { GPU_PLANNER_SQLITE_BINDING: binding } : {}),
  } as Record<string, string>;
  const app: ElectronApplication = await _electron.launch({ args: [path.join(repoRoot, 'dist', 'electron', 'main.cjs')], env });
  const page = await app.firstWindow();
  await page.setViewportSize(viewport);
  await page.locator('.app-shell[data-ready="true"]').waitFor();
  const harness: AppHarness = {
    mode: 'electron',
    page,
    dataDir,
    context: null,
    logged: [],
    stubOpenFile: async (file) => {
      await app.evaluate(({ dialog }, f) => {
        dialog.showOpenDialog = (async () => ({ canceled: f === null, filePaths: f ? [f] : [] })) as typeof dialog.showOpenDialog;
      }, file);
    },
    stubSaveFile: async (file) => {
      await app.evaluate(({ dialog }, f) => {
        dialog.showSaveDialog = (async () => ({ canceled: f === null, filePath: f ?? '' })) as typeof dialog.showSaveDialog;
      }, file);
    },
    registerDroppedFile: async () => {
      throw new Error(
        'A drop cannot be faked in Electron (webUtils.getPathForFile gives no path for a File built in JS): browser-bridge mode only.',
      );
    },
    screenshot: async (name) => screenshot(page, name),
    menu: async (command) => {
      await app.evaluate(({ BrowserWindow }, c) => BrowserWindow.getAllWindows()[0]?.webContents.send('app:menu-command', c), command);
    },
  };
  return { harness, close: () => app.close() };
}

async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(repoRoot, 'test-results', 'screens', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * A new database as the app makes it (migrated, seeded), made once per worker: each in-process test's data folder
 * starts from a copy of it (~60 ms) instead of migrating and seeding again (~600 ms). The app still starts on it as on
 * any first launch (its estimates are refreshed at start).
 */
let newDatabase: string | null = null;
function newDataDir(copyDatabase: boolean): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-e2e-'));
  if (!copyDatabase) return dataDir;
  if (!newDatabase || !fs.existsSync(newDatabase)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-e2e-template-'));
    const template = createAppContext({ dataDir: dir, runtime: 'cli' });
    // The first-run guide is dismissed in the copies: specs see the screens as a returning user does. A spec about
    // the guide sets `test.use({ firstRunGuide: true })` and starts from an empty folder, as a first start does.
    template.services.settings.dismissGuide();
    template.close(); // closing checkpoints the WAL: one self-contained file
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    newDatabase = path.join(dir, DATABASE_FILE_NAME);
  }
  fs.copyFileSync(newDatabase, path.join(dataDir, DATABASE_FILE_NAME));
  return dataDir;
}

export const test = base.extend<{ app: AppHarness; firstRunGuide: boolean }>({
  /** true: a first start, with the first-run guide shown (an empty data folder); false: the guide was dismissed. */
  firstRunGuide: [false, { option: true }],
  /**
   * The window's size from the first paint: `test.use({ viewport: … })` starts the app in that window (the config's
   * 1440 × 900 otherwise), so a spec sees a fresh start at that size, not a resize after loading.
   */
  app: async ({ viewport, firstRunGuide }, use, testInfo) => {
    const size = viewport ?? { width: 1440, height: 900 };
    const inProcess = testInfo.project.name === 'browser-http' || e2eMode !== 'electron';
    const dataDir = newDataDir(inProcess && !firstRunGuide);
    const started =
      testInfo.project.name === 'browser-http'
        ? await startBrowserHttp(dataDir, size)
        : e2eMode === 'electron'
          ? await startElectron(dataDir, size)
          : await startBrowserBridge(dataDir, size);
    if (!firstRunGuide && !inProcess) {
      // Electron mode starts on an empty folder: the guide shows once the settings load; hide it as a user would.
      const hide = started.harness.page.getByRole('button', { name: 'Got it, hide this' });
      await hide.click({ timeout: 5000 }).catch(() => {});
    }
    try {
      await use(started.harness);
    } finally {
      await started.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
  page: async ({ app }, use) => {
    await use(app.page);
  },
});

test.afterAll(async () => {
  await sharedBrowser?.close();
  sharedBrowser = null;
});

export { expect };

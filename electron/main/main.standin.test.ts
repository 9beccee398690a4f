/**
 * The built main.cjs and preload.cjs under the stand-in Electron (electron/test-support/electron-standin): the app
 * started from folders whose names Chromium percent-encodes, the trusted-sender and navigation checks, quit cleanup.
 * Needs `npm run build` (dist/electron, dist/renderer).
 */
import fs from 'node:fs';
import path from 'node:path';
import workerThreads from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { channelNames } from '../../shared/ipc/contract';
import { copyBuiltApp, launchApp, waitFor, type LaunchedApp } from '../test-support/electron-standin/launch';
import { chromiumFileUrl } from '../test-support/electron-standin/urls';
import { tempDir } from '../test-support/paths';

// Worker threads the app starts, tracked so a test can tell they were stopped (main.cjs reads Worker at call time).
const workers: Array<{ worker: workerThreads.Worker; exited: boolean }> = [];
const OriginalWorker = workerThreads.Worker;
class TrackedWorker extends OriginalWorker {
  constructor(...args: ConstructorParameters<typeof OriginalWorker>) {
    super(...args);
    const entry = { worker: this as workerThreads.Worker, exited: false };
    workers.push(entry);
    this.once('exit', () => void (entry.exited = true));
  }
}
(workerThreads as unknown as { Worker: typeof OriginalWorker }).Worker = TrackedWorker;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface StartOptions {
  /** Runs on the app folder and the (future) userData folder before the app starts. */
  before?: (appDir: string, userData: string) => void;
  env?: Record<string, string | undefined>;
}

async function startIn(
  folderName: string,
  options: StartOptions = {},
): Promise<{ app: LaunchedApp; appDir: string; appData: string; root: string }> {
  const { dir: root, remove } = tempDir('gpu-planner-standin-');
  const appDir = copyBuiltApp(path.join(root, folderName));
  const appData = path.join(root, 'appData');
  options.before?.(appDir, path.join(appData, 'GPU Planner'));
  const env = {
    GPU_PLANNER_DATA_DIR: undefined,
    GPU_PLANNER_SQLITE_BINDING: undefined,
    GPU_PLANNER_PDF_TIMEOUT_MS: undefined,
    ...options.env,
  };
  const app = await launchApp({ appDir, appDataDir: appData, env });
  cleanups.push(async () => {
    if (!app.control.hasExited()) await app.quit();
    remove();
  });
  return { app, appDir, appData, root };
}

describe('the built app under the stand-in Electron', () => {
  for (const folder of ['GPU Planner', 'Données #1', '100%']) {
    it(`started from a folder named "${folder}" answers app:get-info and lists the 28 GPUs (26 GPUs, the TPU v5e and the CPU-only placeholder)`, async () => {
      const { app, appData } = await startIn(folder);
      const win = app.mainWindow();
      expect(win.webContents.getURL()).toContain(encodeURIComponent(folder).replace(/%23/, '%23'));
      const info = await app.api().app.getInfo({});
      expect(info).toMatchObject({ ok: true, value: { name: 'GPU Planner', runtime: 'electron', version: '0.1.0' } });
      expect(info.value.dataDir).toBe(path.join(appData, 'GPU Planner'));
      const gpus = await app.api().catalog.listGpus({});
      expect(gpus.ok).toBe(true);
      expect(gpus.value.gpus).toHaveLength(28);
    });
  }
});

describe('who may call main, and where pages may go', () => {
  it('refuses a window the app did not open, even on the app page with the app preload', async () => {
    const { app, appDir } = await startIn('GPU Planner');
    const foreign = app.control.foreignWindow({
      webPreferences: { preload: path.join(appDir, 'dist', 'electron', 'preload.cjs'), sandbox: true, contextIsolation: true },
    });
    await foreign.loadFile(path.join(appDir, 'dist', 'renderer', 'index.html'));
    const answer = await app.api(foreign).app.getInfo({});
    expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect((await app.api().app.getInfo({})).ok).toBe(true);
  });

  it('refuses the sibling folder dist/renderer-foo: no navigation there, no IPC from there', async () => {
    const { app, appDir } = await startIn('GPU Planner');
    const sibling = path.join(appDir, 'dist', 'renderer-foo', 'index.html');
    fs.mkdirSync(path.dirname(sibling), { recursive: true });
    fs.copyFileSync(path.join(appDir, 'dist', 'renderer', 'index.html'), sibling);
    const contents = app.mainWindow().webContents;
    expect(contents.pageNavigates(chromiumFileUrl(sibling))).toBe(false);
    expect(contents.pageNavigates(chromiumFileUrl(path.join(appDir, 'dist', 'renderer', 'other.html')))).toBe(false);
    expect(contents.pageNavigates('https://example.com/')).toBe(false);
    // The app's own page under another route (a hash) is the app.
    expect(contents.pageNavigates(chromiumFileUrl(path.join(appDir, 'dist', 'renderer', 'index.html'), '/plan'))).toBe(true);
    await contents.loadURL(chromiumFileUrl(sibling));
    expect(await app.api().app.getInfo({})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('guards frame navigations (will-frame-navigate, by details.url), window.open and permissions', async () => {
    const { app } = await startIn('GPU Planner');
    const contents = app.mainWindow().webContents;
    expect(contents.pageNavigatesFrame('https://example.com/')).toBe(false);
    expect(contents.pageOpensWindow('https://example.com/')).toBe('deny');
    expect(await app.control.session.requestPermission(contents, 'notifications')).toBe(false);
    expect(app.control.session.checkPermission(contents, 'notifications', 'file://')).toBe(false);
    expect(app.control.session.checkPermission(contents, 'clipboard-read', 'file://')).toBe(false);
  });

  it('has one Content-Security-Policy: the meta of index.html (no second one from a header)', async () => {
    const { app, appDir } = await startIn('GPU Planner');
    const html = fs.readFileSync(path.join(appDir, 'dist', 'renderer', 'index.html'), 'utf8');
    const metas = html.match(/http-equiv="Content-Security-Policy"/g) ?? [];
    expect(metas).toHaveLength(1);
    expect(html).not.toContain('unsafe-eval');
    const headers = app.control.session.responseHeaders(app.mainWindow().webContents.getURL());
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('content-security-policy');
  });

  it('registers every channel of the contract exactly once in main and exposes it once in the preload', async () => {
    const { app } = await startIn('GPU Planner');
    const ipcMain = app.control.main.ipcMain as { _handledChannels(): string[] };
    // The contract's channels, plus the one the preload alone uses for a dropped file's path (GRANT_DROPPED_FILE_CHANNEL).
    expect([...ipcMain._handledChannels()].filter((c) => c !== 'files:grant-dropped-file').sort()).toEqual([...channelNames].sort());
    const api = app.api();
    const exposed: string[] = [];
    for (const [domain, verbs] of Object.entries(api)) {
      if (domain === 'events' || domain === 'files') continue;
      for (const [verb, fn] of Object.entries(verbs as Record<string, unknown>)) {
        expect(typeof fn).toBe('function');
        exposed.push(`${domain}:${verb.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
      }
    }
    expect(exposed.sort()).toEqual([...channelNames].sort());
    expect(typeof api.events.on).toBe('function');
    expect(typeof api.files.pathForFile).toBe('function');
  });
});

describe('quitting', () => {
  it('app.quit() (menu Quit, Cmd+Q) stops the workers and closes the database before the app ends', async () => {
    const { app, appData } = await startIn('GPU Planner');
    const before = workers.length;
    const m1 = {
      model: { preset: 'resnet34-1d' },
      input: { windowSamples: 500 },
      batchSize: 256,
      precision: 'bf16',
      dataset: { samples: 600_000 },
      epochs: 50,
    };
    expect((await app.api().estimate.run({ workload: m1 })).ok).toBe(true);
    const started = workers.slice(before);
    expect(started.length).toBeGreaterThan(0);
    const database = path.join(appData, 'GPU Planner', 'gpu-planner.sqlite');
    expect(fs.existsSync(`${database}-wal`)).toBe(true);
    expect(await app.quit()).toBe(0);
    // Electron's order: app.quit() never emits window-all-closed; will-quit waited for the cleanup, then quit.
    const lifecycle = app.control.events.filter((e) => ['before-quit', 'will-quit', 'quit', 'window-all-closed'].includes(e));
    expect(lifecycle).not.toContain('window-all-closed');
    expect(lifecycle.at(-1)).toBe('quit');
    expect(started.every((w) => w.exited)).toBe(true);
    // The last connection closed checkpoints the WAL into the database and removes it.
    expect(fs.existsSync(`${database}-wal`)).toBe(false);
  });

  it('closing the last window also ends the app with the database closed', async () => {
    const { app, appData } = await startIn('GPU Planner');
    app.mainWindow().close();
    expect(await app.control.exited).toBe(0);
    expect(app.control.events).toContain('window-all-closed');
    expect(fs.existsSync(path.join(appData, 'GPU Planner', 'gpu-planner.sqlite-wal'))).toBe(false);
  });
});

describe('the hidden PDF window', () => {
  it('times out cleanly when the print view never gets ready, with the guards installed on it', async () => {
    const { app, root } = await startIn('GPU Planner', { env: { GPU_PLANNER_PDF_TIMEOUT_MS: '300' } });
    const BrowserWindow = app.control.BrowserWindow as unknown as {
      getAllWindows(): Array<{ webContents: { pageOpensWindow(u: string): string; pageNavigates(u: string): boolean } }>;
    };
    let printWindowGuards: { open: string; navigates: boolean } | null = null;
    app.control.pageScript = (contents) => {
      if (contents !== app.mainWindow().webContents)
        printWindowGuards = {
          open: contents.pageOpensWindow('https://example.com/'),
          navigates: contents.pageNavigates('https://example.com/'),
        };
      return new Promise(() => {});
    };
    const target = path.join(root, 'review.pdf');
    app.control.dialogAnswers.save.push(target);
    const answer = await app.api().report.exportPdf({ pageSize: 'A4' });
    expect(answer).toMatchObject({ ok: false });
    expect(answer.error.message).toMatch(/print view did not finish within/i);
    expect(printWindowGuards).toEqual({ open: 'deny', navigates: false });
    expect(BrowserWindow.getAllWindows()).toHaveLength(1);
    expect(fs.existsSync(target)).toBe(false);
  });
});

describe('smaller things a user meets', () => {
  it('the report carries the app version (app.getVersion), not npm_package_version', async () => {
    const { app } = await startIn('GPU Planner', {
      before: (appDir) => {
        const pkg = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8')) as Record<string, unknown>;
        fs.writeFileSync(path.join(appDir, 'package.json'), JSON.stringify({ ...pkg, version: '7.8.9' }));
      },
      env: { npm_package_version: '0.1.0' },
    });
    expect((await app.api().app.getInfo({})).value.version).toBe('7.8.9');
    const model = await app.api().report.getReportModel({});
    expect(model.ok).toBe(true);
    expect(model.value.cover.appVersion).toBe('7.8.9');
  });

  it('a window remembered on a screen that is gone opens on screen; moves are saved later, not on every move', async () => {
    const { app, appData } = await startIn('GPU Planner', {
      before: (_appDir, userData) => {
        fs.mkdirSync(userData, { recursive: true });
        fs.writeFileSync(
          path.join(userData, 'window-state.json'),
          JSON.stringify({ x: 4000, y: 2500, width: 1300, height: 850, maximized: false }),
        );
      },
    });
    const win = app.mainWindow();
    const bounds = win.getBounds();
    expect(bounds.x + bounds.width).toBeLessThanOrEqual(1920);
    expect(bounds.y + bounds.height).toBeLessThanOrEqual(1080);
    expect(bounds.width).toBe(1300);
    const stateFile = path.join(appData, 'GPU Planner', 'window-state.json');
    for (let i = 0; i < 50; i++) win.setBounds({ x: 10 + i, y: 20 });
    // Nothing written synchronously while the window moves: the last position of the burst is saved afterwards.
    expect(JSON.parse(fs.readFileSync(stateFile, 'utf8'))).toMatchObject({ x: 4000 });
    await waitFor(() => JSON.parse(fs.readFileSync(stateFile, 'utf8')).x === 59, 'the window state to be saved');
    expect(JSON.parse(fs.readFileSync(stateFile, 'utf8'))).toMatchObject({ x: 59, y: 20, width: 1300 });
  });
});

describe('first start', () => {
  it('a first start that fails while seeding leaves nothing half-made: the next start has the full catalog and the example plan', async () => {
    const { dir: root, remove } = tempDir('gpu-planner-standin-');
    cleanups.push(remove);
    const appDir = copyBuiltApp(path.join(root, 'GPU Planner'));
    const appData = path.join(root, 'appData');
    const example = path.join(appDir, 'resources', 'example', 'vitaldb-project.json');
    const good = fs.readFileSync(example, 'utf8');
    fs.writeFileSync(example, good.slice(0, Math.floor(good.length / 2)));
    const env = { GPU_PLANNER_DATA_DIR: undefined, GPU_PLANNER_SQLITE_BINDING: undefined };
    const failed = await launchApp({ appDir, appDataDir: appData, env });
    expect(await failed.control.exited).toBe(1);
    expect(failed.control.errorBoxes[0]?.title).toBe('GPU Planner could not start');

    fs.writeFileSync(example, good);
    const app = await launchApp({ appDir, appDataDir: appData, env });
    cleanups.push(async () => void (app.control.hasExited() || (await app.quit())));
    expect((await app.api().catalog.listGpus({})).value.gpus).toHaveLength(28);
    expect((await app.api().plan.listProjects({})).value.projects.length).toBeGreaterThan(0);
  });
});

describe('the log file (userData/logs/main.log, electron-log)', () => {
  const logFileOf = (appData: string) => path.join(appData, 'GPU Planner', 'logs', 'main.log');

  it('starting the app writes the log under userData; an error the renderer reports through app:log lands in it', async () => {
    const { app, appData } = await startIn('GPU Planner');
    const logFile = logFileOf(appData);
    expect(fs.readFileSync(logFile, 'utf8')).toMatch(
      /^\[\d{4}-\d{2}-\d{2} [\d:.]+\] \[info\] +GPU Planner 0\.1\.0 starting .*data folder .*GPU Planner/m,
    );
    const answer = await app.api().app.log({ level: 'error', message: 'TypeError: boom in PlanScreen\n    at Timeline', source: 'window' });
    expect(answer).toEqual({ ok: true, value: {} });
    expect(fs.readFileSync(logFile, 'utf8')).toMatch(/\[error\] +Renderer \(window\): TypeError: boom in PlanScreen\n {4}at Timeline/);
    // electron-log's own IPC channel (for its renderer module) is closed: the renderer writes only through app:log.
    const ipcMain = app.control.main.ipcMain as { _handledChannels(): string[]; listenerCount(c: string): number };
    expect(ipcMain._handledChannels()).not.toContain('__ELECTRON_LOG__');
    expect(ipcMain.listenerCount('__ELECTRON_LOG__')).toBe(0);
    // A window the app did not open cannot write to the log.
    const foreign = app.control.foreignWindow({
      webPreferences: { preload: path.join(app.mainWindow().webContents.webPreferences.preload) },
    });
    await foreign.loadURL(app.mainWindow().webContents.getURL());
    expect(await app.api(foreign).app.log({ level: 'error', message: 'forged line' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(fs.readFileSync(logFile, 'utf8')).not.toContain('forged line');
  });

  it('a log past its size limit is moved to main.old.log and a new one started (one old file kept)', async () => {
    const old = `[2025-01-01 00:00:00.000] [info]  ${'an old line '.repeat(8)}\n`.repeat(60_000);
    const { app, appData } = await startIn('GPU Planner', {
      before: (_appDir, userData) => {
        fs.mkdirSync(path.join(userData, 'logs'), { recursive: true });
        fs.writeFileSync(path.join(userData, 'logs', 'main.log'), old);
      },
    });
    expect(old.length).toBeGreaterThan(5 * 1024 * 1024);
    expect((await app.api().app.getInfo({})).ok).toBe(true);
    const logs = path.join(appData, 'GPU Planner', 'logs');
    expect(fs.readFileSync(path.join(logs, 'main.old.log'), 'utf8')).toBe(old);
    expect(fs.statSync(path.join(logs, 'main.log')).size).toBeLessThan(10_000);
    expect(fs.readFileSync(path.join(logs, 'main.log'), 'utf8')).toMatch(/GPU Planner 0\.1\.0 starting/);
  });

  it('a log folder that cannot be written costs the log, not the app: it starts, answers, and takes renderer reports', async () => {
    const { app, appData } = await startIn('GPU Planner', {
      // A file where the logs folder should be: neither the folder nor main.log can be created.
      before: (_appDir, userData) => {
        fs.mkdirSync(userData, { recursive: true });
        fs.writeFileSync(path.join(userData, 'logs'), 'not a folder');
      },
    });
    expect((await app.api().catalog.listGpus({})).value.gpus).toHaveLength(28);
    for (let i = 0; i < 20; i++) expect((await app.api().app.log({ level: 'error', message: `report ${i}` })).ok).toBe(true);
    expect(fs.readFileSync(path.join(appData, 'GPU Planner', 'logs'), 'utf8')).toBe('not a folder');
    expect(await app.quit()).toBe(0);
  });
});

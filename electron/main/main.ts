/**
 * Electron main: app lifecycle and assembly only. Feature logic lives in electron/services; this file opens the
 * window with the security baseline, wires the handler table to ipcMain and forwards events to the renderer.
 */
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, screen, type WebContents } from 'electron';
import { serializeError } from '../../shared/domain/errors';
import { GRANT_DROPPED_FILE_CHANNEL } from '../../shared/ipc/api';
import { createAppContext, type AppContext } from '../services/app-context';
import { consoleLogger, logProcessErrors, neverThrowing } from '../services/logger';
import type { Logger } from '../../shared/logger';
import type { Dialogs, EmitEvent } from '../services/service-deps';
import { createAppLog } from './app-log';
import { buildMenu } from './menu';
import { createElectronPdfRenderer } from './print-to-pdf';
import { createAppUrlCheck, denyPermissions, isTrustedSender, lockDownNavigation } from './security';
import { createWindowStateSaver, fitOnScreen, loadWindowState } from './window-state';

const APP_USER_MODEL_ID = 'org.gpuplanner.app';
/** How long the hidden print view may take before a PDF export fails, and quitting waits for the workers. */
const PDF_TIMEOUT_MS = Number(process.env.GPU_PLANNER_PDF_TIMEOUT_MS) || 60_000;
const SHUTDOWN_TIMEOUT_MS = 5_000;

app.setName('GPU Planner');
// Windows groups taskbar entries and shows notifications by this id (it must match electron-builder's appId).
if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
// Development only: `npm start` points at a better-sqlite3 binding built for Electron's ABI. A packaged app loads
// the binding shipped inside it and never a native module named by the environment.
if (app.isPackaged) delete process.env.GPU_PLANNER_SQLITE_BINDING;
// Tests (and users who want several databases) can point the app at another data folder.
if (process.env.GPU_PLANNER_DATA_DIR) app.setPath('userData', path.resolve(process.env.GPU_PLANNER_DATA_DIR));
// `npm start -- --db FILE` (GPU_PLANNER_DB): that database; its folder is the data folder unless one is chosen.
const chosenDatabase = process.env.GPU_PLANNER_DB ? path.resolve(process.env.GPU_PLANNER_DB) : undefined;
if (chosenDatabase && !process.env.GPU_PLANNER_DATA_DIR) app.setPath('userData', path.dirname(chosenDatabase));
// The log file lives in the data folder (userData/logs/main.log, electron/main/app-log.ts); from here on every
// uncaught error of main is written there.
const logsDir = path.join(app.getPath('userData'), 'logs');
const logger = neverThrowing(startLog());
logProcessErrors(process, logger);
let mainWindow: BrowserWindow | null = null;
let context: AppContext | null = null;
/** The web contents of the app's own windows (the main window and the hidden print window): the only IPC senders. */
const ownContents = new Set<WebContents>();

const rendererIndex = path.join(__dirname, '..', 'renderer', 'index.html');
const preloadFile = path.join(__dirname, 'preload.cjs');
const isAppUrl = createAppUrlCheck(rendererIndex);

// Every web contents ever created (windows, the print window, devtools) gets the navigation and window.open guards.
app.on('web-contents-created', (_event, contents) => lockDownNavigation(contents, isAppUrl));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  app
    .whenReady()
    .then(start)
    .catch((error) => {
      logger.error('GPU Planner could not start', error);
      dialog.showErrorBox('GPU Planner could not start', serializeError(error).message);
      app.exit(1);
    });
}

/** The log file's logger; should electron-log fail to set up, stderr (the app starts either way). */
function startLog(): Logger {
  try {
    return createAppLog({ logsDir, development: !app.isPackaged });
  } catch (error) {
    consoleLogger.error('The log file could not be set up; logging to stderr', error);
    return consoleLogger;
  }
}

const emit: EmitEvent = (event, payload) => {
  if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(event, payload);
};

const notify = (title: string, body: string) => {
  if (Notification.isSupported()) new Notification({ title, body }).show();
};

const dialogs: Dialogs = {
  async openFile({ title, filters, folder }) {
    const options = { title, properties: [folder ? ('openDirectory' as const) : ('openFile' as const)], ...(filters ? { filters } : {}) };
    const result = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
  async saveFile({ title, defaultPath, filters }) {
    const options = { title, ...(defaultPath ? { defaultPath } : {}), ...(filters ? { filters } : {}) };
    const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
    return result.canceled ? null : (result.filePath ?? null);
  },
};

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  logger.info(`GPU Planner ${app.getVersion()} starting (Electron ${process.versions.electron ?? '?'}); data folder ${dataDir}`);
  context = createAppContext({
    logger,
    dataDir,
    ...(chosenDatabase ? { databaseFile: chosenDatabase } : {}),
    resourcesDir: app.isPackaged ? path.join(process.resourcesPath, 'resources') : path.join(app.getAppPath(), 'resources'),
    emit,
    dialogs,
    notify,
    runtime: 'electron',
    version: app.getVersion(),
    // The review PDF: Electron's printToPDF on a hidden window of the print view (electron/main/print-to-pdf.ts).
    pdfRenderer: createElectronPdfRenderer(rendererIndex, preloadFile, {
      timeoutMs: PDF_TIMEOUT_MS,
      track: (contents, closed) => void (closed ? ownContents.delete(contents) : ownContents.add(contents)),
    }),
  });
  const table = context.handlers;
  for (const channel of table.channels) {
    ipcMain.handle(channel, async (event, request) => {
      if (!isTrustedSender(event, ownContents, isAppUrl)) {
        return { ok: false, error: { code: 'FORBIDDEN', message: 'Request from an untrusted frame refused.' } };
      }
      return table.dispatch(channel, request);
    });
  }
  // A dropped file's path, sent only by the preload (from webUtils.getPathForFile on a real File): granted a token.
  ipcMain.handle(GRANT_DROPPED_FILE_CHANNEL, (event, filePath: unknown) => {
    if (!isTrustedSender(event, ownContents, isAppUrl) || typeof filePath !== 'string' || !filePath || !context) return null;
    return context.deps.fileGrants.grant(filePath);
  });
  const info = context.info();
  Menu.setApplicationMenu(
    buildMenu({
      window: () => mainWindow,
      send: (command) => emit('app:menu-command', command),
      dataDir,
      logsDir,
      databaseFile: info.databaseFile,
      version: app.getVersion(),
    }),
  );
  createWindow(dataDir);
  // Billing sources: synced now, on their folders' changes and every few minutes (budget/sources/sources.service.ts).
  void context.services.budget.startSourceWatching().catch((error: unknown) => logger.warn('Billing sources could not be watched', error));
}

function createWindow(dataDir: string): void {
  const state = fitOnScreen(
    loadWindowState(dataDir),
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const window = new BrowserWindow({
    ...state,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'GPU Planner',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });
  mainWindow = window;
  const contents = window.webContents;
  ownContents.add(contents);
  denyPermissions(contents.session);
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  const saver = createWindowStateSaver(dataDir);
  const remember = () => {
    if (window.isDestroyed()) return;
    saver.schedule({ ...window.getNormalBounds(), maximized: window.isMaximized() });
  };
  window.on('resize', remember);
  window.on('move', remember);
  window.on('close', () => {
    remember();
    void saver.flush();
  });
  window.on('closed', () => {
    ownContents.delete(contents);
    if (mainWindow === window) mainWindow = null;
  });
  void window.loadFile(rendererIndex);
}

// Closing the last window quits (Quit from the menu, Cmd+Q and app.quit() never emit this event: cleanup is below).
app.on('window-all-closed', () => app.quit());

// Every way of quitting passes here: stop the workers and close the database, wait for them, then quit for real.
let cleanedUp = false;
app.on('will-quit', (event) => {
  if (cleanedUp) return;
  event.preventDefault();
  context?.services.budget.stopSourceWatching();
  const closing = context;
  context = null;
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_TIMEOUT_MS).unref());
  void Promise.race([closing?.shutdown() ?? Promise.resolve(), timeout])
    .catch((error: unknown) => logger.error('Cleanup on quit failed', error))
    .finally(() => {
      cleanedUp = true;
      app.quit();
    });
});

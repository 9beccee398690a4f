/**
 * Electron main: app lifecycle and assembly only. Feature logic lives in electron/services; this file opens the
 * window with the security baseline, wires the handler table to ipcMain and forwards events to the renderer.
 */
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification } from 'electron';
import { serializeError } from '../../shared/domain/errors';
import { createAppContext, type AppContext } from '../services/app-context';
import type { Dialogs, EmitEvent } from '../services/service-deps';
import { setPdfRenderer } from '../services/report/report.service';
import { buildMenu } from './menu';
import { createElectronPdfRenderer } from './print-to-pdf';
import { applyContentSecurityPolicy, isTrustedSender, lockDownNavigation } from './security';
import { loadWindowState, saveWindowState } from './window-state';

app.setName('GPU Planner');
// Tests (and users who want several databases) can point the app at another data folder.
if (process.env.GPU_PLANNER_DATA_DIR) app.setPath('userData', path.resolve(process.env.GPU_PLANNER_DATA_DIR));
let mainWindow: BrowserWindow | null = null;
let context: AppContext | null = null;

const rendererDir = path.join(__dirname, '..', 'renderer');
const rendererIndex = path.join(rendererDir, 'index.html');
const isAppUrl = (url: string) => url.startsWith(`file://${rendererDir.replace(/\\/g, '/')}`) || url.startsWith('file:///' + rendererDir.replace(/\\/g, '/').replace(/^\//, ''));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  app.whenReady().then(start).catch((error) => {
    dialog.showErrorBox('GPU Planner could not start', serializeError(error).message);
    app.exit(1);
  });
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
  context = createAppContext({
    dataDir,
    resourcesDir: app.isPackaged ? path.join(process.resourcesPath, 'resources') : path.join(app.getAppPath(), 'resources'),
    emit,
    dialogs,
    notify,
    runtime: 'electron',
    version: app.getVersion(),
  });
  // The review PDF: Electron's printToPDF on a hidden window of the print view (electron/main/print-to-pdf.ts).
  setPdfRenderer(createElectronPdfRenderer(rendererIndex, path.join(__dirname, 'preload.cjs')));
  const table = context.handlers;
  for (const channel of table.channels) {
    ipcMain.handle(channel, async (event, request) => {
      if (!isTrustedSender(mainWindow, event.senderFrame?.url, isAppUrl)) {
        return { ok: false, error: { code: 'FORBIDDEN', message: 'Request from an untrusted frame refused.' } };
      }
      return table.dispatch(channel, request);
    });
  }
  const info = context.info();
  Menu.setApplicationMenu(
    buildMenu({
      window: () => mainWindow,
      send: (command) => emit('app:menu-command', command),
      dataDir,
      databaseFile: info.databaseFile,
      version: app.getVersion(),
    }),
  );
  createWindow(dataDir);
  // Billing sources: synced now, on their folders' changes and every few minutes (budget/sources/sources.service.ts).
  void context.services.budget.startSourceWatching().catch(() => undefined);
}

function createWindow(dataDir: string): void {
  const state = loadWindowState(dataDir);
  mainWindow = new BrowserWindow({
    ...state,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'GPU Planner',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: path.join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });
  applyContentSecurityPolicy(mainWindow.webContents.session);
  lockDownNavigation(mainWindow.webContents, isAppUrl);
  if (state.maximized) mainWindow.maximize();
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  const remember = () => {
    if (!mainWindow || mainWindow.isDestroyed()) return;
    const bounds = mainWindow.getNormalBounds();
    saveWindowState(dataDir, { ...bounds, maximized: mainWindow.isMaximized() });
  };
  mainWindow.on('resize', remember);
  mainWindow.on('move', remember);
  mainWindow.on('close', remember);
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  void mainWindow.loadFile(rendererIndex);
}

app.on('window-all-closed', () => {
  context?.services.budget.stopSourceWatching();
  context?.close();
  context = null;
  app.quit();
});

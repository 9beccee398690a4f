import { app, dialog, Menu, shell, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../shared/ipc/contract/app';
import { developerMenuItems } from './menu-items';

export interface MenuActions {
  window: () => BrowserWindow | null;
  send: (command: MenuCommand) => void;
  dataDir: string;
  /** The log file's folder (electron/main/app-log.ts). */
  logsDir: string;
  databaseFile: string;
  version: string;
}

export function buildMenu(actions: MenuActions): Menu {
  const isMac = process.platform === 'darwin';
  const about = async () => {
    const win = actions.window();
    const options = {
      type: 'info' as const,
      title: 'About GPU Planner',
      message: `GPU Planner ${actions.version}`,
      detail: `Plan GPU training: catalog, estimation, planning, budget and review.\n\nData folder: ${actions.dataDir}\nDatabase: ${actions.databaseFile}\nLog: ${actions.logsDir}\nElectron ${process.versions.electron} · Node ${process.versions.node} · Chromium ${process.versions.chrome}`,
    };
    if (win) await dialog.showMessageBox(win, options);
    else await dialog.showMessageBox(options);
  };
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Import billing export…', accelerator: 'CmdOrCtrl+I', click: () => actions.send({ command: 'import-billing' }) },
        { label: 'Export plan PDF…', accelerator: 'CmdOrCtrl+P', click: () => actions.send({ command: 'export-pdf' }) },
        { type: 'separator' },
        { label: 'Show database folder', click: () => void shell.openPath(actions.dataDir) },
        { label: 'Show log folder', click: () => void shell.openPath(actions.logsDir) },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit', label: 'Quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { label: 'Catalog', accelerator: 'CmdOrCtrl+1', click: () => actions.send({ command: 'navigate', screen: 'catalog' }) },
        { label: 'Estimate', accelerator: 'CmdOrCtrl+2', click: () => actions.send({ command: 'navigate', screen: 'estimate' }) },
        { label: 'Plan', accelerator: 'CmdOrCtrl+3', click: () => actions.send({ command: 'navigate', screen: 'plan' }) },
        { label: 'Budget', accelerator: 'CmdOrCtrl+4', click: () => actions.send({ command: 'navigate', screen: 'budget' }) },
        { label: 'Review', accelerator: 'CmdOrCtrl+5', click: () => actions.send({ command: 'navigate', screen: 'review' }) },
        {
          label: 'Source documents',
          accelerator: 'CmdOrCtrl+6',
          click: () => actions.send({ command: 'navigate', screen: 'documents' }),
        },
        { type: 'separator' },
        { role: 'reload' },
        ...developerMenuItems(app.isPackaged),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'About GPU Planner', click: () => void about() },
        { label: `Version ${app.getVersion()}`, enabled: false },
      ],
    },
  ];
  return Menu.buildFromTemplate(template);
}

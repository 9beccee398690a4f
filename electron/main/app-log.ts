/**
 * The app's log file, written by electron-log in main: <userData>/logs/main.log, at level info and above, rotated
 * when it passes LOG_FILE_MAX_BYTES (electron-log renames it main.old.log, so one old file is kept). In development
 * warnings and errors are also printed to the terminal. What is written there: main's uncaught errors, the handler
 * table's internal errors, worker crashes, the renderer's errors (channel app:log) and Electron's own failure events
 * (a renderer or GPU process gone, a page that failed to load). A log folder that cannot be written costs the lines,
 * never the app: electron-log then drops them (one note on stderr) and our logger never throws (services/logger.ts).
 */
import path from 'node:path';
import { ipcMain } from 'electron';
import log from 'electron-log/main';
import type { Logger, LogLevel } from '../../shared/logger';

export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** electron-log/main's own IPC channel, for its renderer module, which this app does not use. */
const ELECTRON_LOG_CHANNEL = '__ELECTRON_LOG__';

/** electron-log writing into `logsDir` (main.log, and main.old.log after a rotation), as a Logger. */
export function createAppLog({ logsDir, development }: { logsDir: string; development: boolean }): Logger {
  // The renderer writes to the log through app:log, which checks who sends it; electron-log's channel (registered
  // when its module loads) would let any page write there unchecked: it is closed.
  ipcMain.removeHandler(ELECTRON_LOG_CHANNEL);
  ipcMain.removeAllListeners(ELECTRON_LOG_CHANNEL);
  log.transports.file.resolvePathFn = (variables) => path.join(logsDir, variables.fileName ?? 'main.log');
  log.transports.file.maxSize = LOG_FILE_MAX_BYTES;
  log.transports.file.level = 'info';
  log.transports.console.level = development ? 'warn' : false;
  // Main's lines are not echoed to the window's DevTools (the transport exists only under Electron itself).
  const ipcTransport: { level: unknown } | undefined = log.transports.ipc;
  if (ipcTransport) ipcTransport.level = false;
  log.eventLogger.startLogging({ level: 'error' });
  const write =
    (level: LogLevel): Logger['error'] =>
    (message, detail) =>
      detail === undefined ? log[level](message) : log[level](message, detail);
  return { error: write('error'), warn: write('warn'), info: write('info') };
}

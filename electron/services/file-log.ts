/**
 * The log file of browser mode (`gpu-planner serve`, what `npm start` runs where Electron is missing): the same
 * `<data folder>/logs/main.log` the desktop app writes with electron-log (electron/main/app-log.ts), so the README's
 * "attach logs/main.log" holds in both modes. One line per entry, `[ISO time] [level] message detail`, info and above;
 * past LOG_FILE_MAX_BYTES the file becomes main.old.log (one old file kept), as electron-log does. A folder that cannot
 * be written costs the lines, never the app (neverThrowing in logger.ts guards every write).
 */
import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import type { Logger, LogLevel } from '../../shared/logger';

export const LOG_FILE_NAME = 'main.log';
export const OLD_LOG_FILE_NAME = 'main.old.log';

export function createFileLog({ logsDir, maxBytes = 5 * 1024 * 1024 }: { logsDir: string; maxBytes?: number }): Logger {
  const file = path.join(logsDir, LOG_FILE_NAME);
  const write =
    (level: LogLevel): Logger['error'] =>
    (message, detail) => {
      fs.mkdirSync(logsDir, { recursive: true });
      const size = fs.existsSync(file) ? fs.statSync(file).size : 0;
      if (size > maxBytes) fs.renameSync(file, path.join(logsDir, OLD_LOG_FILE_NAME));
      const extra =
        detail === undefined ? '' : ` ${detail instanceof Error ? (detail.stack ?? detail.message) : inspect(detail, { depth: 4 })}`;
      fs.appendFileSync(file, `[${new Date().toISOString()}] [${level}] ${message}${extra}\n`);
    };
  return { error: write('error'), warn: write('warn'), info: write('info') };
}

/** Every entry to each logger (e.g. the file and the terminal); one that throws does not stop the others. */
export function teeLogger(...loggers: Logger[]): Logger {
  const each =
    (level: LogLevel): Logger['error'] =>
    (message, detail) => {
      for (const logger of loggers) {
        try {
          logger[level](message, detail);
        } catch {
          // This logger failed (e.g. the log folder is not writable): the others still get the line.
        }
      }
    };
  return { error: each('error'), warn: each('warn'), info: each('info') };
}

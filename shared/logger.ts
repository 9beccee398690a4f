/**
 * The logger port: what services, handlers and worker clients write to. Electron's main passes electron-log (a
 * rotating file in userData/logs, electron/main/app-log.ts); the CLI, the browser server and the tests pass the
 * console logger (electron/services/logger.ts). Nothing here knows where a line ends up.
 */

/** The levels the app writes, most severe first (the renderer's `app:log` channel takes the same). */
export const LOG_LEVELS = ['error', 'warn', 'info'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  /** Something failed that the user did not cause: an internal error, a crashed worker, a renderer exception. */
  error(message: string, detail?: unknown): void;
  /** Something went wrong and was recovered from. */
  warn(message: string, detail?: unknown): void;
  /** A fact worth finding in the log later (the app started, where its data is). */
  info(message: string, detail?: unknown): void;
}

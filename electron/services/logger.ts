/**
 * Loggers that need no Electron: the console one (CLI, `gpu-planner serve`, tests) and the guard every logger the app
 * is given goes through, so that logging can never crash the app or loop: a logger that throws is ignored, and
 * process-wide errors stop being logged after a cap (an error raised by logging itself cannot feed itself forever).
 */
import type { Logger } from '../../shared/logger';

/** Writes to stderr (console.error/warn/info), which the CLI keeps apart from its stdout documents. */
export const consoleLogger: Logger = {
  error: (message, detail) => (detail === undefined ? console.error(message) : console.error(message, detail)),
  warn: (message, detail) => (detail === undefined ? console.warn(message) : console.warn(message, detail)),
  info: (message, detail) => (detail === undefined ? console.info(message) : console.info(message, detail)),
};

/** The same logger, except that a write that throws (disk full, stream closed) is dropped instead of thrown. */
export function neverThrowing(logger: Logger): Logger {
  const guard =
    (write: Logger['error']): Logger['error'] =>
    (message, detail) => {
      try {
        write(message, detail);
      } catch {
        // Logging failed: the app goes on without this line.
      }
    };
  return {
    error: guard((message, detail) => logger.error(message, detail)),
    warn: guard((message, detail) => logger.warn(message, detail)),
    info: guard((message, detail) => logger.info(message, detail)),
  };
}

/** How many uncaught errors of one process are logged; after that one line says the rest are not. */
export const MAX_LOGGED_PROCESS_ERRORS = 100;

interface ErrorEvents {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown;
}

/**
 * Logs the process's uncaught exceptions and unhandled rejections (Electron's main: instead of its error dialog).
 * A listener that logs them also keeps the process running, as Electron's main does.
 */
export function logProcessErrors(target: ErrorEvents, logger: Logger): void {
  const safe = neverThrowing(logger);
  let logged = 0;
  const log = (what: string) => (error: unknown) => {
    logged += 1;
    if (logged < MAX_LOGGED_PROCESS_ERRORS) safe.error(what, error);
    else if (logged === MAX_LOGGED_PROCESS_ERRORS) safe.error(`${what}; further uncaught errors are not logged`, error);
  };
  target.on('uncaughtException', log('Uncaught exception in main'));
  target.on('unhandledRejection', log('Unhandled promise rejection in main'));
}

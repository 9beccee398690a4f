import type { Logger, LogLevel } from '../../shared/logger';

export interface LoggedLine {
  level: LogLevel;
  message: string;
  detail?: unknown;
}

/** A logger that keeps what it is given, for tests to check what main, a worker client or a handler wrote. */
export function recordingLogger(): { logger: Logger; lines: LoggedLine[]; errors: () => string[] } {
  const lines: LoggedLine[] = [];
  const record = (level: LogLevel) => (message: string, detail?: unknown) =>
    void lines.push(detail === undefined ? { level, message } : { level, message, detail });
  return {
    logger: { error: record('error'), warn: record('warn'), info: record('info') },
    lines,
    errors: () => lines.filter((l) => l.level === 'error').map((l) => l.message),
  };
}

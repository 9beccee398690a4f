/**
 * The renderer's errors, in main's log (channel app:log): an uncaught error, a rejected promise no one handled and a
 * screen that failed to render (ui/ErrorBoundary). Reporting never throws and never loops: a failed report is
 * dropped, and after MAX_REPORTS in one page nothing more is sent (a render loop cannot flood the log).
 */
import { MAX_ERROR_TEXT } from '../../shared/domain/errors';
import type { Api } from '../../shared/ipc/api';
import { api } from './api';

export const MAX_REPORTS = 50;

/** Where in the renderer an error was met (the `source` of its log line). */
export type ErrorSource = 'window' | 'promise' | 'screen';

/** An error (or anything thrown) as one text: its message, then its stack and, for a screen, React's component stack. */
export function errorText(error: unknown, componentStack?: string | null): string {
  const base =
    error instanceof Error
      ? error.stack?.includes(error.message)
        ? error.stack
        : `${error.message}\n${error.stack ?? ''}`
      : String(error);
  const text = `${base.trim() || 'Unknown error'}${componentStack ? `\nComponent stack:${componentStack}` : ''}`;
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT - 1)}…` : text;
}

export type ReportError = (source: ErrorSource, error: unknown, componentStack?: string | null) => void;

export function createErrorReporter(log: () => Pick<Api['app'], 'log'>): ReportError {
  let sent = 0;
  return (source, error, componentStack) => {
    if (sent >= MAX_REPORTS) return;
    sent += 1;
    try {
      void log()
        .log({ level: 'error', message: errorText(error, componentStack), source })
        .catch(() => undefined);
    } catch {
      // No api (a page without the preload) or it refused synchronously: the error stays in DevTools only.
    }
  };
}

interface ErrorEventTarget {
  addEventListener(type: 'error', listener: (event: { error?: unknown; message?: string }) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: { reason?: unknown }) => void): void;
}

/** Sends the window's uncaught errors and unhandled rejections to `report`. */
export function reportWindowErrors(target: ErrorEventTarget, report: ReportError): void {
  target.addEventListener('error', (event) => report('window', event.error ?? event.message));
  target.addEventListener('unhandledrejection', (event) => report('promise', event.reason));
}

/** The page's reporter, over window.api. */
export const reportError: ReportError = createErrorReporter(() => api.app);

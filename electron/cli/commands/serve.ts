/**
 * `gpu-planner serve [--port N] [--open]`: the app in the user's browser, for machines without Electron's binary
 * (`npm start` runs it there). The same renderer and handler table as the desktop app, over HTTP on 127.0.0.1
 * (electron/server/http-server.ts). Prints the URL (its per-start token after `#`) and serves until Ctrl+C. `--open`
 * starts the browser on a one-time launch URL instead: a command line is readable by every user (/proc/<pid>/cmdline),
 * so the token never goes on one.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createAppContext } from '../../services/app-context';
import { createFileLog, teeLogger } from '../../services/file-log';
import { consoleLogger } from '../../services/logger';
import { DATABASE_FILE_NAME, defaultDataDir } from '../../services/paths';
import { findRendererDir } from '../../services/report/renderer-route';
import { startHttpServer, type RunningServer } from '../../server/http-server';
import { parseCommandArgs, UsageError, type CliIo } from '../cli-io';

export const SERVE_USAGE = 'gpu-planner serve [--port N] [--open] [--data-dir DIR] [--db PATH] [--max-upload-mb N]';

/** The command that opens a URL in the user's default browser, or why there is none. */
export function browserOpener(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
): { command: string; args: (url: string) => string[] } | { none: string } {
  if (platform === 'darwin') return { command: 'open', args: (url) => [url] };
  if (platform === 'win32') return { command: 'cmd', args: (url) => ['/c', 'start', '""', url] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return { none: 'no graphical display ($DISPLAY and $WAYLAND_DISPLAY are unset)' };
  return { command: 'xdg-open', args: (url) => [url] };
}

/** Opens `url` in the default browser; resolves to null when it did, else to the reason it could not. */
export function openBrowser(url: string, env: Record<string, string | undefined> = process.env): Promise<string | null> {
  const opener = browserOpener(process.platform, env);
  if ('none' in opener) return Promise.resolve(opener.none);
  return new Promise((resolve) => {
    const child = spawn(opener.command, opener.args(url), { stdio: 'ignore', detached: true, windowsHide: true });
    child.once('error', (error) => resolve(`${opener.command} failed: ${error.message}`));
    child.once('exit', (code) => resolve(code === 0 ? null : `${opener.command} exited with code ${code}`));
    child.unref();
  });
}

export async function runServeCommand(
  args: string[],
  io: CliIo,
  until?: Promise<void>,
  open: (url: string, env: Record<string, string | undefined>) => Promise<string | null> = openBrowser,
): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    {
      port: { type: 'string' },
      open: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      db: { type: 'string' },
      'max-upload-mb': { type: 'string' },
    },
    `usage: ${SERVE_USAGE}`,
    { positionals: false },
  );
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number 0-65535, not "${values.port}"`);
  const maxUploadMb = values['max-upload-mb'] === undefined ? 2048 : Number(values['max-upload-mb']);
  if (!(maxUploadMb > 0)) throw new UsageError(`--max-upload-mb must be a positive number, not "${values['max-upload-mb']}"`);

  const chosenDb = values.db ?? io.env.GPU_PLANNER_DB;
  const chosenDir = values['data-dir'] ?? io.env.GPU_PLANNER_DATA_DIR;
  const dataDir = chosenDir ? path.resolve(io.cwd, chosenDir) : chosenDb ? path.dirname(path.resolve(io.cwd, chosenDb)) : defaultDataDir();
  const databaseFile = chosenDb ? path.resolve(io.cwd, chosenDb) : path.join(dataDir, DATABASE_FILE_NAME);

  // The log file the README names: <data folder>/logs/main.log, as in the desktop app; warnings and errors also
  // reach the terminal.
  const logsDir = path.join(dataDir, 'logs');
  const fileLog = createFileLog({ logsDir });
  const logger = teeLogger(fileLog, { error: consoleLogger.error, warn: consoleLogger.warn, info: () => {} });
  const rendererDir = findRendererDir();
  if (!rendererDir) throw new UsageError('the renderer is not built: run `npm run build` first');
  let server: RunningServer;
  try {
    server = await startHttpServer({
      dataDir,
      rendererDir,
      bootstrapFile: path.join(rendererDir, '..', 'server', 'http-bootstrap.js'),
      port,
      maxUploadBytes: Math.round(maxUploadMb * 1024 * 1024),
      createContext: ({ dialogs, emit, notify }) =>
        createAppContext({ dataDir, databaseFile, dialogs, emit, notify, logger, runtime: 'browser-http' }),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new UsageError(`port ${port} is in use: choose another with --port, or --port 0 for any free one`);
    throw error;
  }
  logger.info(`GPU Planner starting in browser mode at ${server.origin} (data folder ${dataDir})`);
  io.stdout(`GPU Planner is running at ${server.url}\n`);
  io.stderr(
    `Data folder: ${dataDir}. Log: ${path.join(logsDir, 'main.log')}. Only this computer can connect (127.0.0.1). Stop with Ctrl+C.\n`,
  );
  if (values.open) {
    const failed = await open(server.launchUrl(), io.env);
    if (failed) io.stderr(`No browser opened (${failed}): open the URL above in a browser on this computer.\n`);
  }
  await (until ??
    new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }));
  await server.close();
  logger.info('GPU Planner stopped');
  io.stderr('GPU Planner stopped.\n');
  return 0;
}

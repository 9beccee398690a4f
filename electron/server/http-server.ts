/**
 * Browser mode: the built renderer and the very handler table ipcMain serves, over HTTP on 127.0.0.1, for machines
 * without Electron's binary (`gpu-planner serve`, which `npm start` runs there). A transport only adapts:
 *  - POST /api/invoke/<channel>  → handlers.dispatch(channel, request): validated by the contract's zod schemas there,
 *    exactly as over IPC; the answer is the same `{ok, value|error}` plus the files the handler saved (downloads).
 *  - GET  /api/events            → Server-Sent Events: the contract's events (import progress, alerts, menu commands)
 *    and the dialog requests of browser-files.ts.
 *  - POST /api/upload            → a file the user picked or dropped, streamed (size-limited) into the session folder
 *    and granted: the page gets an opaque token, never a server path.
 *  - GET  /api/download/<id>     → a file a handler wrote through the save dialog, as an attachment.
 * Security (request-guards.ts): bound to 127.0.0.1, Host and Origin checked, a per-start token the page got in the
 * URL's fragment and sends in a header on every API call (never a cookie: cookies go to every port of 127.0.0.1), the
 * desktop app's Content-Security-Policy, body sizes limited, a refused request's connection closed (its body is not
 * read), and time limits on headers, on the whole request and on a body that stops arriving.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { contentSecurityPolicyOf, FALLBACK_CONTENT_SECURITY_POLICY } from './content-security-policy';
import type { AppContext } from '../services/app-context';
import type { FileGrants } from '../services/file-grants';
import type { Dialogs, EmitEvent } from '../services/service-deps';
import { createBrowserDialogs, SessionFolder, type BrowserDialogs, type RequestScope } from './browser-files';
import { createEventStreams, TAB_ID } from './event-streams';
import { createFileTransfers } from './file-transfers';
import { HttpError, readBody, securityHeaders, send, sendJson } from './http-responses';
import { checkSite, checkToken, type GuardConfig, type Verdict } from './request-guards';
import { sendStaticFile } from './static-files';

export interface ContextIo {
  /** The browser's dialogs (a picker in the page, a download); the e2e harness may pass stubs instead. */
  dialogs: Dialogs;
  emit: EmitEvent;
  notify: (title: string, body: string) => void;
}

export interface ServeOptions {
  dataDir: string;
  /** dist/renderer: index.html and assets/. */
  rendererDir: string;
  /** The built bootstrap (dist/server/http-bootstrap.js) that gives the page its `window.api` over HTTP. */
  bootstrapFile: string;
  /** 0 (default): any free port. */
  port?: number;
  /** Builds the app context with the transport's dialogs and events (createAppContext in production). */
  createContext(io: ContextIo): AppContext;
  /** Main's file grants; default: the context's own when it has one, else a new set. */
  grants?: FileGrants;
  maxUploadBytes?: number;
  maxRequestBytes?: number;
  /** Fixed token (tests); default: 32 random bytes per start. */
  token?: string;
  /** How long a launch URL (launchUrl()) may wait for the browser to open it; default one minute. */
  launchCodeTtlMs?: number;
  /** Time limits (tests shorten them); see SERVER_TIMEOUTS. */
  timeouts?: Partial<ServerTimeouts>;
}

export interface ServerTimeouts {
  /** The request line and headers must arrive within this. */
  headersMs: number;
  /** The whole request, body included (a 2 GB upload over loopback takes seconds), must arrive within this. */
  requestMs: number;
  /** A request's body may pause this long at most (a body trickling in is cut here or at requestMs). */
  idleBodyMs: number;
  /** How often Node checks headersMs and requestMs. */
  checkIntervalMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 10 * 60_000,
  idleBodyMs: 30_000,
  checkIntervalMs: 5_000,
};

export interface RunningServer {
  /** The interface it listens on: always 127.0.0.1. */
  address: string;
  /**
   * The URL to print: the token after `#` (browsers never send a fragment to a server); the page keeps it in its
   * sessionStorage and drops it from the address bar. Never put it on a command line: see launchUrl().
   */
  url: string;
  /**
   * A URL for a command line (`serve --open` starting the browser, where other users can read /proc/<pid>/cmdline):
   * it carries a one-time launch code, valid for launchCodeTtlMs, that the server trades once for the token.
   */
  launchUrl(): string;
  origin: string;
  port: number;
  token: string;
  context: AppContext;
  dialogs: BrowserDialogs;
  session: SessionFolder;
  /** How many pages have their event stream open (a page gets events once it is connected). */
  connectedPages(): number;
  close(): Promise<void>;
}

export async function startHttpServer(options: ServeOptions): Promise<RunningServer> {
  const indexFile = path.join(options.rendererDir, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error(`No built renderer at ${options.rendererDir}: run \`npm run build\` first.`);
  // The one policy of the app, as its index.html states it in a <meta>, sent as a header as well.
  const contentSecurityPolicy = contentSecurityPolicyOf(fs.readFileSync(indexFile, 'utf8')) ?? FALLBACK_CONTENT_SECURITY_POLICY;
  if (!fs.existsSync(options.bootstrapFile))
    throw new Error(`No built browser bootstrap at ${options.bootstrapFile}: run \`npm run build\` first.`);
  const maxRequest = options.maxRequestBytes ?? 8 * 1024 ** 2;
  const token = options.token ?? randomBytes(32).toString('base64url');
  const scope = new AsyncLocalStorage<RequestScope>();
  const session = new SessionFolder(options.dataDir, randomUUID());
  const streams = createEventStreams((tabId) => dialogs.cancelAll(tabId));
  const dialogs = createBrowserDialogs(scope, session, streams.sendToTab);
  const context = options.createContext({
    dialogs,
    emit: (event, payload) => streams.broadcast({ event, payload }),
    notify: (title, body) => streams.broadcast({ control: 'notify', title, body }),
  });
  const files = createFileTransfers({
    session,
    grants: options.grants ?? context.deps.fileGrants,
    dialogs,
    maxUpload: options.maxUploadBytes ?? 2 * 1024 ** 3,
  });

  let guard: GuardConfig = { port: 0, token };
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  /** One-time launch codes → when each stops being valid. */
  const launchCodes = new Map<string, number>();
  const takeLaunchCode = (code: string): boolean => {
    const until = launchCodes.get(code);
    launchCodes.delete(code);
    return until !== undefined && Date.now() <= until;
  };

  async function invoke(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw new HttpError(415, 'Send the request as application/json.');
    const text = await readBody(req, maxRequest);
    let request: unknown;
    try {
      request = text === '' ? {} : JSON.parse(text);
    } catch {
      throw new HttpError(400, 'The request body is not JSON.');
    }
    const tab = req.headers['x-gpu-planner-tab'];
    const store: RequestScope = { tabId: typeof tab === 'string' && TAB_ID.test(tab) ? tab : null, saved: [] };
    const result = await scope.run(store, () => context.handlers.dispatch(channel, files.adaptFileField(request)));
    sendJson(res, 200, files.offerSaved(result, store.saved));
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    securityHeaders(res, contentSecurityPolicy);
    const method = req.method ?? 'GET';
    const refuse = (verdict: Verdict) => {
      if (verdict.ok) return false;
      sendAndClose(req, res, verdict.status, verdict.reason);
      return true;
    };
    if (refuse(checkSite(req.headers, method, guard))) return;
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${guard.port}`);
    const { pathname } = url;
    // The launch URL `serve --open` gave the browser: its one-time code is traded for the token, in a fragment.
    if (method === 'GET' && (pathname === '/' || pathname === '/index.html') && url.searchParams.has('launch')) {
      if (!takeLaunchCode(url.searchParams.get('launch') ?? ''))
        return sendAndClose(req, res, 401, 'This launch link was used or has expired: open the URL `gpu-planner serve` printed.');
      res.setHeader('Location', `/#token=${token}`);
      return void send(res, 303, 'Opening GPU Planner…');
    }
    if (pathname.startsWith('/api/')) {
      if (refuse(checkToken(req.headers, guard))) return;
      const [, , kind, id, action] = pathname.split('/');
      if (method === 'POST' && kind === 'invoke' && id) return invoke(req, res, decodeURIComponent(id));
      if (method === 'GET' && kind === 'events') return streams.open(req, res, url);
      if (method === 'POST' && kind === 'upload') return files.upload(req, res, url);
      if (method === 'POST' && kind === 'dialog' && id && action === 'cancel') {
        req.resume();
        return sendJson(res, 200, { cancelled: dialogs.answer(id, null) });
      }
      if (method === 'GET' && kind === 'download' && id) return files.download(res, id);
      throw new HttpError(404, 'No such endpoint.');
    }
    if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, 'Method not allowed.');
    // The built renderer: the app's code, no data and no secret, so it is served without the token.
    sendStaticFile(res, pathname, options);
  }

  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      // Counts until the request has arrived, not while a handler works on it (a PDF may take minutes).
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    (req, res) => {
      // A body that stops arriving: the connection is cut after idleBodyMs without a byte (trickles: requestMs).
      if (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0) {
        req.socket.setTimeout(timeouts.idleBodyMs); // no 'timeout' listener: Node destroys the socket
        req.once('end', () => req.socket.setTimeout(0));
      }
      route(req, res).catch((error: unknown) => {
        const status = error instanceof HttpError ? error.status : 500;
        if (!(error instanceof HttpError)) console.error('[serve]', error);
        if (!res.headersSent) sendAndClose(req, res, status, error instanceof Error && status < 500 ? error.message : 'Internal error.');
        else res.destroy();
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  guard = { port, token };
  const origin = `http://127.0.0.1:${port}`;
  let closed: Promise<void> | null = null;
  return {
    address: (server.address() as AddressInfo).address,
    url: `${origin}/#token=${token}`,
    launchUrl: () => {
      const code = randomBytes(24).toString('base64url');
      launchCodes.set(code, Date.now() + (options.launchCodeTtlMs ?? 60_000));
      return `${origin}/?launch=${code}`;
    },
    origin,
    port,
    token,
    context,
    dialogs,
    session,
    connectedPages: streams.count,
    close: () => {
      closed ??= (async () => {
        dialogs.cancelAll();
        streams.endAll();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        context.close();
        session.remove();
      })();
      return closed;
    },
  };
}

/**
 * Answers a refused request and closes its connection: the rest of its body is not read (a 100 GB body sent without
 * the token ends here, not after 100 GB). `Connection: close` makes Node end the socket once the answer is out; where
 * the body is still coming, the socket is half-closed first and cut LINGER_MS later (an immediate cut with unread bytes
 * would reset the connection and could lose the answer before the client reads it).
 */
function sendAndClose(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  const socket = req.socket;
  res.shouldKeepAlive = false;
  res.setHeader('Connection', 'close');
  if (!req.complete && socket) {
    socket.destroySoon = () => {
      socket.end();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    };
  }
  send(res, status, message);
}

const LINGER_MS = 300;

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
 * Security (request-guards.ts): bound to 127.0.0.1, Host and Origin checked, a per-start token in an HttpOnly cookie,
 * the desktop app's Content-Security-Policy, body sizes limited.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentSecurityPolicyOf, FALLBACK_CONTENT_SECURITY_POLICY } from '../main/security';
import type { AppContext } from '../services/app-context';
import { createFileGrants, type FileGrants } from '../services/file-grants';
import type { Dialogs, EmitEvent } from '../services/service-deps';
import { createBrowserDialogs, SessionFolder, type BrowserDialogs, type RequestScope } from './browser-files';
import { checkSite, checkToken, sameSecret, tokenCookie, type GuardConfig, type Verdict } from './request-guards';

export const BOOTSTRAP_PATH = '/__gpu-planner/bootstrap.js';
const TAB_ID = /^[A-Za-z0-9-]{8,64}$/;

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
}

export interface RunningServer {
  /** The interface it listens on: always 127.0.0.1. */
  address: string;
  /** The URL to open: carries the token once; the page then keeps it in a cookie. */
  url: string;
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

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function securityHeaders(res: ServerResponse, contentSecurityPolicy: string): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('X-Frame-Options', 'DENY');
}

function send(res: ServerResponse, status: number, body: string | Buffer, contentType = 'text/plain; charset=utf-8'): void {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value), 'application/json; charset=utf-8');
}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new HttpError(413, `Request body over ${limit} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, `Request body over ${limit} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** index.html with the bootstrap in <head>: a classic script there runs before the renderer's (deferred) module. */
export function injectBootstrap(html: string): string {
  const tag = `<script src="${BOOTSTRAP_PATH}"></script>`;
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, `  ${tag}\n  </head>`) : `${tag}\n${html}`;
}

export async function startHttpServer(options: ServeOptions): Promise<RunningServer> {
  const indexFile = path.join(options.rendererDir, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error(`No built renderer at ${options.rendererDir}: run \`npm run build\` first.`);
  // The one policy of the app, as its index.html states it in a <meta>, sent as a header as well.
  const contentSecurityPolicy = contentSecurityPolicyOf(fs.readFileSync(indexFile, 'utf8')) ?? FALLBACK_CONTENT_SECURITY_POLICY;
  if (!fs.existsSync(options.bootstrapFile))
    throw new Error(`No built browser bootstrap at ${options.bootstrapFile}: run \`npm run build\` first.`);
  const maxUpload = options.maxUploadBytes ?? 2 * 1024 ** 3;
  const maxRequest = options.maxRequestBytes ?? 8 * 1024 ** 2;
  const token = options.token ?? randomBytes(32).toString('base64url');
  const scope = new AsyncLocalStorage<RequestScope>();
  const session = new SessionFolder(options.dataDir, randomUUID());
  const streams = new Map<ServerResponse, string>();
  const downloads = new Map<string, string>();
  /** Tokens of uploads this server granted → their path (the adapter for channels that still take a path). */
  const uploads = new Map<string, string>();

  const sendEvent = (res: ServerResponse, data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const broadcast = (data: unknown) => {
    for (const res of streams.keys()) sendEvent(res, data);
  };
  const dialogs = createBrowserDialogs(scope, session, (tabId, message) => {
    let sent = false;
    for (const [res, tab] of streams) {
      if (tab !== tabId) continue;
      sendEvent(res, message);
      sent = true;
      break;
    }
    return sent;
  });
  const context = options.createContext({
    dialogs,
    emit: (event, payload) => broadcast({ event, payload }),
    notify: (title, body) => broadcast({ control: 'notify', title, body }),
  });
  const grants = options.grants ?? context.deps.fileGrants;

  let guard: GuardConfig = { port: 0, token };

  /** Channels that still take a path (`{file}`) get the uploaded file behind a token this server handed out. */
  function adaptFileField(request: unknown): unknown {
    if (request === null || typeof request !== 'object' || Array.isArray(request)) return request;
    const file = (request as { file?: unknown }).file;
    if (typeof file !== 'string' || !uploads.has(file)) return request;
    return { ...request, file: uploads.get(file) };
  }

  /** "Saved <file>": the page names the download by its file name, not by where it waited in the session folder. */
  function hideSavedPaths(result: Awaited<ReturnType<AppContext['handlers']['dispatch']>>, saved: Array<{ file: string }>) {
    if (!result.ok || result.value === null || typeof result.value !== 'object') return result;
    const file = (result.value as { file?: unknown }).file;
    const match = saved.find((s) => s.file === file);
    return match ? { ...result, value: { ...result.value, file: path.basename(match.file) } } : result;
  }

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
    const result = await scope.run(store, () => context.handlers.dispatch(channel, adaptFileField(request)));
    const saved = store.saved.filter((s) => fs.existsSync(s.file));
    for (const s of saved) downloads.set(s.id, s.file);
    sendJson(res, 200, {
      result: hideSavedPaths(result, saved),
      downloads: saved.map((s) => ({ url: `/api/download/${s.id}`, fileName: path.basename(s.file) })),
    });
  }

  async function upload(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxUpload) throw new HttpError(413, `The file is over the upload limit of ${maxUpload} bytes.`);
    const file = session.newUploadPath(url.searchParams.get('name') ?? 'upload');
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxUpload) return callback(new HttpError(413, `The file is over the upload limit of ${maxUpload} bytes.`));
        callback(null, chunk);
      },
    });
    try {
      await pipeline(req, limit, fs.createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
      throw error instanceof HttpError ? error : new HttpError(400, 'The upload was interrupted.');
    }
    const granted = grants.grant(file);
    uploads.set(granted.token, file);
    const dialogId = url.searchParams.get('dialog');
    if (dialogId) dialogs.answer(dialogId, file);
    sendJson(res, 200, granted);
  }

  function download(res: ServerResponse, id: string): void {
    const file = downloads.get(id);
    if (!file || !fs.existsSync(file)) throw new HttpError(404, 'No such download.');
    const name = path.basename(file);
    res.statusCode = 200;
    res.setHeader('Content-Type', CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    res.setHeader('Content-Length', fs.statSync(file).size);
    fs.createReadStream(file).pipe(res);
  }

  function events(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const tabId = url.searchParams.get('tab') ?? '';
    if (!TAB_ID.test(tabId)) throw new HttpError(400, 'An event stream needs its tab id.');
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.set(res, tabId);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
    heartbeat.unref();
    req.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(res);
      if (![...streams.values()].includes(tabId)) dialogs.cancelAll(tabId);
    });
  }

  function staticFile(res: ServerResponse, pathname: string): void {
    if (pathname === '/' || pathname === '/index.html') {
      return send(res, 200, injectBootstrap(fs.readFileSync(indexFile, 'utf8')), CONTENT_TYPES['.html']);
    }
    if (pathname === BOOTSTRAP_PATH) return send(res, 200, fs.readFileSync(options.bootstrapFile), CONTENT_TYPES['.js']);
    let relative: string;
    try {
      relative = decodeURIComponent(pathname);
    } catch {
      throw new HttpError(400, 'Bad path.');
    }
    const file = path.resolve(options.rendererDir, `.${relative}`);
    if (!file.startsWith(path.resolve(options.rendererDir) + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile())
      throw new HttpError(404, 'Not found.');
    send(res, 200, fs.readFileSync(file), CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    securityHeaders(res, contentSecurityPolicy);
    const method = req.method ?? 'GET';
    const refuse = (verdict: Verdict) => {
      if (verdict.ok) return false;
      send(res, verdict.status, verdict.reason);
      req.resume();
      return true;
    };
    if (refuse(checkSite(req.headers, method, guard))) return;
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${guard.port}`);
    // The URL printed at start: its token becomes the cookie, and the address bar loses it.
    if (method === 'GET' && (url.pathname === '/' || url.pathname === '/index.html') && url.searchParams.has('token')) {
      if (!sameSecret(url.searchParams.get('token'), token)) return void send(res, 401, 'Wrong token: open the URL `npm start` printed.');
      res.setHeader('Set-Cookie', tokenCookie(guard));
      res.setHeader('Location', '/');
      return void send(res, 303, 'Opening GPU Planner…');
    }
    if (refuse(checkToken(req.headers, guard))) return;
    const { pathname } = url;
    if (pathname.startsWith('/api/')) {
      const [, , kind, id, action] = pathname.split('/');
      if (method === 'POST' && kind === 'invoke' && id) return invoke(req, res, decodeURIComponent(id));
      if (method === 'GET' && kind === 'events') return events(req, res, url);
      if (method === 'POST' && kind === 'upload') return upload(req, res, url);
      if (method === 'POST' && kind === 'dialog' && id && action === 'cancel') {
        req.resume();
        return sendJson(res, 200, { cancelled: dialogs.answer(id, null) });
      }
      if (method === 'GET' && kind === 'download' && id) return download(res, id);
      throw new HttpError(404, 'No such endpoint.');
    }
    if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, 'Method not allowed.');
    staticFile(res, pathname);
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (!(error instanceof HttpError)) console.error('[serve]', error);
      req.resume();
      if (!res.headersSent) send(res, status, error instanceof Error && status < 500 ? error.message : 'Internal error.');
      else res.destroy();
    });
  });
  server.requestTimeout = 0; // uploads of large billing files and long handlers (PDF) may take minutes
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
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    context,
    dialogs,
    session,
    connectedPages: () => streams.size,
    close: () => {
      closed ??= (async () => {
        dialogs.cancelAll();
        for (const res of streams.keys()) res.end();
        streams.clear();
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

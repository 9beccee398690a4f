/**
 * The browser-mode server against a real app context (migrated, seeded SQLite in a temp folder), over real HTTP:
 * every defence refuses what it should (each test fails without its check), the handler table answers as over IPC,
 * dialogs become uploads and downloads, events arrive on the event stream.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CONTENT_SECURITY_POLICY, contentSecurityPolicyOf } from './content-security-policy';
import { createAppContext } from '../services/app-context';
import { referenceFile, repoRoot, tempDir } from '../test-support/paths';
import { startHttpServer, type RunningServer, type ServerTimeouts } from './http-server';

const FOCUS_SAMPLE = referenceFile('billing-samples', 'focus-sample-data', 'focus_sample.csv');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: RunningServer;
let folder: { dir: string; remove: () => void };
/** What the page sends on every API call: its token in the X-GPU-Planner-Token header. */
let auth: Record<string, string>;
let origin: string;

function request(
  method: string,
  urlPath: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path: urlPath, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** What the page sends: the token header, its Origin, JSON. */
function fromPage(extra: Record<string, string> = {}): Record<string, string> {
  return { ...auth, Origin: origin, 'Content-Type': 'application/json', ...extra };
}

async function invoke(channel: string, body: unknown, extra: Record<string, string> = {}) {
  const answer = await request('POST', `/api/invoke/${channel}`, { headers: fromPage(extra), body: JSON.stringify(body) });
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body) as {
    result: { ok: boolean; value?: any; error?: any };
    downloads: Array<{ url: string; fileName: string }>;
  };
}

/** An event-stream client: the messages it received, and a way to wait for one. */
function openEvents(tab: string) {
  const messages: any[] = [];
  const waiters: Array<() => void> = [];
  let connected: () => void = () => {};
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const req = http.get({ host: '127.0.0.1', port: server.port, path: `/api/events?tab=${tab}`, headers: auth }, (res) => {
    connected();
    let buffer = '';
    res.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        if (data) messages.push(JSON.parse(data));
        waiters.splice(0).forEach((w) => w());
      }
    });
  });
  req.on('error', () => {}); // the server ends the stream when it stops
  const next = async (predicate: (m: any) => boolean): Promise<any> => {
    for (;;) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { messages, next, ready, close: () => req.destroy() };
}

async function start(
  options: { maxUploadBytes?: number; maxRequestBytes?: number; launchCodeTtlMs?: number; timeouts?: Partial<ServerTimeouts> } = {},
) {
  const renderer = path.join(folder.dir, 'renderer');
  fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><html><head><title>GPU Planner</title></head><body></body></html>');
  fs.writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log("app")');
  fs.writeFileSync(path.join(folder.dir, 'secret.txt'), 'not for the page');
  const bootstrapFile = path.join(folder.dir, 'bootstrap.js');
  fs.writeFileSync(bootstrapFile, 'window.bootstrapped = true;');
  const dataDir = path.join(folder.dir, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  server = await startHttpServer({
    dataDir,
    rendererDir: renderer,
    bootstrapFile,
    ...options,
    createContext: (io) => createAppContext({ dataDir, runtime: 'browser-http', ...io }),
  });
  origin = `http://127.0.0.1:${server.port}`;
  auth = { 'X-GPU-Planner-Token': server.token };
}

beforeEach(() => {
  folder = tempDir('gpu-planner-serve-');
});
afterEach(async () => {
  await server?.close();
  folder.remove();
});

describe('who may connect', () => {
  beforeEach(() => start());

  it('listens on 127.0.0.1 only; the printed URL carries the token in its fragment, which browsers never send', () => {
    expect(server.address).toBe('127.0.0.1');
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
  });

  it('refuses every API request without the token header: calls, events, uploads, dialogs, downloads', async () => {
    for (const [method, p] of [
      ['GET', '/api/events?tab=abcdefgh-1'],
      ['POST', '/api/upload?name=x.csv'],
      ['POST', '/api/invoke/app:get-info'],
      ['POST', '/api/dialog/some-id/cancel'],
      ['GET', '/api/download/some-id'],
    ] as const) {
      const answer = await request(method, p, {
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(answer.status, `${method} ${p}`).toBe(401);
    }
    const wrongToken = await request('POST', '/api/invoke/app:get-info', {
      headers: fromPage({ 'X-GPU-Planner-Token': 'x'.repeat(43) }),
      body: '{}',
    });
    expect(wrongToken.status).toBe(401);
  });

  it('a cookie is worth nothing: the token sent as a cookie (what another local port would receive) is refused', async () => {
    for (const name of ['gpu_planner', `gpu_planner_${server.port}`, 'token']) {
      const { 'X-GPU-Planner-Token': _dropped, ...withoutHeader } = fromPage();
      const answer = await request('POST', '/api/invoke/app:get-info', {
        headers: { ...withoutHeader, Cookie: `${name}=${server.token}` },
        body: '{}',
      });
      expect(answer.status, name).toBe(401);
    }
    for (const p of ['/api/events?tab=abcdefgh-1', '/api/download/some-id'])
      expect((await request('GET', p, { headers: { Cookie: `gpu_planner_${server.port}=${server.token}` } })).status, p).toBe(401);
    expect((await request('POST', '/api/invoke/app:get-info', { headers: fromPage(), body: '{}' })).status).toBe(200);
  });

  it('never sets a cookie: not on the page, not on a launch, not on a call', async () => {
    const launch = new URL(server.launchUrl());
    for (const answer of [
      await request('GET', '/'),
      await request('GET', `/?token=${server.token}`),
      await request('GET', `${launch.pathname}${launch.search}`),
      await request('GET', '/assets/app.js'),
      await request('POST', '/api/invoke/app:get-info', { headers: fromPage(), body: '{}' }),
    ]) {
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(JSON.stringify(answer.headers)).not.toContain('Set-Cookie');
    }
  });

  it('serves the page (the bootstrap injected) and its assets, which hold no data, without the token', async () => {
    const page = await request('GET', '/');
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<script src="\/__gpu-planner\/bootstrap.js"><\/script>\s*<\/head>/);
    expect(page.body).not.toContain(server.token);
    expect((await request('GET', '/assets/app.js')).body).toBe('console.log("app")');
    expect((await request('GET', '/__gpu-planner/bootstrap.js')).body).toBe('window.bootstrapped = true;');
  });

  it('a launch URL carries no token: its one-time code is traded once for the token, in a fragment', async () => {
    const launch = server.launchUrl();
    expect(launch).not.toContain(server.token);
    const { pathname, search } = new URL(launch);
    const first = await request('GET', `${pathname}${search}`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/#token=${server.token}`);
    // Used once: the same code again, a guessed one, and a code past its time are refused.
    expect((await request('GET', `${pathname}${search}`)).status).toBe(401);
    expect((await request('GET', '/?launch=guessed')).status).toBe(401);
    expect(server.launchUrl()).not.toBe(launch);
  });

  it('a launch code expires', async () => {
    await server.close();
    await start({ launchCodeTtlMs: 50 });
    const { pathname, search } = new URL(server.launchUrl());
    await new Promise((resolve) => setTimeout(resolve, 120));
    const late = await request('GET', `${pathname}${search}`);
    expect(late.status).toBe(401);
    expect(late.headers.location).toBeUndefined();
  });

  it('refuses a foreign Host even with the token (DNS rebinding)', async () => {
    for (const host of [`evil.example:${server.port}`, `127.0.0.1:${server.port + 1}`, 'localhost', `127.0.0.1.nip.io:${server.port}`]) {
      const answer = await request('GET', '/', { headers: { Host: host } });
      expect(answer.status, host).toBe(403);
      expect(answer.body).toContain('Host');
    }
    const { pathname, search } = new URL(server.launchUrl());
    expect((await request('GET', `${pathname}${search}`, { headers: { Host: `rebound.example:${server.port}` } })).status).toBe(403);
    const rebound = await request('POST', '/api/invoke/app:get-info', {
      headers: fromPage({ Host: `rebound.example:${server.port}` }),
      body: '{}',
    });
    expect(rebound.status).toBe(403);
    expect((await request('GET', '/', { headers: { Host: `localhost:${server.port}` } })).status).toBe(200);
  });

  it('refuses requests from another origin or site, and a POST without Origin', async () => {
    for (const other of ['http://evil.example', `http://127.0.0.1:${server.port + 1}`, 'null']) {
      const answer = await request('POST', '/api/invoke/app:get-info', { headers: fromPage({ Origin: other }), body: '{}' });
      expect(answer.status, other).toBe(403);
    }
    expect((await request('GET', '/', { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    const noOrigin = await request('POST', '/api/invoke/app:get-info', {
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(noOrigin.status).toBe(403);
    // A cross-site form can only send text/plain or form bodies: the server takes JSON only.
    const form = await request('POST', '/api/invoke/app:get-info', { headers: fromPage({ 'Content-Type': 'text/plain' }), body: '{}' });
    expect(form.status).toBe(415);
  });

  it('states the same policy as the built renderer’s <meta>, when it has one', () => {
    const html = fs.readFileSync(path.join(repoRoot, 'renderer', 'index.html'), 'utf8');
    expect(contentSecurityPolicyOf(html)).toBe(FALLBACK_CONTENT_SECURITY_POLICY);
  });

  it('sends the desktop app’s Content-Security-Policy and no-sniff on every answer', async () => {
    for (const answer of [
      await request('GET', '/'),
      await request('GET', '/api/invoke/app:get-info'),
      await request('POST', '/api/invoke/app:get-info', { headers: fromPage(), body: '{}' }),
    ]) {
      expect(answer.headers['content-security-policy']).toBe(FALLBACK_CONTENT_SECURITY_POLICY);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves nothing outside the built renderer', async () => {
    for (const p of ['/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/%2e%2e%2fdata%2fgpu-planner.sqlite']) {
      const answer = await request('GET', p);
      expect(answer.status, p).toBe(404);
      expect(answer.body).not.toContain('not for the page');
    }
  });
});

describe('the handler table over HTTP', () => {
  beforeEach(() => start({ maxUploadBytes: 1024 * 1024, maxRequestBytes: 16 * 1024 }));

  it('answers as over IPC, validating every request with the contract’s schemas', async () => {
    const info = await invoke('app:get-info', {});
    expect(info.result).toMatchObject({ ok: true, value: { runtime: 'browser-http', name: 'GPU Planner' } });
    const extra = await invoke('app:get-info', { path: '/etc/passwd' });
    expect(extra.result).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    const wrongType = await invoke('budget:preview-file', { fileToken: 42 });
    expect(wrongType.result).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST', details: { field: 'fileToken' } } });
    expect((await invoke('no:such-channel', {})).result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect((await invoke('__proto__', {})).result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    const notJson = await request('POST', '/api/invoke/app:get-info', { headers: fromPage(), body: '{oops' });
    expect(notJson.status).toBe(400);
  });

  it('limits body sizes: a call over the limit and an upload over the limit are refused, nothing kept', async () => {
    const big = await request('POST', '/api/invoke/catalog:list-gpus', {
      headers: fromPage(),
      body: JSON.stringify({ pad: 'x'.repeat(20 * 1024) }),
    });
    expect(big.status).toBe(413);
    const upload = await request('POST', '/api/upload?name=big.csv', {
      headers: fromPage({ 'Content-Type': 'application/octet-stream' }),
      body: Buffer.alloc(1024 * 1024 + 1, 65),
    });
    expect(upload.status).toBe(413);
    expect(fs.readdirSync(server.session.uploads)).toEqual([]);
  });

  it('streams a chunked upload past the limit into a refusal (no Content-Length to trust)', async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/upload?name=chunked.csv',
          headers: fromPage({ 'Content-Type': 'application/octet-stream', 'Transfer-Encoding': 'chunked' }),
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.on('error', () => {}); // the server may answer and close before the last chunk
      for (let i = 0; i < 130; i++) req.write(Buffer.alloc(8 * 1024, 66));
      req.end();
    });
    expect(answer).toBe(413);
    expect(fs.readdirSync(server.session.uploads)).toEqual([]);
  });

  it('an upload lands in the session folder under its own name and is granted as a token (never a path)', async () => {
    const answer = await request('POST', '/api/upload?name=../../escape.csv', {
      headers: fromPage({ 'Content-Type': 'application/octet-stream' }),
      body: 'a,b\n1,2\n',
    });
    expect(answer.status).toBe(200);
    const granted = JSON.parse(answer.body) as Record<string, string>;
    expect(Object.keys(granted).sort()).toEqual(['fileName', 'token']);
    expect(granted.fileName).toBe('escape.csv');
    expect(granted.token).not.toContain('/');
    const [dir] = fs.readdirSync(server.session.uploads);
    expect(fs.readFileSync(path.join(server.session.uploads, dir!, 'escape.csv'), 'utf8')).toBe('a,b\n1,2\n');
    expect(fs.existsSync(path.join(folder.dir, 'escape.csv'))).toBe(false);
  });

  it('a dropped file (uploaded, then named by its token) previews and imports: the FOCUS sample totals USD 20.52022672899', async () => {
    const upload = await request('POST', '/api/upload?name=focus_sample.csv', {
      headers: fromPage({ 'Content-Type': 'application/octet-stream' }),
      body: fs.readFileSync(FOCUS_SAMPLE),
    });
    const { token, fileName } = JSON.parse(upload.body) as { token: string; fileName: string };
    expect(fileName).toBe('focus_sample.csv');
    const preview = await invoke('budget:preview-file', { fileToken: token, previewRows: 5 });
    expect(preview.result).toMatchObject({ ok: true, value: { fileName: 'focus_sample.csv', format: 'focus' } });
    const tab = 'tab-import-1';
    const events = openEvents(tab);
    try {
      await events.ready;
      const imported = await invoke('budget:import-file', { fileToken: token }, { 'X-GPU-Planner-Tab': tab });
      expect(imported.result).toMatchObject({ ok: true, value: { totals: { USD: '20.52022672899' } } });
      // Import progress came over the event stream.
      await events.next((m) => m.event === 'budget:import-progress');
    } finally {
      events.close();
    }
    // A token this server did not hand out is just a (non-existent) file name.
    expect((await invoke('budget:preview-file', { fileToken: 'file-00000000-0000-0000-0000-000000000000' })).result).toMatchObject({
      ok: false,
    });
  });

  it('an open dialog asks the tab that called for a file picker; the picked file is uploaded and the handler goes on', async () => {
    const tab = 'tab-dialog-1';
    const events = openEvents(tab);
    const other = openEvents('tab-other-1');
    await Promise.all([events.ready, other.ready]);
    try {
      const pending = invoke('budget:choose-import-file', { previewRows: 3 }, { 'X-GPU-Planner-Tab': tab });
      const ask = await events.next((m) => m.control === 'open-file');
      expect(ask.accept).toContain('.csv');
      expect(other.messages.some((m) => m.control === 'open-file')).toBe(false);
      const upload = await request('POST', `/api/upload?name=focus_sample.csv&dialog=${ask.id}`, {
        headers: fromPage({ 'Content-Type': 'application/octet-stream' }),
        body: fs.readFileSync(FOCUS_SAMPLE),
      });
      expect(upload.status).toBe(200);
      const chosen = await pending;
      expect(chosen.result).toMatchObject({ ok: true, value: { fileName: 'focus_sample.csv', format: 'focus' } });

      // Cancelled in the page: the handler sees a cancelled dialog.
      const again = invoke('budget:choose-import-file', {}, { 'X-GPU-Planner-Tab': tab });
      const second = await events.next((m) => m.control === 'open-file' && m.id !== ask.id);
      expect((await request('POST', `/api/dialog/${second.id}/cancel`, { headers: fromPage() })).status).toBe(200);
      expect((await again).result).toMatchObject({ ok: true, value: { file: null } });
    } finally {
      events.close();
      other.close();
    }
    // No tab to ask (no event stream): the dialog is cancelled rather than left hanging.
    expect((await invoke('budget:choose-import-file', {}, { 'X-GPU-Planner-Tab': 'tab-gone-000' })).result).toMatchObject({
      ok: true,
      value: { file: null },
    });
  });

  it('a save dialog becomes a download: the CSV the handler wrote is served as an attachment', async () => {
    const exported = await invoke('catalog:export-csv', { bom: false });
    expect(exported.result.ok).toBe(true);
    expect(exported.downloads).toHaveLength(1);
    const [d] = exported.downloads;
    expect(d!.fileName).toBe('gpu-planner-catalog.csv');
    expect(exported.result.value.file).toBe('gpu-planner-catalog.csv'); // the page never learns the session folder
    const file = await request('GET', d!.url, { headers: auth });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="gpu-planner-catalog.csv"/);
    expect(file.body.split('\n').length).toBe(exported.result.value.rows + 2);
    expect((await request('GET', d!.url)).status).toBe(401);
    expect((await request('GET', '/api/download/not-an-id', { headers: auth })).status).toBe(404);
  });

  it('delivers the contract’s events (a menu command) to every open page', async () => {
    const a = openEvents('tab-events-a');
    const b = openEvents('tab-events-b');
    try {
      await Promise.all([a.ready, b.ready]);
      server.context.deps.emit('app:menu-command', { command: 'navigate', screen: 'budget' });
      for (const client of [a, b])
        expect(await client.next((m) => m.event === 'app:menu-command')).toEqual({
          event: 'app:menu-command',
          payload: { command: 'navigate', screen: 'budget' },
        });
    } finally {
      a.close();
      b.close();
    }
  });

  it('an upload is readable by its owner only: the file 0600, its folders 0700', async () => {
    const answer = await request('POST', '/api/upload?name=private.csv', {
      headers: fromPage({ 'Content-Type': 'application/octet-stream' }),
      body: 'a,b\n1,2\n',
    });
    expect(answer.status).toBe(200);
    const [dir] = fs.readdirSync(server.session.uploads);
    const mode = (p: string) => fs.statSync(p).mode & 0o777;
    expect(mode(path.join(server.session.uploads, dir!, 'private.csv'))).toBe(0o600);
    for (const folder of [server.session.root, server.session.uploads, server.session.downloads, path.join(server.session.uploads, dir!)])
      expect(mode(folder), folder).toBe(0o700);
  });

  it('removes the session folder (uploads, downloads) when it stops', async () => {
    await request('POST', '/api/upload?name=a.csv', { headers: fromPage({ 'Content-Type': 'application/octet-stream' }), body: 'x' });
    const root = server.session.root;
    expect(fs.existsSync(root)).toBe(true);
    await server.close();
    expect(fs.existsSync(root)).toBe(false);
  });
});

/** A raw connection: what it received, and when the server closed it. */
function rawConnection() {
  const socket = net.connect(server.port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => void (received += chunk.toString('latin1')));
  socket.on('error', () => {}); // a reset once the server closes is expected
  const closed = new Promise<number>((resolve) => {
    const opened = Date.now();
    socket.once('close', () => resolve(Date.now() - opened));
  });
  return { socket, closed, received: () => received };
}

/** Writes `chunk` every `everyMs` until the socket closes; answers how many bytes went out. */
function keepSending(socket: net.Socket, chunk: Buffer, everyMs: number): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || !socket.writable) {
        clearInterval(timer);
        return resolve(sent);
      }
      socket.write(chunk, () => {});
      sent += chunk.length;
    }, everyMs);
    socket.once('close', () => {
      clearInterval(timer);
      resolve(sent);
    });
  });
}

describe('slow and refused bodies', () => {
  it('answers 401 to a huge body without the token and closes the connection at once, its body unread', async () => {
    await start();
    for (const target of ['/api/upload?name=huge.csv', '/api/invoke/app:get-info']) {
      const { socket, closed, received } = rawConnection();
      socket.write(
        `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${origin}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${100 * 1024 ** 3}\r\n\r\n`,
      );
      const sent = keepSending(socket, Buffer.alloc(64 * 1024, 120), 1);
      const elapsed = await closed;
      expect(received(), target).toMatch(/^HTTP\/1\.1 401 /);
      expect(received()).toMatch(/\r\nConnection: close\r\n/i);
      expect(elapsed, target).toBeLessThan(3_000);
      expect(await sent).toBeLessThan(1024 ** 3); // nowhere near the 100 GB announced
    }
  });

  it('closes the connection of a request refused for its Host or Origin too', async () => {
    await start();
    const { socket, closed, received } = rawConnection();
    socket.write(`POST /api/upload?name=x.csv HTTP/1.1\r\nHost: evil.example:${server.port}\r\nContent-Length: ${10 * 1024 ** 3}\r\n\r\n`);
    void keepSending(socket, Buffer.alloc(64 * 1024, 120), 1);
    expect(await closed).toBeLessThan(3_000);
    expect(received()).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('cuts an authenticated body that trickles in (a byte at a time, never idle long enough) after the request time limit', async () => {
    await start({ timeouts: { headersMs: 300, requestMs: 300, idleBodyMs: 5_000, checkIntervalMs: 50 } });
    for (const target of ['/api/upload?name=slow.csv', '/api/invoke/app:get-info']) {
      const { socket, closed } = rawConnection();
      socket.write(
        `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${origin}\r\nX-GPU-Planner-Token: ${server.token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n`,
      );
      void keepSending(socket, Buffer.from(' '), 20);
      const elapsed = await closed;
      expect(elapsed, target).toBeGreaterThanOrEqual(250);
      expect(elapsed, target).toBeLessThan(3_000);
    }
    // Nothing half-written stays behind.
    expect(fs.readdirSync(server.session.uploads)).toEqual([]);
  });

  it('cuts a body that stops arriving after the idle limit, and a request whose headers never end', async () => {
    await start({ timeouts: { idleBodyMs: 200, headersMs: 300, requestMs: 10_000, checkIntervalMs: 50 } });
    const stalled = rawConnection();
    stalled.socket.write(
      `POST /api/upload?name=stalled.csv HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${origin}\r\n` +
        `X-GPU-Planner-Token: ${server.token}\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\nabc`,
    );
    const idle = await stalled.closed;
    expect(idle).toBeGreaterThanOrEqual(150);
    expect(idle).toBeLessThan(3_000);

    const headers = rawConnection();
    headers.socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
    void keepSending(headers.socket, Buffer.from('X-Slow: 1\r\n'), 20);
    const cut = await headers.closed;
    expect(cut).toBeLessThan(3_000);
    expect(headers.received()).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('keeps a fast request, and a long-running call after its body arrived, alive under the same limits', async () => {
    await start({ timeouts: { idleBodyMs: 200, headersMs: 300, requestMs: 300, checkIntervalMs: 50 } });
    const info = await invoke('app:get-info', {});
    expect(info.result).toMatchObject({ ok: true });
    const events = openEvents('tab-long-lived');
    try {
      await events.ready;
      await new Promise((resolve) => setTimeout(resolve, 600));
      server.context.deps.emit('app:menu-command', { command: 'navigate', screen: 'budget' });
      expect(await events.next((m) => m.event === 'app:menu-command')).toMatchObject({ event: 'app:menu-command' });
    } finally {
      events.close();
    }
  });
});

/**
 * The browser-mode server against a real app context (migrated, seeded SQLite in a temp folder), over real HTTP:
 * every defence refuses what it should (each test fails without its check), the handler table answers as over IPC,
 * dialogs become uploads and downloads, events arrive on the event stream.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CONTENT_SECURITY_POLICY, contentSecurityPolicyOf } from '../main/security';
import { createAppContext } from '../services/app-context';
import { referenceFile, repoRoot, tempDir } from '../test-support/paths';
import { startHttpServer, type RunningServer } from './http-server';
import { tokenCookieName } from './request-guards';

const FOCUS_SAMPLE = referenceFile('billing-samples', 'focus-sample-data', 'focus_sample.csv');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: RunningServer;
let folder: { dir: string; remove: () => void };
let cookie: string;
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

/** What the page sends: the cookie, its Origin, JSON. */
function fromPage(extra: Record<string, string> = {}): Record<string, string> {
  return { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json', ...extra };
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
  const req = http.get({ host: '127.0.0.1', port: server.port, path: `/api/events?tab=${tab}`, headers: { Cookie: cookie } }, (res) => {
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

async function start(options: { maxUploadBytes?: number; maxRequestBytes?: number } = {}) {
  const renderer = path.join(folder.dir, 'renderer');
  fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><html><head><title>GPU Planner</title></head><body></body></html>');
  fs.writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log("app")');
  fs.writeFileSync(path.join(folder.dir, 'secret.txt'), 'not for the page');
  const bootstrapFile = path.join(folder.dir, 'bootstrap.js');
  fs.writeFileSync(bootstrapFile, 'window.bootstrapped = true;');
  const dataDir = path.join(folder.dir, 'data');
  fs.mkdirSync(dataDir);
  server = await startHttpServer({
    dataDir,
    rendererDir: renderer,
    bootstrapFile,
    ...options,
    createContext: (io) => createAppContext({ dataDir, runtime: 'browser-http', ...io }),
  });
  origin = `http://127.0.0.1:${server.port}`;
  cookie = `${tokenCookieName(server.port)}=${server.token}`;
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

  it('listens on 127.0.0.1 only', () => {
    expect(server.address).toBe('127.0.0.1');
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
  });

  it('refuses every request without the token: page, assets, calls, events, uploads', async () => {
    for (const [method, p] of [
      ['GET', '/'],
      ['GET', '/index.html'],
      ['GET', '/assets/app.js'],
      ['GET', '/__gpu-planner/bootstrap.js'],
      ['GET', '/api/events?tab=abcdefgh-1'],
      ['POST', '/api/upload?name=x.csv'],
      ['POST', '/api/invoke/app:get-info'],
    ] as const) {
      const answer = await request(method, p, {
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(answer.status, `${method} ${p}`).toBe(401);
    }
    const wrongCookie = await request('POST', '/api/invoke/app:get-info', {
      headers: { ...fromPage(), Cookie: `${tokenCookieName(server.port)}=${'x'.repeat(43)}` },
      body: '{}',
    });
    expect(wrongCookie.status).toBe(401);
    expect((await request('GET', '/?token=wrong')).status).toBe(401);
  });

  it('trades the URL token for an HttpOnly SameSite=Strict cookie, then serves the page with the bootstrap injected', async () => {
    const first = await request('GET', `/?token=${server.token}`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const setCookie = first.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toContain(`${tokenCookieName(server.port)}=${server.token}`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const page = await request('GET', '/', { headers: { Cookie: setCookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<script src="\/__gpu-planner\/bootstrap.js"><\/script>\s*<\/head>/);
    expect((await request('GET', '/assets/app.js', { headers: { Cookie: cookie } })).body).toBe('console.log("app")');
  });

  it('refuses a foreign Host even with the token (DNS rebinding)', async () => {
    for (const host of [`evil.example:${server.port}`, `127.0.0.1:${server.port + 1}`, 'localhost', `127.0.0.1.nip.io:${server.port}`]) {
      const answer = await request('GET', '/', { headers: { Cookie: cookie, Host: host } });
      expect(answer.status, host).toBe(403);
      expect(answer.body).toContain('Host');
    }
    expect((await request('GET', `/?token=${server.token}`, { headers: { Host: `rebound.example:${server.port}` } })).status).toBe(403);
    expect((await request('GET', '/', { headers: { Cookie: cookie, Host: `localhost:${server.port}` } })).status).toBe(200);
  });

  it('refuses requests from another origin or site, and a POST without Origin', async () => {
    for (const other of ['http://evil.example', `http://127.0.0.1:${server.port + 1}`, 'null']) {
      const answer = await request('POST', '/api/invoke/app:get-info', { headers: fromPage({ Origin: other }), body: '{}' });
      expect(answer.status, other).toBe(403);
    }
    expect((await request('GET', '/', { headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    const noOrigin = await request('POST', '/api/invoke/app:get-info', {
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
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
      await request('GET', '/', { headers: { Cookie: cookie } }),
      await request('GET', '/'),
      await request('POST', '/api/invoke/app:get-info', { headers: fromPage(), body: '{}' }),
    ]) {
      expect(answer.headers['content-security-policy']).toBe(FALLBACK_CONTENT_SECURITY_POLICY);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves nothing outside the built renderer', async () => {
    for (const p of ['/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/%2e%2e%2fdata%2fgpu-planner.sqlite']) {
      const answer = await request('GET', p, { headers: { Cookie: cookie } });
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
    const file = await request('GET', d!.url, { headers: { Cookie: cookie } });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="gpu-planner-catalog.csv"/);
    expect(file.body.split('\n').length).toBe(exported.result.value.rows + 2);
    expect((await request('GET', d!.url)).status).toBe(401);
    expect((await request('GET', '/api/download/not-an-id', { headers: { Cookie: cookie } })).status).toBe(404);
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

  it('removes the session folder (uploads, downloads) when it stops', async () => {
    await request('POST', '/api/upload?name=a.csv', { headers: fromPage({ 'Content-Type': 'application/octet-stream' }), body: 'x' });
    const root = server.session.root;
    expect(fs.existsSync(root)).toBe(true);
    await server.close();
    expect(fs.existsSync(root)).toBe(false);
  });
});

/**
 * Browser mode end to end, as a user without Electron's binary gets it: the real server process
 * (`node bin/gpu-planner.cjs serve`, what `npm start` runs there) on a fresh data folder, Chromium at the URL it
 * prints. The example plan shows, a billing export is imported by upload through the page's file picker, the review
 * PDF arrives as a download. And the server refuses requests without the token, from another origin, with a foreign
 * Host. Runs in the `browser-http` project (playwright.config.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../electron/services/report/renderer-route';

const repoRoot = path.resolve(__dirname, '..');
const FOCUS_SAMPLE = path.resolve(repoRoot, '..', 'shared', 'billing-samples', 'focus-sample-data', 'focus_sample.csv');

test.describe.configure({ mode: 'serial' });

let server: ChildProcess;
let url: string;
let dataDir: string;
let browser: Browser;
let stderr = '';

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-serve-e2e-'));
  server = spawn(process.execPath, [path.join(repoRoot, 'bin', 'gpu-planner.cjs'), 'serve', '--data-dir', dataDir], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve printed no URL in 30 s: ${out}${stderr}`)), 30_000);
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /running at (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    server.once('exit', (code) => reject(new Error(`serve exited (${code}): ${stderr}`)));
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
});

test.afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    await exited;
  }
  // The server cleaned its session folder (uploads, downloads) on the way out.
  const sessions = path.join(dataDir, 'browser-sessions');
  expect(fs.existsSync(sessions) ? fs.readdirSync(sessions) : []).toEqual([]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function shot(page: Page, name: string) {
  const file = path.join(repoRoot, 'test-results', 'screens', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
}

test('at the printed URL: the example plan, a billing file imported by upload, the review PDF downloaded', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url);
  await expect(page.locator('.app-shell[data-ready="true"]')).toBeVisible();
  // The token left the address bar for the tab's sessionStorage; no cookie carries it (cookies go to every port).
  expect(page.url()).toBe(new URL('/', url).href);
  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect((await context.cookies()).map((c) => c.value).join()).not.toContain(new URL(url).hash.slice('#token='.length));

  // The example plan.
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('button', { name: /^Plan/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Plan · VitalDB/ })).toBeVisible();
  const timeline = page.getByRole('grid', { name: 'Plan timeline' });
  await expect(timeline.getByText('Aswanth Kumar')).toBeVisible();
  await expect(timeline.getByText('Jayanth Tatineni')).toBeVisible();
  await shot(page, 'browser-mode-plan');

  // A billing export, picked in the browser's file chooser and uploaded.
  await nav.getByRole('button', { name: /^Budget/ }).click();
  await page.getByRole('button', { name: 'Import billing export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import billing export' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose file…' }).click();
  await (await chooser).setFiles(FOCUS_SAMPLE);
  await expect(dialog.getByTestId('import-file-name')).toHaveText('focus_sample.csv');
  await expect(dialog.getByTestId('import-dialect')).toHaveText('focus');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('import-summary')).toContainText('Imported 1,000 line item(s) of 1,000 row(s) read');
  await expect(dialog.getByTestId('import-total-exact-USD')).toHaveText('USD 20.52022672899');
  await shot(page, 'browser-mode-import');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The review PDF, as a download.
  await nav.getByRole('button', { name: /^Review/ }).click();
  await expect(page.getByTestId('review-preview')).toContainText('Executive summary');
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Export PDF…' }).click();
  const download = await downloading;
  // Named after the project, not its id (issue 28 item 4).
  expect(download.suggestedFilename()).toMatch(/^VitalDB Training Infrastructure \(M1–M3\) review \d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = fs.readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText(/^Saved .*\.pdf \(\d+ pages/)).toBeVisible();
  await shot(page, 'browser-mode-pdf');
  expect(errors).toEqual([]);
  await context.close();
});

test('a billing file dropped on the window is uploaded, then previewed as in the desktop app', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.locator('.app-shell[data-ready="true"]')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Budget/ })
    .click();
  const screen = page.locator('.budget-screen');
  // A real File with the sample's bytes (a browser gives the page the bytes, not a path: they are uploaded).
  const dataTransfer = await page.evaluateHandle(
    (text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'focus_sample.csv', { type: 'text/csv' }));
      return dt;
    },
    fs.readFileSync(FOCUS_SAMPLE, 'utf8'),
  );
  await screen.dispatchEvent('dragenter', { dataTransfer });
  await screen.dispatchEvent('dragover', { dataTransfer });
  await screen.dispatchEvent('drop', { dataTransfer });
  const dialog = page.getByRole('dialog', { name: 'Import billing export' });
  await expect(dialog.getByTestId('import-file-name')).toHaveText('focus_sample.csv');
  await expect(dialog.getByTestId('import-dialect')).toHaveText('focus');
  await expect(dialog.getByLabel('First rows of the file')).toContainText('BilledCost');
  await shot(page, 'browser-mode-drop');
  await context.close();
});

function raw(method: string, target: string, headers: Record<string, string>, body?: string): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

test('another server on 127.0.0.1 the user visits after the app receives no token (no cookie carries it)', async () => {
  const token = new URL(url).hash.slice('#token='.length);
  const seen: string[] = [];
  const other = http.createServer((req, res) => {
    seen.push(`${req.url} ${JSON.stringify(req.headers)}`);
    res.setHeader('Content-Type', 'text/html');
    res.end('<!doctype html><title>another local server</title>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await expect(page.locator('.app-shell[data-ready="true"]')).toBeVisible();
    await page.goto(`http://127.0.0.1:${(other.address() as { port: number }).port}/`);
    await expect(page).toHaveTitle('another local server');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.join('\n')).not.toContain(token);
  } finally {
    await context.close();
    other.close();
  }
});

test('the server refuses a request without the token, from another origin, or with a foreign Host', async () => {
  const { port, hash } = new URL(url);
  const token = hash.slice('#token='.length);
  const header = { 'X-GPU-Planner-Token': token };
  const page = { Origin: `http://127.0.0.1:${port}`, 'Content-Type': 'application/json' };
  // The page's own request passes…
  expect(await raw('POST', '/api/invoke/app:get-info', { ...page, ...header }, '{}')).toBe(200);
  // …without the token it does not, nor with the token in a cookie (what another local port would have received),
  expect(await raw('POST', '/api/invoke/app:get-info', page, '{}')).toBe(401);
  expect(await raw('POST', '/api/invoke/app:get-info', { ...page, Cookie: `gpu_planner_${port}=${token}` }, '{}')).toBe(401);
  expect(await raw('GET', '/?launch=guessed', {})).toBe(401);
  // nor from another origin,
  expect(await raw('POST', '/api/invoke/app:get-info', { ...page, ...header, Origin: 'http://evil.example' }, '{}')).toBe(403);
  // nor under a foreign Host (DNS rebinding), even with the token.
  expect(await raw('POST', '/api/invoke/app:get-info', { ...page, ...header, Host: `evil.example:${port}` }, '{}')).toBe(403);
  expect(await raw('GET', '/', { Host: `evil.example:${port}` })).toBe(403);

  // In the browser: a page of another site cannot call the server (it has no token, and its Origin is refused).
  const context = await browser.newContext();
  const evil = await context.newPage();
  await evil.route('http://evil.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>evil</title>' }),
  );
  await evil.goto('http://evil.example/');
  const outcome = await evil.evaluate(async (target) => {
    try {
      const r = await fetch(target, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      return `status ${r.status}`;
    } catch (error) {
      return `blocked: ${String(error)}`;
    }
  }, `http://127.0.0.1:${port}/api/invoke/app:get-info`);
  expect(outcome).toMatch(/^blocked/);
  await context.close();
});

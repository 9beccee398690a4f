/**
 * The review PDF through headless Chromium (playwright-core, the system's Chromium): the built renderer served by
 * request interception, `window.api` bridged to an invoke function in this process, the print view opened by URL
 * hash, and Chromium's print engine once the view says `data-print-ready`. Used by the CLI, the tests and the app
 * when it is not running inside Electron (in Electron, electron/main/print-to-pdf.ts does the same with printToPDF).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PageSize } from '../../../shared/ipc/contract/report';
import { APP_ORIGIN, CHROMIUM_ARGS, findRendererDir, rendererRouteHandler } from './renderer-route';

export interface RenderPdfOptions {
  hash: string;
  pageSize: PageSize;
  /** Running header and footer; a promise so that Chromium starts while the model is assembled. */
  templates: Promise<{ headerTemplate: string; footerTemplate: string }>;
  invoke: (channel: string, request: unknown) => Promise<unknown>;
  onProgress?: (stage: 'render' | 'pdf', message: string) => void;
  timeoutMs?: number;
}

/** Prints the review's print view to PDF bytes; owned by the app context, which closes it on quit. */
export interface PdfRenderer {
  render(options: RenderPdfOptions): Promise<Uint8Array>;
  /** Frees what the renderer holds (Chromium); waits for running exports first. */
  close(): Promise<void>;
}

/** A minimal `window.api` over the exposed function: api.<domain>.<verb>(request) → channel 'domain:verb-kebab'. */
const BRIDGE_SCRIPT = `(() => {
  const kebab = (s) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
  window.api = new Proxy({}, { get: (_t, domain) => domain === 'events'
    ? { on: () => () => {} }
    : new Proxy({}, { get: (_u, verb) => (request) => window.__gpuPlannerInvoke(domain + ':' + kebab(String(verb)), request ?? {}) }) });
})();`;

/**
 * One Chromium per renderer, launched on the first export and kept for the next ones (a launch is most of an
 * export's time); `close()` ends it once no export is running.
 */
export function createChromiumPdfRenderer(executablePath: string = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): PdfRenderer {
  let browserPromise: Promise<Browser> | null = null;
  let running = 0;
  let idle: Promise<void> = Promise.resolve();
  let markIdle: () => void = () => {};

  async function browser(): Promise<Browser> {
    if (!browserPromise) {
      const launching = import('playwright-core').then(({ chromium }) => chromium.launch({ executablePath, args: CHROMIUM_ARGS }));
      browserPromise = launching;
      launching.catch(() => {
        if (browserPromise === launching) browserPromise = null;
      });
    }
    const b = await browserPromise;
    if (!b.isConnected()) {
      browserPromise = null;
      return browser();
    }
    return b;
  }

  async function render(options: RenderPdfOptions): Promise<Uint8Array> {
    const rendererDir = findRendererDir();
    if (!rendererDir) throw new Error('The built renderer (dist/renderer) was not found: run npm run build.');
    if (running++ === 0) idle = new Promise((resolve) => (markIdle = resolve));
    let context: BrowserContext | null = null;
    try {
      context = await (await browser()).newContext({ viewport: { width: 1100, height: 1400 } });
      return await printView(await context.newPage(), rendererDir, options);
    } finally {
      await context?.close().catch(() => {});
      if (--running === 0) markIdle();
    }
  }

  async function close(): Promise<void> {
    await idle;
    const pending = browserPromise;
    browserPromise = null;
    await pending?.then((b) => b.close()).catch(() => {});
  }

  return { render, close };
}

async function printView(page: Page, rendererDir: string, options: RenderPdfOptions): Promise<Uint8Array> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route(`${APP_ORIGIN}/**`, rendererRouteHandler(rendererDir));
  await page.route(
    (url) => !url.href.startsWith(APP_ORIGIN),
    (route) => route.abort(),
  );
  await page.exposeFunction('__gpuPlannerInvoke', (channel: string, request: unknown) => options.invoke(channel, request));
  await page.addInitScript({ content: BRIDGE_SCRIPT });
  options.onProgress?.('render', 'Rendering the print view');
  await page.goto(`${APP_ORIGIN}/index.html${options.hash}`);
  await page
    .locator('body[data-print-ready="true"], body[data-print-ready="error"]')
    .waitFor({ state: 'attached', timeout: options.timeoutMs ?? 30_000 })
    .catch((error: unknown) => {
      throw new Error(`The print view did not get ready: ${errors.join('; ') || String(error)}`);
    });
  const state = {
    ready: await page.locator('body').getAttribute('data-print-ready'),
    error: (await page.locator('body').getAttribute('data-print-error')) ?? '',
  };
  if (state.ready !== 'true') throw new Error(`The print view failed: ${state.error || errors.join('; ')}`);
  options.onProgress?.('pdf', 'Printing to PDF');
  const { headerTemplate, footerTemplate } = await options.templates;
  const pdf = await page.pdf({
    format: options.pageSize,
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate,
    footerTemplate,
    margin: { top: '16mm', bottom: '16mm', left: '12mm', right: '12mm' },
    // Tagged (headings, tables, reading order for screen readers) with the headings as the PDF outline.
    tagged: true,
    outline: true,
  });
  return new Uint8Array(pdf);
}

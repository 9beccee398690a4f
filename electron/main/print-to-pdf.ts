/**
 * The review PDF inside the app: a hidden BrowserWindow on the same print-view URL (with the same preload, so the
 * view asks main for the report model over the real IPC), then Chromium's print engine through
 * `webContents.printToPDF`. The CLI and the tests use electron/services/report/render-pdf.ts instead.
 */
import { BrowserWindow } from 'electron';
import type { PdfRenderer } from '../services/report/render-pdf';

const WAIT_FOR_PRINT_READY = `new Promise((resolve) => {
  const state = () => document.body.dataset.printReady;
  if (state()) return resolve(state());
  const observer = new MutationObserver(() => { if (state()) { observer.disconnect(); resolve(state()); } });
  observer.observe(document.body, { attributes: true, attributeFilter: ['data-print-ready'] });
})`;

export interface ElectronPdfOptions {
  /** How long the print view may take to render before the export fails (ms). */
  timeoutMs: number;
  /** Called with the hidden window's web contents once created, and again (closed: true) once destroyed. */
  track?: (contents: Electron.WebContents, closed: boolean) => void;
}

/** Rejects with a clear error when `promise` has not settled after `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not finish within ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`}.`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createElectronPdfRenderer(rendererIndex: string, preload: string, pdfOptions: ElectronPdfOptions): PdfRenderer {
  // Each export opens and destroys its own hidden window: nothing is held between exports.
  const render: PdfRenderer['render'] = async (options) => {
    const timeoutMs = options.timeoutMs ?? pdfOptions.timeoutMs;
    const window = new BrowserWindow({
      show: false,
      width: 1100,
      height: 1400,
      webPreferences: { preload, contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, spellcheck: false },
    });
    const contents = window.webContents;
    pdfOptions.track?.(contents, false);
    try {
      options.onProgress?.('render', 'Rendering the print view');
      // The navigation and window-open guards are installed for every web contents (app 'web-contents-created').
      const render = async () => {
        await window.loadFile(rendererIndex, { hash: options.hash.replace(/^#/, '') });
        return (await window.webContents.executeJavaScript(WAIT_FOR_PRINT_READY, true)) as string;
      };
      const state = await withTimeout(render(), timeoutMs, 'The print view');
      if (state !== 'true') {
        const message = (await window.webContents.executeJavaScript('document.body.dataset.printError ?? ""', true)) as string;
        throw new Error(`The print view failed: ${message}`);
      }
      options.onProgress?.('pdf', 'Printing to PDF');
      const { headerTemplate, footerTemplate } = await options.templates;
      const pdf = await withTimeout(
        window.webContents.printToPDF({
          pageSize: options.pageSize,
          printBackground: true,
          displayHeaderFooter: true,
          headerTemplate,
          footerTemplate,
          margins: { top: 0.63, bottom: 0.63, left: 0.47, right: 0.47 },
          generateTaggedPDF: true,
          generateDocumentOutline: true,
        }),
        timeoutMs,
        'Printing to PDF',
      );
      return new Uint8Array(pdf);
    } finally {
      if (!window.isDestroyed()) window.destroy();
      pdfOptions.track?.(contents, true);
    }
  };
  return { render, close: async () => {} };
}

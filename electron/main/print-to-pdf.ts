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

export function createElectronPdfRenderer(rendererIndex: string, preload: string): PdfRenderer {
  return async (options) => {
    const window = new BrowserWindow({
      show: false,
      width: 1100,
      height: 1400,
      webPreferences: { preload, contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, spellcheck: false },
    });
    try {
      options.onProgress?.('render', 'Rendering the print view');
      await window.loadFile(rendererIndex, { hash: options.hash.replace(/^#/, '') });
      const state = (await window.webContents.executeJavaScript(WAIT_FOR_PRINT_READY, true)) as string;
      if (state !== 'true') {
        const message = (await window.webContents.executeJavaScript('document.body.dataset.printError ?? ""', true)) as string;
        throw new Error(`The print view failed: ${message}`);
      }
      options.onProgress?.('pdf', 'Printing to PDF');
      const { headerTemplate, footerTemplate } = await options.templates;
      const pdf = await window.webContents.printToPDF({
        pageSize: options.pageSize,
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate,
        footerTemplate,
        margins: { top: 0.63, bottom: 0.63, left: 0.47, right: 0.47 },
        generateTaggedPDF: true,
        generateDocumentOutline: true,
      });
      return new Uint8Array(pdf);
    } finally {
      window.destroy();
    }
  };
}

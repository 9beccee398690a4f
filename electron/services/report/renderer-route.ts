/**
 * Serving the built renderer (dist/renderer) to Chromium by request interception: no server, no network. The e2e
 * harness and the PDF export both use it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Route } from 'playwright-core';

export const APP_ORIGIN = 'http://gpu-planner.app';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const contentTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

/** The route handler for `${APP_ORIGIN}/**`: files of rendererDir, 404 for anything else. */
export function rendererRouteHandler(rendererDir: string): (route: Route) => Promise<void> {
  return async (route) => {
    const url = new URL(route.request().url());
    const file = path.join(rendererDir, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
    if (!file.startsWith(rendererDir) || !fs.existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({
      status: 200,
      body: fs.readFileSync(file),
      headers: { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' },
    });
  };
}

/** dist/renderer of the repo (or the packaged app), found from the running bundle or source file upwards. */
export function findRendererDir(start: string = __dirname): string | null {
  if (process.env.GPU_PLANNER_RENDERER_DIR) return path.resolve(process.env.GPU_PLANNER_RENDERER_DIR);
  let dir = start;
  for (let i = 0; i < 6; i++) {
    // Built output only (index.html beside assets/): the repo's renderer/ source folder has an index.html too.
    for (const candidate of [path.join(dir, 'dist', 'renderer'), path.join(dir, 'renderer')]) {
      if (fs.existsSync(path.join(candidate, 'index.html')) && fs.existsSync(path.join(candidate, 'assets'))) return candidate;
    }
    dir = path.dirname(dir);
  }
  return null;
}

/** The built renderer as the browser-mode server serves it: index.html with the HTTP bootstrap, and its assets. */
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { contentTypeOf, HttpError, send } from './http-responses';

export const BOOTSTRAP_PATH = '/__gpu-planner/bootstrap.js';

/** index.html with the bootstrap in <head>: a classic script there runs before the renderer's (deferred) module. */
export function injectBootstrap(html: string): string {
  const tag = `<script src="${BOOTSTRAP_PATH}"></script>`;
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, `  ${tag}\n  </head>`) : `${tag}\n${html}`;
}

/** Serves a file of `rendererDir` (never outside it), the index with its bootstrap, or the bootstrap itself. */
export function sendStaticFile(res: ServerResponse, pathname: string, files: { rendererDir: string; bootstrapFile: string }): void {
  if (pathname === '/' || pathname === '/index.html') {
    const indexFile = path.join(files.rendererDir, 'index.html');
    return send(res, 200, injectBootstrap(fs.readFileSync(indexFile, 'utf8')), contentTypeOf(indexFile));
  }
  if (pathname === BOOTSTRAP_PATH) return send(res, 200, fs.readFileSync(files.bootstrapFile), contentTypeOf(BOOTSTRAP_PATH));
  let relative: string;
  try {
    relative = decodeURIComponent(pathname);
  } catch {
    throw new HttpError(400, 'Bad path.');
  }
  const file = path.resolve(files.rendererDir, `.${relative}`);
  if (!file.startsWith(path.resolve(files.rendererDir) + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile())
    throw new HttpError(404, 'Not found.');
  send(res, 200, fs.readFileSync(file), contentTypeOf(file));
}

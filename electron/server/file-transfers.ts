/**
 * Files between the page and the browser-mode server: uploads streamed (size-limited) into the session folder and
 * granted behind an opaque token, and the files handlers saved offered back as downloads by id.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../services/app-context';
import type { FileGrants } from '../services/file-grants';
import type { BrowserDialogs, SessionFolder } from './browser-files';
import { contentTypeOf, HttpError, sendJson } from './http-responses';

type DispatchResult = Awaited<ReturnType<AppContext['handlers']['dispatch']>>;

export function createFileTransfers(options: { session: SessionFolder; grants: FileGrants; dialogs: BrowserDialogs; maxUpload: number }) {
  const { session, grants, dialogs, maxUpload } = options;
  const downloads = new Map<string, string>();
  /** Tokens of uploads this server granted → their path (the adapter for channels that still take a path). */
  const uploads = new Map<string, string>();

  /** POST /api/upload?name=…[&dialog=…]: the file, streamed into the session folder; answers its grant. */
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
      await pipeline(req, limit, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
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

  /** GET /api/download/<id>: a file a handler saved, as an attachment. */
  function download(res: ServerResponse, id: string): void {
    const file = downloads.get(id);
    if (!file || !fs.existsSync(file)) throw new HttpError(404, 'No such download.');
    const name = path.basename(file);
    res.statusCode = 200;
    res.setHeader('Content-Type', contentTypeOf(name));
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    res.setHeader('Content-Length', fs.statSync(file).size);
    fs.createReadStream(file).pipe(res);
  }

  /** Channels that still take a path (`{file}`) get the uploaded file behind a token this server handed out. */
  function adaptFileField(request: unknown): unknown {
    if (request === null || typeof request !== 'object' || Array.isArray(request)) return request;
    const file = (request as { file?: unknown }).file;
    if (typeof file !== 'string' || !uploads.has(file)) return request;
    return { ...request, file: uploads.get(file) };
  }

  /**
   * The files a handler saved, offered as downloads; its answer's "Saved <file>" names the file by its name, not by
   * where it waited in the session folder.
   */
  function offerSaved(result: DispatchResult, saved: Array<{ id: string; file: string }>) {
    const existing = saved.filter((s) => fs.existsSync(s.file));
    for (const s of existing) downloads.set(s.id, s.file);
    return {
      result: hideSavedPaths(result, existing),
      downloads: existing.map((s) => ({ url: `/api/download/${s.id}`, fileName: path.basename(s.file) })),
    };
  }

  return { upload, download, adaptFileField, offerSaved };
}

function hideSavedPaths(result: DispatchResult, saved: Array<{ file: string }>): DispatchResult {
  if (!result.ok || result.value === null || typeof result.value !== 'object') return result;
  const file = (result.value as { file?: unknown }).file;
  const match = saved.find((s) => s.file === file);
  return match ? { ...result, value: { ...result.value, file: path.basename(match.file) } } : result;
}

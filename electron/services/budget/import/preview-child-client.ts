/**
 * The file preview (import and mapping dialogs) in a child process when the built one (dist/electron/preview.child.cjs)
 * is there — the app and the browser-mode server (issue 26 item 1): a damaged file that makes the reader die, even of
 * a fatal V8 error that no worker thread contains ("Fatal JavaScript invalid size error", an abort), is the user's
 * error naming the file, never the app's death. In-process otherwise (unit tests); GPU_PLANNER_PREVIEW_CHILD=0 forbids it.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { UserError, type SerializedError } from '../../../../shared/domain/errors';
import type { FilePreview } from '../../../../shared/ipc/contract/budget-import';
import { previewFile } from './file-preview';
import { assertReadableFile } from './readable-file';

export interface PreviewChildRequest {
  file: string;
  previewRows: number;
}
export type PreviewChildAnswer = { ok: true; preview: FilePreview } | { ok: false; error: SerializedError };

/** The child's heap limit: a preview holds at most a few hundred rows; more is a damaged file. */
const PREVIEW_HEAP_MB = 512;
/** A preview that has not answered by then is stopped (a file that makes the reader spin). */
const PREVIEW_TIMEOUT_MS = 120_000;

export function builtPreviewChild(): string | null {
  if (process.env.GPU_PLANNER_PREVIEW_CHILD === '0') return null;
  for (const candidate of [path.join(__dirname, 'preview.child.cjs'), path.join(__dirname, '..', 'electron', 'preview.child.cjs')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

export async function previewFileAnywhere(file: string, previewRows = 20): Promise<FilePreview> {
  const script = builtPreviewChild();
  return script ? previewFileInChild(script, file, previewRows) : previewFile(file, previewRows);
}

/** The preview read by the child `script`; its death or silence is a UserError naming the file. */
export async function previewFileInChild(
  script: string,
  file: string,
  previewRows = 20,
  timeoutMs = PREVIEW_TIMEOUT_MS,
): Promise<FilePreview> {
  const resolved = path.resolve(file);
  // Devices, FIFOs, folders and oversized files are refused here, before any process starts.
  assertReadableFile(resolved, path.basename(resolved));
  const shown = path.basename(resolved);
  const died = (what: string) =>
    new UserError('UNREADABLE_FILE', `${shown}: reading it stopped the preview's reader (${what}): the file is probably damaged.`, {
      file: resolved,
      expected: 'a billing export as the provider wrote it',
    });
  const child = fork(script, [], {
    // Under Electron, fork runs the Electron binary: as plain Node.
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    execArgv: [`--max-old-space-size=${PREVIEW_HEAP_MB}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString();
  });
  try {
    return await new Promise<FilePreview>((resolve, reject) => {
      const timer = setTimeout(() => reject(died(`no answer in ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
      child.once('message', (answer: PreviewChildAnswer) => {
        clearTimeout(timer);
        if (answer.ok) resolve(answer.preview);
        else
          reject(
            answer.error.code === 'INTERNAL'
              ? new Error(answer.error.message)
              : new UserError(answer.error.code, answer.error.message, answer.error.details),
          );
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(died(error.message.slice(0, 200)));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        const fatal = /Fatal[^\n]*|out of memory[^\n]*/i.exec(stderr)?.[0];
        reject(died(fatal ? fatal.slice(0, 200) : signal ? `it ended with ${signal}` : `it exited with code ${code} before answering`));
      });
      child.send({ file: resolved, previewRows } satisfies PreviewChildRequest);
    });
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

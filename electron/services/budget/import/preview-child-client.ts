/**
 * The file preview (import and mapping dialogs) in a child process when the built one (dist/electron/preview.child.cjs)
 * is there — the app and the browser-mode server (issue 26 item 1): a damaged file that makes the reader die, even of
 * a fatal V8 error that no worker thread contains ("Fatal JavaScript invalid size error", an abort), is the user's
 * error naming the file, never the app's death. In-process otherwise (unit tests); GPU_PLANNER_PREVIEW_CHILD=0 forbids it.
 */
import path from 'node:path';
import { UserError, type SerializedError } from '../../../../shared/domain/errors';
import type { FilePreview } from '../../../../shared/ipc/contract/budget-import';
import { previewFile } from './file-preview';
import { assertReadableFile } from './readable-file';
import { builtChildScript, errorFromChild, runReaderChild } from './reader-child';

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
  return builtChildScript('preview.child.cjs', 'GPU_PLANNER_PREVIEW_CHILD');
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
  return runReaderChild<FilePreview>(script, {
    request: { file: resolved, previewRows } satisfies PreviewChildRequest,
    heapMb: PREVIEW_HEAP_MB,
    silenceMs: timeoutMs,
    stopped: (what) =>
      new UserError('UNREADABLE_FILE', `${shown}: reading it stopped the preview's reader (${what}): the file is probably damaged.`, {
        file: resolved,
        expected: 'a billing export as the provider wrote it',
      }),
    onMessage: (message) => {
      const answer = message as PreviewChildAnswer;
      if (answer.ok) return { done: answer.preview };
      throw errorFromChild(answer.error);
    },
  });
}

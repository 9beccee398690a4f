/**
 * Preview child process (wiring only): reads the header and first rows of one billing file and answers once. A
 * separate process, not a worker thread: a fatal V8 error (an allocation past V8's limits, an abort) in a worker
 * thread still ends the whole process, so only another process keeps the app (or the browser-mode server) alive.
 */
import { serializeError } from '../../../../shared/domain/errors';
import { previewFile } from './file-preview';
import type { PreviewChildAnswer, PreviewChildRequest } from './preview-child-client';

process.once('message', (request: PreviewChildRequest) => {
  previewFile(request.file, request.previewRows).then(
    (preview) => process.send!({ ok: true, preview } satisfies PreviewChildAnswer, () => process.disconnect()),
    (error: unknown) => process.send!({ ok: false, error: serializeError(error) } satisfies PreviewChildAnswer, () => process.disconnect()),
  );
});

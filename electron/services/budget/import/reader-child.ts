/**
 * Running a billing-file reader in a child PROCESS (issue 26 item 1), shared by the file preview and the import: a
 * fatal V8 error in a reader ("Fatal JavaScript invalid size error", an abort, running out of heap) ends a worker
 * thread's whole process, so only another process keeps the app, the CLI or the browser-mode server alive. The child
 * is forked from a built script (dist/electron/*.child.cjs) as plain Node with a bounded heap; its death, its silence
 * or a cancel end it, and the caller gets the error it makes of them.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { UserError, type SerializedError } from '../../../../shared/domain/errors';

/**
 * The built child `name` (e.g. `import.child.cjs`) beside the running bundle (dist/electron, or dist/cli and
 * dist/bench through ../electron); null in unit tests run from source, or when the environment variable `envVar` is
 * `0` (in-process). A path to a `.cjs` file in `envVar` is used instead (tests substitute a reader that dies).
 */
export function builtChildScript(name: string, envVar: string): string | null {
  const choice = process.env[envVar];
  if (choice === '0') return null;
  if (choice?.endsWith('.cjs') && fs.existsSync(choice)) return path.resolve(choice);
  for (const candidate of [path.join(__dirname, name), path.join(__dirname, '..', 'electron', name)]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** The error a child sent as data, as it was thrown there. */
export function errorFromChild(error: SerializedError): Error {
  return error.code === 'INTERNAL' ? new Error(error.message) : new UserError(error.code, error.message, error.details);
}

export interface ReaderChildRun<T> {
  /** The one request the child is sent when it starts. */
  request: unknown;
  /** The child's V8 heap limit (--max-old-space-size). */
  heapMb: number;
  /** A child that sends nothing for this long is stopped (a file that makes the reader spin). */
  silenceMs: number;
  /** The caller's error for a child that stopped: `why` says how (its fatal error, signal, exit code, silence). */
  stopped: (why: string) => Error;
  /** Cancels the read: the child is killed and `cancelled()` thrown. */
  signal?: AbortSignal | undefined;
  cancelled?: (() => Error) | undefined;
  /**
   * Each message of the child, in order, with a way to answer it; `{ done }` ends the run with that value, a throw
   * ends it with that error (the child is killed either way).
   */
  onMessage: (message: unknown, reply: (message: unknown) => void) => { done: T } | undefined;
}

/** Forks `script`, sends it the request and runs `onMessage` until done; the child never outlives the call. */
export async function runReaderChild<T>(script: string, run: ReaderChildRun<T>): Promise<T> {
  const child = fork(script, [], {
    // Under Electron, fork runs the Electron binary: as plain Node.
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    execArgv: [`--max-old-space-size=${run.heapMb}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // Structured clone (V8's serializer) rather than JSON: cheaper for batches of lines.
    serialization: 'advanced',
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString();
  });
  let onAbort: (() => void) | null = null;
  try {
    return await new Promise<T>((resolve, reject) => {
      let finished = false;
      const finish = (outcome: () => void) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        outcome();
      };
      let timer: NodeJS.Timeout;
      const watch = () => {
        clearTimeout(timer);
        timer = setTimeout(() => finish(() => reject(run.stopped(`no answer in ${Math.round(run.silenceMs / 1000)} s`))), run.silenceMs);
      };
      watch();
      onAbort = () => finish(() => reject(run.cancelled?.() ?? new UserError('CANCELLED', 'Cancelled.')));
      if (run.signal?.aborted) onAbort();
      run.signal?.addEventListener('abort', onAbort, { once: true });
      // A send that fails (the child gone, or done and disconnected while an ack was on its way) is not an error of
      // its own: the child's 'close' says how it ended.
      const ignore = () => undefined;
      const reply = (message: unknown) => {
        if (!finished && child.connected) child.send(message as never, ignore);
      };
      child.on('message', (message: unknown) => {
        if (finished) return;
        watch();
        try {
          const outcome = run.onMessage(message, reply);
          if (outcome) finish(() => resolve(outcome.done));
        } catch (error) {
          finish(() => reject(error as Error));
        }
        // A long batch written meanwhile is not the child's silence.
        if (!finished) watch();
      });
      child.once('error', (error) => finish(() => reject(run.stopped(error.message.slice(0, 200)))));
      // 'close', not 'exit': the child's last messages (and its stderr) are read before its death is judged.
      child.once('close', (code, signal) => {
        const fatal = /Fatal[^\n]*|out of memory[^\n]*/i.exec(stderr)?.[0];
        finish(() =>
          reject(
            run.stopped(fatal ? fatal.slice(0, 200) : signal ? `it ended with ${signal}` : `it exited with code ${code} before answering`),
          ),
        );
      });
      child.send(run.request as never, ignore);
    });
  } finally {
    if (onAbort) run.signal?.removeEventListener('abort', onAbort);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

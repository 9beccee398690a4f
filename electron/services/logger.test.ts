/**
 * The logger port's wiring: what main, the worker threads and the renderer get wrong reaches the logger the app is
 * given (electron-log's file in the app; a recording fake here), and logging itself can never crash or loop.
 */
import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_ERROR_TEXT, UserError } from '../../shared/domain/errors';
import { recordingLogger } from '../test-support/recording-logger';
import { createTestApp } from '../test-support/test-app';
import { watchWorker } from '../worker/worker-log';
import { logProcessErrors, MAX_LOGGED_PROCESS_ERRORS, neverThrowing } from './logger';

const log = recordingLogger();
const app = createTestApp({ logger: log.logger });
afterAll(() => app.dispose());

describe('errors from main', () => {
  it('an internal error of a handler is logged with its channel; a user error (bad request, refused input) is not', async () => {
    const listGpus = app.services.catalog.listGpus;
    app.services.catalog.listGpus = () => {
      throw new Error('the catalog query broke');
    };
    try {
      const answer = await app.handlers.dispatch('catalog:list-gpus', {});
      expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
      app.services.catalog.listGpus = () => {
        throw new UserError('NOPE', 'a refusal the user can act on');
      };
      expect(await app.handlers.dispatch('catalog:list-gpus', {})).toMatchObject({ ok: false, error: { code: 'NOPE' } });
    } finally {
      app.services.catalog.listGpus = listGpus;
    }
    expect(await app.handlers.dispatch('catalog:list-gpus', { unknown: 1 })).toMatchObject({ ok: false });
    const logged = log.lines.splice(0);
    expect(logged.map((l) => [l.level, l.message])).toEqual([['error', 'IPC catalog:list-gpus failed']]);
    expect(String(logged[0]!.detail)).toMatch(/the catalog query broke/);
  });

  it('uncaught exceptions and unhandled rejections are logged, up to a cap, and a logger that throws changes nothing', () => {
    const processLike = new EventEmitter();
    const seen = recordingLogger();
    logProcessErrors(processLike, seen.logger);
    processLike.emit('uncaughtException', new Error('thrown in a timer'));
    processLike.emit('unhandledRejection', new Error('a promise nobody awaited'));
    expect(seen.lines.map((l) => [l.message, String(l.detail)])).toEqual([
      ['Uncaught exception in main', 'Error: thrown in a timer'],
      ['Unhandled promise rejection in main', 'Error: a promise nobody awaited'],
    ]);
    for (let i = 0; i < MAX_LOGGED_PROCESS_ERRORS * 3; i++) processLike.emit('uncaughtException', new Error(`again ${i}`));
    expect(seen.lines).toHaveLength(MAX_LOGGED_PROCESS_ERRORS);
    expect(seen.lines.at(-1)!.message).toMatch(/further uncaught errors are not logged/);

    const broken = { error: () => void JSON.parse('{'), warn: () => {}, info: () => {} };
    const brokenTarget = new EventEmitter();
    logProcessErrors(brokenTarget, broken);
    expect(() => brokenTarget.emit('uncaughtException', new Error('x'))).not.toThrow();
    expect(() => neverThrowing(broken).error('x')).not.toThrow();
  });
});

describe('errors from workers', () => {
  it('a worker that exits on its own, or runs out of its heap, is logged; one stopped on purpose is not', async () => {
    const seen = recordingLogger();
    const exiting = new Worker('process.exit(3)', { eval: true });
    watchWorker(exiting, 'test', seen.logger);
    await new Promise((resolve) => exiting.once('exit', resolve));

    const hungry = new Worker('const keep = []; for (;;) keep.push(new Array(1e5).fill(Math.random()));', {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    hungry.on('error', () => {}); // its client's listener
    watchWorker(hungry, 'test', seen.logger);
    await new Promise((resolve) => hungry.once('exit', resolve));

    const idle = new Worker('setInterval(() => {}, 1000)', { eval: true });
    const watched = watchWorker(idle, 'test', seen.logger);
    await new Promise((resolve) => idle.once('online', resolve));
    await watched.terminate();

    expect(seen.errors()).toEqual(['The test worker exited with code 3', 'The test worker ran out of memory']);
  });
});

describe('errors from the renderer (channel app:log)', () => {
  it('writes the line at its level, marked as the renderer’s, with its source', async () => {
    expect(await app.handlers.dispatch('app:log', { level: 'error', message: 'TypeError: x is undefined', source: 'window' })).toEqual({
      ok: true,
      value: {},
    });
    expect(await app.handlers.dispatch('app:log', { level: 'warn', message: 'slow render' })).toMatchObject({ ok: true });
    expect(log.lines.splice(0).map((l) => [l.level, l.message])).toEqual([
      ['error', 'Renderer (window): TypeError: x is undefined'],
      ['warn', 'Renderer: slow render'],
    ]);
  });

  it('refuses a level it does not know, an empty or overlong message and an unknown key, writing nothing', async () => {
    for (const request of [
      { level: 'debug', message: 'x' },
      { level: 'error', message: '' },
      { level: 'error', message: 'x'.repeat(MAX_ERROR_TEXT + 1) },
      { level: 'error', message: 'x', source: 's'.repeat(101) },
      { level: 'error', message: 'x', stack: 'at y' },
    ]) {
      expect(await app.handlers.dispatch('app:log', request), JSON.stringify(request).slice(0, 60)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_REQUEST' },
      });
    }
    expect(log.lines).toEqual([]);
  });
});

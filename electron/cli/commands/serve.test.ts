/**
 * `gpu-planner serve --open`: the browser is started on a one-time launch URL, never on the token (a command line is
 * readable by every user of the machine in /proc/<pid>/cmdline); the printed URL carries the token after `#` only.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/paths';
import { runServeCommand } from './serve';

let folder: { dir: string; remove: () => void };
let previousRendererDir: string | undefined;

beforeEach(() => {
  folder = tempDir('gpu-planner-serve-cli-');
  const renderer = path.join(folder.dir, 'dist', 'renderer');
  fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><html><head><title>GPU Planner</title></head><body></body></html>');
  fs.mkdirSync(path.join(folder.dir, 'dist', 'server'));
  fs.writeFileSync(path.join(folder.dir, 'dist', 'server', 'http-bootstrap.js'), '');
  previousRendererDir = process.env.GPU_PLANNER_RENDERER_DIR;
  process.env.GPU_PLANNER_RENDERER_DIR = renderer;
});
afterEach(() => {
  if (previousRendererDir === undefined) delete process.env.GPU_PLANNER_RENDERER_DIR;
  else process.env.GPU_PLANNER_RENDERER_DIR = previousRendererDir;
  folder.remove();
});

function get(url: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      })
      .on('error', reject);
  });
}

describe('gpu-planner serve --open', () => {
  it('opens the browser on a launch URL without the token; that URL works once and leads to the token in a fragment', async () => {
    const out: string[] = [];
    const opened: string[] = [];
    let stop: () => void = () => {};
    const until = new Promise<void>((resolve) => (stop = resolve));
    let launched: Promise<{ status: number; location?: string }[]> = Promise.resolve([]);
    const done = runServeCommand(
      ['--open', '--data-dir', path.join(folder.dir, 'data')],
      { stdout: (t) => out.push(t), stderr: () => {}, env: { DISPLAY: ':0' }, cwd: folder.dir },
      until,
      async (url) => {
        opened.push(url);
        launched = (async () => [await get(url), await get(url)])();
        return null;
      },
    );
    await expect.poll(() => opened.length).toBe(1);
    const [first, again] = await launched;
    stop();
    expect(await done).toBe(0);

    const printed = /running at (\S+)/.exec(out.join(''))?.[1] ?? '';
    const token = /#token=([A-Za-z0-9_-]{43})$/.exec(printed)?.[1];
    expect(token, printed).toBeDefined();
    expect(printed).not.toContain('?token=');
    // The command line the opener got: no token anywhere in it.
    expect(opened[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?launch=[A-Za-z0-9_-]+$/);
    expect(opened[0]).not.toContain(token!);
    // The browser, at the launch URL, is sent on to the page with the token in the fragment; the code works once.
    expect(first).toEqual({ status: 303, location: `/#token=${token}` });
    expect(again!.status).toBe(401);
  });

  it('without --open starts no browser', async () => {
    const opened: string[] = [];
    let stop: () => void = () => {};
    const until = new Promise<void>((resolve) => (stop = resolve));
    const out: string[] = [];
    const done = runServeCommand(
      ['--data-dir', path.join(folder.dir, 'data')],
      { stdout: (t) => out.push(t), stderr: () => {}, env: { DISPLAY: ':0' }, cwd: folder.dir },
      until,
      async (url) => {
        opened.push(url);
        return null;
      },
    );
    await expect.poll(() => out.join('')).toContain('running at');
    stop();
    expect(await done).toBe(0);
    expect(opened).toEqual([]);
  });
});

describe('gpu-planner serve: the log file (issue 28, item 10)', () => {
  it('writes <data folder>/logs/main.log, as the README says, with the start and the stop', async () => {
    let stop: () => void = () => {};
    const until = new Promise<void>((resolve) => (stop = resolve));
    const out: string[] = [];
    const err: string[] = [];
    const dataDir = path.join(folder.dir, 'data');
    const done = runServeCommand(
      ['--data-dir', dataDir],
      { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: {}, cwd: folder.dir },
      until,
    );
    await expect.poll(() => out.join('')).toContain('running at');
    stop();
    expect(await done).toBe(0);
    const logFile = path.join(dataDir, 'logs', 'main.log');
    expect(fs.existsSync(logFile)).toBe(true);
    const log = fs.readFileSync(logFile, 'utf8');
    expect(log).toMatch(/\[info\] GPU Planner starting in browser mode at http:\/\/127\.0\.0\.1:\d+/);
    expect(log).toMatch(/\[info\] GPU Planner stopped/);
    expect(err.join('')).toContain(`Log: ${logFile}`);
  });
});

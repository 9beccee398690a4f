import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/paths';
import { createFileLog, teeLogger } from './file-log';

let folder: { dir: string; remove: () => void };
beforeEach(() => (folder = tempDir('gpu-planner-file-log-')));
afterEach(() => folder.remove());

describe('createFileLog (browser mode’s logs/main.log)', () => {
  it('appends one line per entry with time, level, message and detail, creating the folder', () => {
    const logsDir = path.join(folder.dir, 'logs');
    const log = createFileLog({ logsDir });
    log.info('started');
    log.error('Renderer: boom', new Error('bad thing'));
    const text = fs.readFileSync(path.join(logsDir, 'main.log'), 'utf8');
    expect(text).toMatch(/^\[\d{4}-\d\d-\d\dT[^\]]+\] \[info\] started\n/);
    expect(text).toContain('[error] Renderer: boom Error: bad thing');
  });

  it('keeps one old file past the size limit', () => {
    const logsDir = path.join(folder.dir, 'logs');
    const log = createFileLog({ logsDir, maxBytes: 100 });
    for (let i = 0; i < 10; i++) log.info(`line ${i} ${'x'.repeat(20)}`);
    expect(fs.existsSync(path.join(logsDir, 'main.old.log'))).toBe(true);
    expect(fs.statSync(path.join(logsDir, 'main.log')).size).toBeLessThan(200);
  });

  it('a logger that throws does not stop the others', () => {
    const seen: string[] = [];
    const tee = teeLogger(
      {
        error: () => {
          throw new Error('disk full');
        },
        warn: () => {},
        info: () => {},
      },
      { error: (m) => seen.push(m), warn: () => {}, info: () => {} },
    );
    tee.error('kept');
    expect(seen).toEqual(['kept']);
  });
});

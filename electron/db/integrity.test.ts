import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserError } from '../../shared/domain/errors';
import { resourcesDir, tempDir } from '../test-support/paths';
import { openDatabase } from './connection';
import { MAX_DAMAGED_COPIES } from './integrity';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

/** A real app database (migrated, seeded), closed and checkpointed so that every page is in the main file. */
function seededFile(): string {
  const t = tempDir();
  cleanups.push(t.remove);
  const file = path.join(t.dir, 'app.sqlite');
  const { db } = openDatabase(file, { resourcesDir });
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return file;
}

/** Overwrites `count` whole pages in the middle of the file with bytes that are no b-tree page. */
function damagePages(file: string, firstPage: number, count: number) {
  const bytes = fs.readFileSync(file);
  const pageSize = bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16);
  for (let p = firstPage; p < firstPage + count; p++) bytes.fill(0xa5, (p - 1) * pageSize, p * pageSize);
  fs.writeFileSync(file, bytes);
}

describe('a damaged database (issue 11 item 3)', () => {
  it('is refused when it is opened, with what happened, the copy kept and how to restore; the file is left as it was', () => {
    const file = seededFile();
    const pages = fs.statSync(file).size / 4096;
    damagePages(file, Math.floor(pages / 2), 3);
    const before = fs.readFileSync(file);
    let caught: unknown;
    try {
      openDatabase(file, { resourcesDir }).db.close();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UserError);
    const error = caught as UserError;
    expect(error.code).toBe('DB_CORRUPT');
    expect(error.message).toMatch(/damaged/);
    expect(error.message).toMatch(/nothing was written/i);
    expect(error.message).toMatch(/restore/i);
    const copy = fs.readdirSync(path.dirname(file)).find((f) => f.startsWith('app.sqlite.damaged-'));
    expect(copy, 'a copy of the damaged file is kept').toBeDefined();
    expect(error.message).toContain(copy!);
    expect(fs.readFileSync(path.join(path.dirname(file), copy!)).equals(before)).toBe(true);
    expect(fs.readFileSync(file).equals(before), 'the damaged file is not written to').toBe(true);
  });

  it('names the backups it finds to restore from', () => {
    const file = seededFile();
    fs.copyFileSync(file, `${file}.backup-v7`);
    damagePages(file, 4, 2);
    expect(() => openDatabase(file, { resourcesDir })).toThrow(/app\.sqlite\.backup-v7/);
  });

  it('a file that is not a database at all is refused the same way', () => {
    const t = tempDir();
    cleanups.push(t.remove);
    const file = path.join(t.dir, 'app.sqlite');
    fs.writeFileSync(file, 'this is a spreadsheet, not a database\n'.repeat(200));
    expect(() => openDatabase(file, { resourcesDir })).toThrow(expect.objectContaining({ code: 'DB_CORRUPT' }));
  });

  it('a sound database opens as before', () => {
    const file = seededFile();
    const { db } = openDatabase(file, { resourcesDir });
    expect((db.prepare('SELECT count(*) AS n FROM gpus').get() as { n: number }).n).toBeGreaterThan(20);
    db.close();
  });
});

describe('copies of a damaged database (issue 26 item 7)', () => {
  const copiesOf = (file: string) => fs.readdirSync(path.dirname(file)).filter((f) => f.startsWith(`${path.basename(file)}.damaged-`));

  it('opening the same damaged file again and again keeps one copy of it, not one per open', () => {
    const file = seededFile();
    fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 6; i++) {
        vi.setSystemTime(new Date(Date.UTC(2026, 0, 1, 10, i)));
        expect(() => openDatabase(file, { resourcesDir })).toThrow(expect.objectContaining({ code: 'DB_CORRUPT' }));
      }
    } finally {
      vi.useRealTimers();
    }
    expect(copiesOf(file)).toHaveLength(1);
    // Every refusal names the one copy.
    expect(() => openDatabase(file, { resourcesDir })).toThrow(copiesOf(file)[0]!);
  });

  it('a file damaged differently gets its own copy, up to the cap; beyond it no copy is made and the message says so', () => {
    const file = seededFile();
    const whole = fs.readFileSync(file);
    for (let i = 0; i < MAX_DAMAGED_COPIES + 2; i++) {
      fs.writeFileSync(file, whole.subarray(0, whole.length - 4096 * (i + 1)));
      let message = '';
      try {
        openDatabase(file, { resourcesDir }).db.close();
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/damaged/);
      expect(copiesOf(file)).toHaveLength(Math.min(i + 1, MAX_DAMAGED_COPIES));
      if (i >= MAX_DAMAGED_COPIES) expect(message).toMatch(/no further copy/i);
    }
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { UserError } from '../../shared/domain/errors';

/** What `PRAGMA quick_check` says of the file: null when sound, else its first problems (or the error it raised). */
export function quickCheckProblems(db: Database): string | null {
  try {
    const rows = db.pragma('quick_check(5)', { simple: false }) as Array<{ quick_check: string }>;
    const problems = rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
    return problems.length === 0 ? null : problems.join('; ');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
}

/** Names of the files beside `file` whose name is its own followed by `suffix` (none when the folder cannot be read). */
function namesBeside(file: string, suffix: string): string[] {
  const prefix = `${path.basename(file)}${suffix}`;
  try {
    return fs.readdirSync(path.dirname(file)).filter((n) => n.startsWith(prefix));
  } catch {
    return [];
  }
}

/** Backups the app made of this file before a migration (`<file>.backup-v<N>`), newest schema first. */
export function backupsOf(file: string): string[] {
  const dir = path.dirname(file);
  return namesBeside(file, '.backup-v')
    .sort((a, b) => Number(b.slice(b.lastIndexOf('v') + 1)) - Number(a.slice(a.lastIndexOf('v') + 1)))
    .map((n) => path.join(dir, n));
}

/** At most this many copies of damaged databases are kept beside a database file (one per distinct damaged content)… */
export const MAX_DAMAGED_COPIES = 3;
/** …and together at most this many bytes: a further damaged content is not copied (nothing kept is ever removed). */
export const MAX_DAMAGED_COPY_BYTES = 2 * 1024 ** 3;

/** sha256 of the file and its -wal (when there is one), read in chunks: what names a damaged content. */
function contentHash(file: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1 << 20);
  for (const part of [file, `${file}-wal`]) {
    let fd: number;
    try {
      fd = fs.openSync(part, 'r');
    } catch {
      continue;
    }
    try {
      hash.update(`${part === file ? 'main' : 'wal'}\0`);
      for (let n = fs.readSync(fd, buffer); n > 0; n = fs.readSync(fd, buffer)) hash.update(buffer.subarray(0, n));
    } finally {
      fs.closeSync(fd);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The damaged copies kept beside `file` (`<file>.damaged-<stamp>-<hash>`, and -wal), with their sizes. */
function damagedCopiesOf(file: string): Array<{ name: string; bytes: number }> {
  const dir = path.dirname(file);
  return namesBeside(file, '.damaged-').map((name) => {
    try {
      return { name, bytes: fs.statSync(path.join(dir, name)).size };
    } catch {
      return { name, bytes: 0 };
    }
  });
}

/**
 * Keeps one copy of this damaged content beside the file (issue 26 item 7: every open used to make another): the copy
 * is named by the content's hash, so a file opened again unchanged finds its copy; a new damaged content gets its own,
 * up to MAX_DAMAGED_COPIES copies and MAX_DAMAGED_COPY_BYTES in all. Returns the sentence for the message.
 */
function keepDamagedCopy(file: string, now: Date): string {
  const hash = contentHash(file);
  const kept = damagedCopiesOf(file);
  const copies = kept.filter((c) => !c.name.endsWith('-wal'));
  const same = copies.find((c) => c.name.endsWith(`-${hash}`));
  if (same) return ` A copy of it was kept as ${same.name}.`;
  const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  const adding = size(file) + size(`${file}-wal`);
  const held = kept.reduce((sum, c) => sum + c.bytes, 0);
  if (copies.length >= MAX_DAMAGED_COPIES || held + adding > MAX_DAMAGED_COPY_BYTES)
    return ` No further copy of it was made: ${copies.length} copies of damaged versions are already kept beside it (${copies
      .map((c) => c.name)
      .sort()
      .join(', ')}); move them away to have this one copied.`;
  const copy = `${file}.damaged-${stamp(now)}-${hash}`;
  fs.copyFileSync(file, copy);
  fs.chmodSync(copy, 0o600);
  if (size(`${file}-wal`) > 0) {
    fs.copyFileSync(`${file}-wal`, `${copy}-wal`);
    fs.chmodSync(`${copy}-wal`, 0o600);
  }
  return ` A copy of it was kept as ${path.basename(copy)}.`;
}

/**
 * The damaged-database refusal (issue 11): nothing is written to the file, a copy is kept beside it (one per damaged
 * content, capped: see keepDamagedCopy), and the user is told how to restore the last backup or start afresh.
 */
export function damagedDatabaseError(file: string, problems: string, now = new Date()): UserError {
  let kept = '';
  if (file !== ':memory:') {
    try {
      kept = keepDamagedCopy(file, now);
    } catch {
      kept = '';
    }
  }
  const backups = backupsOf(file);
  const restore = backups.length
    ? `To restore, quit GPU Planner and replace ${path.basename(file)} with its last backup, ${path.basename(backups[0]!)} (in the same folder); edits made since that backup are lost.`
    : `No backup of it was found to restore from: to start afresh, quit GPU Planner and move ${path.basename(file)} out of its folder (the app then creates a new database with the bundled catalog and example; your own plans can be imported again from .gpuplan files).`;
  return new UserError(
    'DB_CORRUPT',
    `This database file is damaged (${problems.slice(0, 300)}). Nothing was written to it.${kept} ${restore}`,
    { file },
  );
}

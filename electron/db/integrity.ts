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

/** Backups the app made of this file before a migration (`<file>.backup-v<N>`), newest schema first. */
export function backupsOf(file: string): string[] {
  const dir = path.dirname(file);
  const base = path.basename(file);
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(`${base}.backup-v`))
    .sort((a, b) => Number(b.slice(b.lastIndexOf('v') + 1)) - Number(a.slice(a.lastIndexOf('v') + 1)))
    .map((n) => path.join(dir, n));
}

/**
 * The damaged-database refusal (issue 11): nothing is written to the file, a copy is kept beside it, and the user is
 * told how to restore the last backup or start afresh.
 */
export function damagedDatabaseError(file: string, problems: string, now = new Date()): UserError {
  let kept = '';
  if (file !== ':memory:') {
    const copy = `${file}.damaged-${stamp(now)}`;
    try {
      fs.copyFileSync(file, copy);
      if (fs.existsSync(`${file}-wal`) && fs.statSync(`${file}-wal`).size > 0) fs.copyFileSync(`${file}-wal`, `${copy}-wal`);
      kept = ` A copy of it was kept as ${path.basename(copy)}.`;
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

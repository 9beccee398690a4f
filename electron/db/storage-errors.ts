/**
 * What the disk says when a write cannot happen, turned into words a user can act on: a full disk (SQLite's
 * SQLITE_FULL, the system's ENOSPC), a read-only database file (SQLITE_READONLY*) and a data folder that cannot be
 * written (EACCES, EPERM, EROFS). Each names the path once and says what to do; none reads "cannot read the file".
 */
import path from 'node:path';
import { UserError } from '../../shared/domain/errors';

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';

export function isDiskFull(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT';
}

const READ_ONLY_FS = new Set(['EACCES', 'EPERM', 'EROFS']);

/** A UserError for a full disk or a read-only database, or null when the error is something else. */
export function storageUserError(error: unknown, databaseFile: string): UserError | null {
  const code = codeOf(error);
  if (isDiskFull(error))
    return new UserError(
      'DISK_FULL',
      `The disk is full: nothing was saved to ${databaseFile}. Free some space on that disk (or move the data folder to another one), then try again.`,
      { file: databaseFile },
    );
  if (code.startsWith('SQLITE_READONLY') || (code === 'SQLITE_CANTOPEN' && databaseFile !== ':memory:'))
    return readOnlyDatabase(databaseFile);
  if (READ_ONLY_FS.has(code)) {
    const where = (error as { path?: unknown }).path;
    return typeof where === 'string' && path.resolve(where) === path.resolve(databaseFile)
      ? readOnlyDatabase(databaseFile)
      : readOnlyFolder(path.dirname(databaseFile));
  }
  return null;
}

function readOnlyDatabase(file: string): UserError {
  return new UserError(
    'DATABASE_READ_ONLY',
    `The database ${file} is read-only, so nothing can be saved. Give your user write access to the file and its folder (or copy it to a writable folder and open that), then try again.`,
    { file },
  );
}

function readOnlyFolder(folder: string): UserError {
  return new UserError(
    'DATA_FOLDER_READ_ONLY',
    `The data folder ${folder} cannot be written (read-only or no permission). Give your user write access to it, or choose another data folder (gpu-planner --db <file>), then start again.`,
    { file: folder },
  );
}

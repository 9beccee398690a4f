import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../../../shared/domain/errors';
import { parsePlanFile, PLAN_FILE_EXTENSION, PLAN_FILE_MAX_BYTES, type PlanFile } from '../../../shared/domain/project/plan-file';

/**
 * Reads a plan file from disk (issue 26 item 9): opened without waiting (a FIFO with no writer does not hang), then
 * what was opened is checked — a regular file, at most PLAN_FILE_MAX_BYTES — before a byte is read, and no more
 * than that is ever read (a file that grows meanwhile included). A folder, a device (/dev/zero) or a pipe is refused.
 */
export function readPlanFile(file: string): PlanFile {
  const name = path.basename(file);
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM')
      throw new UserError(
        'FILE_UNREADABLE',
        `Cannot read ${file}: permission denied. Give your user read access to it, or copy it somewhere readable.`,
        {
          file: name,
        },
      );
    if (code === 'EISDIR') throw notAFile(file, name, true);
    throw new UserError('FILE_NOT_FOUND', `Cannot read ${file}: no such file. Check the path, or choose the file again.`, { file: name });
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw notAFile(file, name, stat.isDirectory());
    if (stat.size > PLAN_FILE_MAX_BYTES) return parsePlanFile('', name, stat.size);
    const buffer = Buffer.alloc(Math.min(stat.size, PLAN_FILE_MAX_BYTES) + 1);
    let length = 0;
    while (length < buffer.length) {
      const n = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > PLAN_FILE_MAX_BYTES) return parsePlanFile('', name, length);
    return parsePlanFile(buffer.toString('utf8', 0, length), name, length);
  } finally {
    fs.closeSync(fd);
  }
}

function notAFile(file: string, name: string, folder: boolean): UserError {
  return new UserError(
    'NOT_A_FILE',
    folder
      ? `${file} is a folder: choose one .${PLAN_FILE_EXTENSION} plan file in it.`
      : `${file} is not a regular file (a pipe, socket or device): save the plan as a .${PLAN_FILE_EXTENSION} file, then import that file.`,
    { file: name },
  );
}

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
  const read = readRegularTextFile(file, PLAN_FILE_MAX_BYTES, `one .${PLAN_FILE_EXTENSION} plan file`);
  return parsePlanFile(read.text ?? '', path.basename(file), read.bytes);
}

/**
 * The text of a regular file of at most `maxBytes` (the plan file, a plan document): `text` is null when the file
 * is larger (`bytes` says how large it was found). Refused with a UserError: a missing or unreadable file, a folder
 * (`wanted` says what to choose in it), a pipe, socket or device.
 */
export function readRegularTextFile(file: string, maxBytes: number, wanted: string): { text: string | null; bytes: number } {
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
    if (code === 'EISDIR') throw notAFile(file, name, true, wanted);
    throw new UserError('FILE_NOT_FOUND', `Cannot read ${file}: no such file. Check the path, or choose the file again.`, { file: name });
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw notAFile(file, name, stat.isDirectory(), wanted);
    if (stat.size > maxBytes) return { text: null, bytes: stat.size };
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const n = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) return { text: null, bytes: length };
    return { text: buffer.toString('utf8', 0, length), bytes: length };
  } finally {
    fs.closeSync(fd);
  }
}

function notAFile(file: string, name: string, folder: boolean, wanted: string): UserError {
  return new UserError(
    'NOT_A_FILE',
    folder
      ? `${file} is a folder: choose ${wanted} in it.`
      : `${file} is not a regular file (a pipe, socket or device): save it as ${wanted.replace(/^one /, 'a ')}, then import that file.`,
    { file: name },
  );
}

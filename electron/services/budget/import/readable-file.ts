import fs from 'node:fs';
import { UserError } from '../../../../shared/domain/errors';

/** A regular file that can be read, or a UserError that says what to choose instead (nothing is opened before). */
export function assertReadableFile(file: string, shown: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new UserError('FILE_NOT_FOUND', `Cannot read ${shown}: no such file. Check the path, or choose the file again.`, { file: shown });
  }
  if (stat.isDirectory()) {
    throw new UserError('NOT_A_FILE', `${shown} is a folder: choose one billing export file in it (CSV, .gz, .zip or Parquet).`, {
      file: shown,
    });
  }
  if (!stat.isFile()) {
    throw new UserError(
      'NOT_A_FILE',
      `${shown} is not a regular file (a pipe, socket or device): save the export as a file, then import that file.`,
      { file: shown },
    );
  }
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch {
    throw new UserError(
      'FILE_UNREADABLE',
      `Cannot read ${shown}: permission denied. Give your user read access to it, or copy it somewhere readable.`,
      { file: shown },
    );
  }
}

/**
 * Files the user chose: main opens only paths it handed out itself. A native open dialog, a drop registered by the
 * preload (Electron's webUtils.getPathForFile on a real File) or an upload in browser mode grants a path and gives
 * the renderer an opaque token; channels that read a file take the token, never a path.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { UserError } from '../../shared/domain/errors';

export interface FileGrant {
  token: string;
  /** The file's name, for display (never its folder). */
  fileName: string;
}

export interface FileGrants {
  /** Grants the renderer access to read `file` (an absolute path chosen by the user); returns its token. */
  grant(file: string): FileGrant;
  /** The path behind a token; a token main did not hand out is refused. */
  resolve(token: string): string;
}

export function createFileGrants(): FileGrants {
  const granted = new Map<string, string>();
  return {
    grant(file) {
      const token = `file-${randomUUID()}`;
      granted.set(token, path.resolve(file));
      return { token, fileName: path.basename(file) };
    },
    resolve(token) {
      const file = granted.get(token);
      if (file === undefined)
        throw new UserError(
          'FILE_NOT_GRANTED',
          'That file was not chosen in this session: choose it again (Import… or drop it on the window).',
          { field: 'fileToken' },
        );
      return file;
    },
  };
}

import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import type { EventName, Events } from '../../shared/ipc/contract';
import type { Logger } from '../../shared/logger';
import type { FileGrants } from './file-grants';

/** Sends a typed event (progress, menu command) to the renderer, whatever carries it. */
export type EmitEvent = <E extends EventName>(event: E, payload: z.input<Events[E]>) => void;

/** Native file dialogs live in main; the e2e harness stubs them. The renderer never passes a path to write. */
export interface Dialogs {
  /** `folder: true` chooses a folder (billing sources). */
  openFile(options: { title: string; filters?: Array<{ name: string; extensions: string[] }>; folder?: boolean }): Promise<string | null>;
  saveFile(options: {
    title: string;
    defaultPath?: string;
    filters?: Array<{ name: string; extensions: string[] }>;
  }): Promise<string | null>;
}

export interface ServiceDeps {
  db: Database;
  databaseFile: string;
  resourcesDir: string;
  dataDir: string;
  emit: EmitEvent;
  dialogs: Dialogs;
  /** A native notification (budget alerts); a no-op outside Electron. */
  notify: (title: string, body: string) => void;
  /** Clock, injectable for tests. */
  now: () => Date;
  /** The app's version (Electron's app.getVersion(), package.json's for the CLI); absent in some tests. */
  appVersion?: string;
  /** Files the user chose (dialog, drop, upload): channels that read a file take a token from here, never a path. */
  fileGrants: FileGrants;
  /** Where internal errors, worker crashes and the renderer's errors are written (a file in the app, stderr elsewhere). */
  logger: Logger;
}

export const noDialogs: Dialogs = {
  openFile: async () => null,
  saveFile: async () => null,
};

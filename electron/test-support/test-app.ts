import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createAppContext, type AppContext } from '../services/app-context';
import { DATABASE_FILE_NAME } from '../services/paths';
import type { Dialogs } from '../services/service-deps';
import type { Logger } from '../../shared/logger';
import { tempDir } from './paths';

export interface TestAppOptions {
  now?: () => Date;
  /** The native dialogs' answers (none chosen by default). */
  dialogs?: Dialogs;
  /** Where the app's log lines go (the console by default). */
  logger?: Logger;
  /** Native notifications (budget alerts); none shown by default. */
  notify?: (title: string, body: string) => void;
}

export type TestApp = AppContext & { dataDir: string; dispose: () => void };

/**
 * A new database as the app makes it (migrated, seeded, its estimates computed), made once per test process: each test
 * app of the default clock and log starts from a copy of it. Copying the file is ~60 ms; migrating, seeding and
 * estimating again is ~600 ms, and most test files make a fresh app for every test.
 */
let template: string | null = null;
function newDatabaseTemplate(): string {
  if (template && fs.existsSync(template)) return template;
  const { dir, remove } = tempDir('gpu-planner-template-');
  createAppContext({ dataDir: dir, runtime: 'cli' }).close(); // closing checkpoints the WAL: one self-contained file
  process.once('exit', remove);
  template = path.join(dir, DATABASE_FILE_NAME);
  return template;
}

/** A real app context (migrated, seeded SQLite file) in a fresh temporary folder, for integration tests. */
export function createTestApp(options: TestAppOptions = {}): TestApp {
  const { dir, remove } = tempDir();
  // A test that sets the clock or reads the log sees its database made under them, as before.
  if (!options.now && !options.logger) fs.copyFileSync(newDatabaseTemplate(), path.join(dir, DATABASE_FILE_NAME));
  const context = createAppContext({
    dataDir: dir,
    runtime: 'cli',
    ...(options.now ? { now: options.now } : {}),
    ...(options.dialogs ? { dialogs: options.dialogs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.notify ? { notify: options.notify } : {}),
  });
  return {
    ...context,
    dataDir: dir,
    dispose: () => {
      context.close();
      remove();
    },
  };
}

/**
 * A fresh test app and a scratch folder for every test of the file (created before each, removed after each):
 * `let app: TestApp; let scratch: Scratch; appPerTest((a, s) => { app = a; scratch = s; });`
 */
export type Scratch = { dir: string };
export function appPerTest(use: (app: TestApp, scratch: Scratch) => void, options: TestAppOptions = {}): void {
  let app: TestApp | null = null;
  let scratch: ReturnType<typeof tempDir> | null = null;
  beforeEach(() => {
    app = createTestApp(options);
    scratch = tempDir();
    use(app, scratch);
  });
  afterEach(() => {
    app?.dispose();
    scratch?.remove();
  });
}

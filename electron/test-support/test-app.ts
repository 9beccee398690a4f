import { afterEach, beforeEach } from 'vitest';
import { createAppContext, type AppContext } from '../services/app-context';
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

/** A real app context (migrated, seeded SQLite file) in a fresh temporary folder, for integration tests. */
export function createTestApp(options: TestAppOptions = {}): TestApp {
  const { dir, remove } = tempDir();
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

import { createAppContext, type AppContext } from '../services/app-context';
import { tempDir } from './paths';

/** A real app context (migrated, seeded SQLite file) in a fresh temporary folder, for integration tests. */
export function createTestApp(options: { now?: () => Date } = {}): AppContext & { dataDir: string; dispose: () => void } {
  const { dir, remove } = tempDir();
  const context = createAppContext({ dataDir: dir, runtime: 'cli', ...(options.now ? { now: options.now } : {}) });
  return {
    ...context,
    dataDir: dir,
    dispose: () => {
      context.close();
      remove();
    },
  };
}

import path from 'node:path';
import { createAppContext, type AppContext } from '../services/app-context';
import { DATABASE_FILE_NAME, defaultDataDir } from '../services/paths';
import type { CliIo } from './cli-io';

/**
 * The same services the app runs, on the database the user chose: `--db PATH`, else $GPU_PLANNER_DB, else the
 * app's own database in the user's data folder. A new file is created, migrated and seeded on first use.
 */
export function openCliServices(flags: { db?: string | undefined }, io: CliIo): AppContext {
  const chosen = flags.db ?? io.env.GPU_PLANNER_DB;
  const databaseFile = chosen ? path.resolve(io.cwd, chosen) : path.join(defaultDataDir(), DATABASE_FILE_NAME);
  return createAppContext({ dataDir: path.dirname(databaseFile), databaseFile, runtime: 'cli' });
}

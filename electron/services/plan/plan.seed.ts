import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { buildProject, EXAMPLE_PROJECT_FILE, parseProjectFile } from '../../../shared/domain/plan/example';
import { insertProject, insertScenario } from '../../db/queries/plan';

/** Loads the bundled example project (seed 001, VitalDB) and its three budget options as scenarios. */
export function seedPlan(db: Database, resourcesDir: string): void {
  const file = path.join(resourcesDir, EXAMPLE_PROJECT_FILE);
  if (!fs.existsSync(file)) return;
  const { plan, scenarios } = buildProject(parseProjectFile(JSON.parse(fs.readFileSync(file, 'utf8')), file), new Date().toISOString());
  const at = new Date().toISOString();
  insertProject(db, plan, { isExample: true, at });
  for (const s of scenarios) insertScenario(db, s);
}

import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { buildProject, parseProjectFile } from '../../../shared/domain/plan/example';
import {
  BUNDLED_EXAMPLES,
  claimsFileOf,
  mergeClaims,
  parseClaimsFile,
  type BundledExample,
} from '../../../shared/domain/plan/bundled-examples';
import { insertBudget } from '../queries/budget-planning';
import { insertProject } from '../queries/plan';
import { insertScenario } from '../queries/scenario';

/** The seed's checked claims (resources/claims/<seed>.json), or none when the file is absent or unreadable. */
export function readSeedClaims(resourcesDir: string, seed: string | null) {
  if (!seed) return [];
  const file = path.join(resourcesDir, claimsFileOf(seed));
  if (!fs.existsSync(file)) return [];
  try {
    return parseClaimsFile(JSON.parse(fs.readFileSync(file, 'utf8')), seed);
  } catch {
    return [];
  }
}

function insertExample(db: Database, resourcesDir: string, example: BundledExample, at: string): boolean {
  const file = path.join(resourcesDir, example.file);
  if (!fs.existsSync(file)) return false;
  const parsed = parseProjectFile(JSON.parse(fs.readFileSync(file, 'utf8')), file);
  const { plan, scenarios } = buildProject(parsed, at);
  plan.claims = mergeClaims(plan.claims, readSeedClaims(resourcesDir, example.claimsSeed));
  insertProject(db, plan, { isExample: true, at });
  for (const s of scenarios) insertScenario(db, s);
  // The budgets the document sets (seed 003: $500 a month, alerts at 80, 100 and 120%), in the project's currency.
  for (const b of parsed.budgets ?? [])
    insertBudget(db, {
      projectId: plan.project.id,
      trackId: b.trackId,
      month: b.month,
      amount: b.amount,
      currency: plan.project.currency,
      thresholds: b.thresholds,
    });
  return true;
}

/** Loads every bundled example project (seed 001 VitalDB, seeds 002–004) with its scenarios. */
export function seedPlan(db: Database, resourcesDir: string): void {
  // One millisecond apart, in the registry's order. The first (VitalDB) is the project a new database opens on (the
  // earliest created) and heads the project list (the latest updated).
  const base = Date.now();
  BUNDLED_EXAMPLES.forEach((example, i) => insertExample(db, resourcesDir, example, new Date(base + i).toISOString()));
  const first = BUNDLED_EXAMPLES[0]!.projectId;
  db.prepare('UPDATE projects SET updated_at = ? WHERE id = ?').run(new Date(base + BUNDLED_EXAMPLES.length).toISOString(), first);
}

/**
 * Adds the bundled examples an existing database does not have yet (a newer app version brings new ones). A project
 * whose id exists — the example itself, even archived or deleted by the user — is left as it is. Returns the ids added.
 */
export function addMissingExamples(db: Database, resourcesDir: string): string[] {
  const exists = db.prepare('SELECT 1 FROM projects WHERE id = ?');
  const added: string[] = [];
  db.transaction(() => {
    for (const example of BUNDLED_EXAMPLES) {
      if (exists.get(example.projectId)) continue;
      if (insertExample(db, resourcesDir, example, new Date().toISOString())) added.push(example.projectId);
    }
  })();
  return added;
}

/**
 * Run-rates of a bundled example's setups (seed 003): the setups come from the example's file (resources/example),
 * the bookings from the project in the database (so edits count), the prices from the catalog.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLED_EXAMPLES } from '../../../shared/domain/plan/bundled-examples';
import { computeRunRate, runRatesFileSchema, type RunRate } from '../../../shared/domain/plan/run-rate';
import type { Plan, PlanCatalog } from '../../../shared/domain/plan/types';

export function runRateSetupsOf(resourcesDir: string, projectId: string) {
  const example = BUNDLED_EXAMPLES.find((e) => e.projectId === projectId);
  const file = example ? path.join(resourcesDir, example.file) : null;
  if (!file || !fs.existsSync(file)) return [];
  const parsed = runRatesFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data.runRates : [];
}

export function runRatesOf(resourcesDir: string, plan: Plan, catalog: PlanCatalog): RunRate[] {
  return runRateSetupsOf(resourcesDir, plan.project.id).map((setup) => computeRunRate(plan, catalog, setup));
}

/** Budget use cases (owned by the budget domain): imports, billing sources and budget planning as one service. */
import type { PlanService } from '../plan/plan.service';
import type { ServiceDeps } from '../service-deps';
import { createBudgetPlanningService } from './budget-planning.service';
import { createBudgetImportService } from './import/import.service';
import { createBudgetSourcesService } from './sources/sources.service';

export type BudgetService = ReturnType<typeof createBudgetService>;

/** Joins objects of use cases into one; a name offered by two of them is a programming error, refused at start. */
export function mergeDisjoint<A extends object, B extends object, C extends object>(a: A, b: B, c: C): A & B & C {
  const merged: Record<string, unknown> = {};
  for (const part of [a, b, c]) {
    for (const [name, value] of Object.entries(part)) {
      if (Object.hasOwn(merged, name)) throw new Error(`Two budget use cases are named "${name}".`);
      merged[name] = value;
    }
  }
  return merged as A & B & C;
}

export function createBudgetService(deps: ServiceDeps, { plan }: { plan: Pick<PlanService, 'getPlan'> }) {
  const imports = createBudgetImportService(deps);
  return mergeDisjoint(
    // Billing imports, history with undo, column mappings, spend summary and explorer (import/import.service.ts).
    imports,
    // Folders of billing exports kept in sync through the import service (sources/sources.service.ts).
    createBudgetSourcesService(deps, imports),
    // Budgets, thresholds, allocation rules, exchange rates, overview (budget-planning.service.ts).
    createBudgetPlanningService(deps, { plan }),
  );
}

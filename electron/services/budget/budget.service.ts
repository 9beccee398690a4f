/** Budget use cases (owned by the budget domain): imports, billing sources and budget planning as one service. */
import type { BillingImport, ImportResult } from '../../../shared/ipc/contract/budget-import';
import type { CatalogService } from '../catalog/catalog.service';
import type { PlanService } from '../plan/plan.service';
import type { ServiceDeps } from '../service-deps';
import { createBudgetPlanningService } from './budget-planning.service';
import { createBudgetCreditsService } from './credits/credits.service';
import { createBudgetImportService } from './import/import.service';
import { createBudgetSourcesService } from './sources/sources.service';

export type BudgetService = ReturnType<typeof createBudgetService>;

/** Joins objects of use cases into one; a name offered by two of them is a programming error, refused at start. */
export function mergeDisjoint<A extends object, B extends object, C extends object, D extends object = object>(
  a: A,
  b: B,
  c: C,
  d?: D,
): A & B & C & D {
  const merged: Record<string, unknown> = {};
  for (const part of [a, b, c, d ?? {}]) {
    for (const [name, value] of Object.entries(part)) {
      if (Object.hasOwn(merged, name)) throw new Error(`Two budget use cases are named "${name}".`);
      merged[name] = value;
    }
  }
  return merged as A & B & C & D;
}

export function createBudgetService(
  deps: ServiceDeps,
  { plan, catalog }: { plan: Pick<PlanService, 'getPlan'>; catalog: Pick<CatalogService, 'listProviders' | 'listOfferings'> },
) {
  const imports = createBudgetImportService(deps);
  const planning = createBudgetPlanningService(deps, { plan });
  /** An import's result says how much of it falls in the active project's dates and how much of that is assigned. */
  const importFile = async (request: Parameters<typeof imports.importFile>[0]): Promise<ImportResult> => {
    const result = await imports.importFile(request);
    if (result.importId === null) return result;
    const reach = (await planning.importReach([result.importId])).get(result.importId);
    return reach ? { ...result, reach } : result;
  };
  /** The imports list, each active import with its reach into the active project. */
  const listImportsWithReach = async (): Promise<BillingImport[]> => {
    const list = imports.listImports();
    const reach = await planning.importReach(list.filter((i) => i.status === 'active').map((i) => i.id));
    return list.map((i) => {
      const r = reach.get(i.id);
      return r ? { ...i, reach: r } : i;
    });
  };
  return mergeDisjoint(
    // Billing imports, history with undo, column mappings, spend summary and explorer (import/import.service.ts).
    { ...imports, importFile, listImportsWithReach },
    // Folders of billing exports kept in sync through the import service (sources/sources.service.ts).
    createBudgetSourcesService(deps, imports),
    // Budgets, thresholds, allocation rules, exchange rates, overview (budget-planning.service.ts).
    planning,
    // Credits and free tiers: dated offsets applied to the spend and the forecast (credits/credits.service.ts).
    createBudgetCreditsService(deps, { plan, catalog, getOverview: planning.getOverview }),
  );
}

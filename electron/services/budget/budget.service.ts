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

/** An import or its undo writes billing data only: the plans the alert check reads before it are the plans after it. */
const BILLING_DATA_ONLY = { plansUnchanged: true } as const;

export function createBudgetService(
  deps: ServiceDeps,
  {
    plan,
    catalog,
  }: { plan: Pick<PlanService, 'getPlan' | 'currentView' | 'load'>; catalog: Pick<CatalogService, 'listProviders' | 'listOfferings'> },
) {
  const planning = createBudgetPlanningService(deps, { plan });
  // An import's lines get their tracks by the rules in the transaction that makes them visible.
  // Given as they are written, by the rules when the import starts; allocated again only if a rule changed meanwhile.
  const imports = createBudgetImportService(deps, {
    trackAssigner: planning.trackAssigner,
    onPublished: (importId, tracksCurrent) => {
      if (!tracksCurrent) planning.allocateImports([importId]);
    },
  });
  /**
   * An import allocates its lines by the rules and raises the budget alerts it crosses, as it is written (issue 25
   * item 6: reads never do); its result says how much of it falls in the active project's dates and how much is assigned.
   */
  const importFile = (request: Parameters<typeof imports.importFile>[0]): Promise<ImportResult> =>
    planning.aroundWrite(
      'all',
      async () => {
        const result = await imports.importFile(request);
        if (result.importId === null) return result;
        const reach = planning.importReach([result.importId]).get(result.importId);
        return reach ? { ...result, reach } : result;
      },
      BILLING_DATA_ONLY,
    );
  /** Undoing an import: the imports it restores are allocated by the current rules; alerts it raises are notified. */
  const undoImport = (id: number) =>
    planning.aroundWrite(
      'all',
      () => {
        const result = imports.undoImport(id);
        planning.allocateImports(result.restoredImportIds);
        return result;
      },
      BILLING_DATA_ONLY,
    );
  /** The imports list, each active import with its reach into the active project. */
  const listImportsWithReach = async (): Promise<BillingImport[]> => {
    const list = imports.listImports();
    const reach = planning.importReach(list.filter((i) => i.status === 'active').map((i) => i.id));
    return list.map((i) => {
      const r = reach.get(i.id);
      return r ? { ...i, reach: r } : i;
    });
  };
  const credits = createBudgetCreditsService(deps, { plan, catalog, getOverview: planning.getOverview });
  return mergeDisjoint(
    // Billing imports, history with undo, column mappings, spend summary and explorer (import/import.service.ts).
    { ...imports, importFile, undoImport, listImportsWithReach },
    // Folders of billing exports kept in sync through the import above (allocated, alerts raised) (sources/sources.service.ts).
    createBudgetSourcesService(deps, { importFile }),
    // Budgets, thresholds, allocation rules, exchange rates, overview (budget-planning.service.ts).
    planning,
    // Credits and free tiers: dated offsets applied to the spend and the forecast (credits/credits.service.ts).
    {
      ...credits,
      saveCredit: (credit: Parameters<typeof credits.saveCredit>[0]) =>
        planning.aroundWrite([credit.projectId], () => credits.saveCredit(credit)),
      deleteCredit: (id: number) => planning.aroundWrite('all', () => credits.deleteCredit(id)),
    },
  );
}

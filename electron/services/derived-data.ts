/**
 * Derived data is refreshed by the writes that change its inputs, never by a read (issue 25 item 6). Within a domain
 * the service does it itself (a plan edit refreshes its estimates in its transaction, an import allocates its lines
 * and raises the budget alerts it crosses); this file wires the writes of one domain to the data another derives:
 * - a price (catalog) or a cost setting changes every project's estimates, in the same transaction;
 * - a plan edit (or undo, redo, promotion) may raise the project's forecast over a budget threshold: notified then;
 * - a new database (or new bundled examples, or a new launch of the app) gets its estimates once, as it is opened.
 */
import type { Database } from 'better-sqlite3';
import type { BudgetService } from './budget/budget.service';
import type { CatalogService } from './catalog/catalog.service';
import type { PlanService } from './plan/plan.service';
import type { SettingsService } from './settings/settings.service';

/** The writes of another domain that change the plans' estimates. */
export const ESTIMATE_INPUT_WRITES = {
  catalog: ['addPrice', 'createOffering', 'updateOffering', 'deleteOffering', 'importCsv'],
  settings: ['update'],
} as const satisfies { catalog: ReadonlyArray<keyof CatalogService>; settings: ReadonlyArray<keyof SettingsService> };

/** The catalog writes that change what the plans' data costs (storage, transfer) forecast, not their estimates. */
export const FORECAST_INPUT_WRITES = { catalog: ['updateDataRate'] } as const satisfies { catalog: ReadonlyArray<keyof CatalogService> };

/** The plan writes that may move a project's forecast (their request names the project). */
export const FORECAST_WRITES = [
  'edit',
  'editAndEstimate',
  'undo',
  'redo',
  'promoteScenario',
  'undoPromote',
] as const satisfies ReadonlyArray<keyof PlanService>;

type AnyFn = (...args: never[]) => unknown;

/** Replaces `target[name]` with `wrap(original)`. */
function wrapMethod<T extends object>(target: T, name: keyof T, wrap: (original: AnyFn) => AnyFn): void {
  const original = (target[name] as AnyFn).bind(target);
  (target as Record<keyof T, unknown>)[name] = wrap(original);
}

export function keepDerivedDataCurrent(options: {
  db: Database;
  catalog: CatalogService;
  settings: SettingsService;
  plan: PlanService;
  budget: BudgetService;
  /** Recompute every project's estimates now: a new database (seeded), new bundled examples, an app launch. */
  refreshAtStart: boolean;
}): void {
  const { db, catalog, settings, plan, budget } = options;
  // A price or a setting: the write and every estimate it changed commit together (the estimator is synchronous).
  const refreshingEstimates = (original: AnyFn): AnyFn => {
    const inTransaction = db.transaction((...args: never[]) => {
      const result = original(...args);
      plan.refreshAllEstimates();
      return result;
    });
    return (...args) => budget.aroundWrite('all', () => inTransaction(...args));
  };
  for (const name of ESTIMATE_INPUT_WRITES.catalog) wrapMethod(catalog, name, refreshingEstimates);
  for (const name of ESTIMATE_INPUT_WRITES.settings) wrapMethod(settings, name, refreshingEstimates);
  for (const name of FORECAST_INPUT_WRITES.catalog)
    wrapMethod(
      catalog,
      name,
      (original) =>
        (...args) =>
          budget.aroundWrite('all', () => original(...args)),
    );
  // A plan edit that raises the forecast over a threshold notifies as it is saved.
  for (const name of FORECAST_WRITES)
    wrapMethod(plan, name, (original) => (request: { projectId?: string }) => {
      const scope = request?.projectId ? [request.projectId] : 'all';
      return budget.aroundWrite(scope, () => original(request as never));
    });
  if (options.refreshAtStart) plan.refreshAllEstimates();
}

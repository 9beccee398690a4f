/** Budget use cases (owned by the budget domain). */
import type { ServiceDeps } from '../service-deps';
import { createBudgetPlanningService } from './budget-planning.service';
import { createBudgetCreditsService } from './credits/credits.service';
import { createBudgetImportService } from './import/import.service';
import { createBudgetSourcesService } from './sources/sources.service';

export type BudgetService = ReturnType<typeof createBudgetService>;

export function createBudgetService(_deps: ServiceDeps) {
  const imports = createBudgetImportService(_deps);
  return {
    // Billing imports, history with undo, column mappings, spend summary and explorer (import/import.service.ts).
    ...imports,
    // Folders of billing exports kept in sync through the import service (sources/sources.service.ts).
    ...createBudgetSourcesService(_deps, imports),
    // Budgets, thresholds, allocation rules, exchange rates, overview (budget-planning.service.ts).
    ...createBudgetPlanningService(_deps),
    // Credits and free tiers: dated offsets applied to the spend and the forecast (credits/credits.service.ts).
    ...createBudgetCreditsService(_deps),
  };
}

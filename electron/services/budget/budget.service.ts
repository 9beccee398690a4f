/** Budget use cases (owned by the budget domain). */
import type { ServiceDeps } from '../service-deps';
import { createBudgetPlanningService } from './budget-planning.service';
import { createBudgetImportService } from './import/import.service';

export type BudgetService = ReturnType<typeof createBudgetService>;

export function createBudgetService(_deps: ServiceDeps) {
  return {
    // Billing imports, history with undo, column mappings, spend summary and explorer (import/import.service.ts).
    ...createBudgetImportService(_deps),
    // Budgets, thresholds, allocation rules, exchange rates, overview (budget-planning.service.ts).
    ...createBudgetPlanningService(_deps),
  };
}

/** Budget use cases (owned by the budget domain). */
import type { ServiceDeps } from '../service-deps';
import { createBudgetPlanningService } from './budget-planning.service';

export type BudgetService = ReturnType<typeof createBudgetService>;

export function createBudgetService(_deps: ServiceDeps) {
  return {
    // Budgets, thresholds, allocation rules, exchange rates, overview (budget-planning.service.ts).
    ...createBudgetPlanningService(_deps),
  };
}

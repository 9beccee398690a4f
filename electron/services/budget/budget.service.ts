/** Budget use cases (owned by the budget domain). */
import type { ServiceDeps } from '../service-deps';

export type BudgetService = ReturnType<typeof createBudgetService>;

export function createBudgetService(_deps: ServiceDeps) {
  return {};
}

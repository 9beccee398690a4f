/** Plan use cases (owned by the plan domain). */
import type { ServiceDeps } from '../service-deps';

export type PlanService = ReturnType<typeof createPlanService>;

export function createPlanService(_deps: ServiceDeps) {
  return {};
}

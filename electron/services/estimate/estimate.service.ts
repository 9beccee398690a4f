/** Estimate use cases (owned by the estimate domain). */
import type { ServiceDeps } from '../service-deps';

export type EstimateService = ReturnType<typeof createEstimateService>;

export function createEstimateService(_deps: ServiceDeps) {
  return {};
}

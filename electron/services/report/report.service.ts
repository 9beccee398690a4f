/** Report use cases (owned by the report domain). */
import type { ServiceDeps } from '../service-deps';

export type ReportService = ReturnType<typeof createReportService>;

export function createReportService(_deps: ServiceDeps) {
  return {};
}

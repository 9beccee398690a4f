import type { BudgetService } from './budget/budget.service';
import type { CatalogService } from './catalog/catalog.service';
import type { EstimateService } from './estimate/estimate.service';
import type { OptimizeService } from './plan/optimize/optimize.service';
import type { PlanService } from './plan/plan.service';
import type { ReportService } from './report/report.service';
import type { RunsService } from './runs/runs.service';
import type { SettingsService } from './settings/settings.service';

/** Every domain's use cases, as the handlers and the CLI see them. */
export interface AppServices {
  catalog: CatalogService;
  estimate: EstimateService;
  plan: PlanService;
  optimize: OptimizeService;
  budget: BudgetService;
  report: ReportService;
  settings: SettingsService;
  runs: RunsService;
}

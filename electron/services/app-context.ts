/**
 * Assembles the main-process side: database, services and the handler table. Electron's main, the CLI,
 * the e2e bridge and the integration tests all build it here, the same way.
 */
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../db/connection';
import { schemaVersion } from '../db/migrate';
import type { AppInfo } from '../../shared/ipc/contract/app';
import { appHandlers } from './app.handlers';
import type { AppServices } from './app-services';
import { budgetHandlers } from './budget/budget.handlers';
import { createBudgetService } from './budget/budget.service';
import { catalogHandlers } from './catalog/catalog.handlers';
import { catalogDataRateHandlers } from './catalog/data-rates.handlers';
import { createCatalogService } from './catalog/catalog.service';
import { estimateHandlers } from './estimate/estimate.handlers';
import { createEstimateService } from './estimate/estimate.service';
import { keepDerivedDataCurrent } from './derived-data';
import { createFileGrants } from './file-grants';
import { consoleLogger, neverThrowing } from './logger';
import type { Logger } from '../../shared/logger';
import { createHandlerTable, mergeHandlers, type HandlerTable } from './handler-table';
import { NO_NOTIFICATIONS } from './budget/budget-alerts';
import { DATABASE_FILE_NAME, defaultResourcesDir } from './paths';
import { planHandlers } from './plan/plan.handlers';
import { createPlanService, type PlanService } from './plan/plan.service';
import { planClaimsHandlers } from './plan/claims/claims.handlers';
import { planOptimizeHandlers } from './plan/optimize/optimize.handlers';
import { createOptimizeService, type OptimizeDeps } from './plan/optimize/optimize.service';
import { createSolverClient } from '../worker/optimizer-client';
import type { WorkloadEstimator } from './plan/plan-estimates';
import { createChromiumPdfRenderer, type PdfRenderer } from './report/render-pdf';
import { createReportService } from './report/report.service';
import { reportHandlers } from './report/report.handlers';
import { settingsHandlers } from './settings/settings.handlers';
import { createSettingsService } from './settings/settings.service';
import { runsHandlers } from './runs/runs.handlers';
import { createRunsService } from './runs/runs.service';
import { noDialogs, type Dialogs, type EmitEvent, type ServiceDeps } from './service-deps';

export interface AppContextOptions {
  dataDir: string;
  /** Defaults to <dataDir>/gpu-planner.sqlite. */
  databaseFile?: string;
  resourcesDir?: string;
  emit?: EmitEvent;
  dialogs?: Dialogs;
  notify?: (title: string, body: string) => void;
  runtime: AppInfo['runtime'];
  version?: string;
  now?: () => Date;
  /** The review PDF's renderer (Electron's printToPDF in the app); headless Chromium by default. Closed on quit. */
  pdfRenderer?: PdfRenderer;
  /** The app's log (electron-log's file in Electron's main); the console elsewhere. */
  logger?: Logger;
}

export interface AppContext {
  db: Database;
  deps: ServiceDeps;
  services: AppServices;
  handlers: HandlerTable;
  info(): AppInfo;
  close(): void;
  /** Stops the services' workers and waits for them, then closes the database (the app's quit). */
  shutdown(): Promise<void>;
}

export function createAppContext(options: AppContextOptions): AppContext {
  const databaseFile = options.databaseFile ?? path.join(options.dataDir, DATABASE_FILE_NAME);
  const resourcesDir = options.resourcesDir ?? defaultResourcesDir();
  const { db, seeded, examplesAdded } = openDatabase(databaseFile, { resourcesDir });
  const deps: ServiceDeps = {
    db,
    databaseFile,
    resourcesDir,
    dataDir: options.dataDir,
    emit: options.emit ?? (() => {}),
    dialogs: options.dialogs ?? noDialogs,
    notify: options.notify ?? NO_NOTIFICATIONS, // none shown: the writes skip the budget alert check
    now: options.now ?? (() => new Date()),
    ...(options.version ? { appVersion: options.version } : {}),
    fileGrants: createFileGrants(),
    logger: neverThrowing(options.logger ?? consoleLogger),
  };
  // Each service is built after the ones it uses, and is handed exactly those.
  const settings = createSettingsService(deps);
  const catalog = createCatalogService(deps);
  const estimate = createEstimateService(deps, { catalog, settings });
  const estimator: WorkloadEstimator = (workload, gpuIds) => estimate.estimateWorkload(workload, gpuIds);
  const plan = createPlanService(deps, { catalog, estimator });
  const optimize = createOptimizeService(optimizeDeps(deps, plan, estimator, options.runtime));
  const budget = createBudgetService(deps, { plan, catalog });
  const pdfRenderer = options.pdfRenderer ?? createChromiumPdfRenderer();
  const report = createReportService(deps, { plan, catalog, estimate, budget, settings, pdfRenderer });
  const runs = createRunsService(deps, { plan, estimate, estimator });
  const services: AppServices = { catalog, estimate, plan, optimize, budget, report, settings, runs };
  // Estimates are computed at start for a new database and, in a long-running app, once per launch (an update of the
  // estimation engine changes them without any write); the CLI's short runs leave them as the writes left them.
  const refreshAtStart = seeded || examplesAdded.length > 0 || options.runtime !== 'cli';
  keepDerivedDataCurrent({ db, catalog, settings, plan, budget, refreshAtStart });
  /** What holds a worker thread or a browser: stopped on close and on quit. */
  const stopAll = () => [estimate.dispose(), optimize.dispose(), pdfRenderer.close()];
  const info = (): AppInfo => ({
    name: 'GPU Planner',
    version: options.version ?? '0.1.0',
    dataDir: options.dataDir,
    databaseFile,
    schemaVersion: schemaVersion(db),
    runtime: options.runtime,
  });
  const table = createHandlerTable(
    mergeHandlers(
      appHandlers(info),
      catalogHandlers,
      catalogDataRateHandlers,
      estimateHandlers,
      planHandlers,
      planOptimizeHandlers,
      planClaimsHandlers,
      budgetHandlers,
      reportHandlers,
      settingsHandlers,
      runsHandlers,
    ),
    { services, deps },
  );
  return {
    db,
    deps,
    services,
    handlers: table,
    info,
    close: () => {
      for (const stopping of stopAll()) void stopping.catch(() => {});
      if (db.open) db.close();
    },
    shutdown: async () => {
      await Promise.allSettled(stopAll());
      if (db.open) db.close();
    },
  };
}

/** Auto-plan solves in a worker thread wherever a window waits on it; the CLI solves in-process. */
function optimizeDeps(deps: ServiceDeps, plan: PlanService, estimator: WorkloadEstimator, runtime: AppInfo['runtime']): OptimizeDeps {
  const solver = createSolverClient({ useWorker: runtime !== 'cli', logger: deps.logger });
  let solving = false;
  return {
    plan,
    estimator,
    solve: async (request, onProgress) => {
      solving = true;
      try {
        return await solver.solve(request, onProgress);
      } finally {
        solving = false;
      }
    },
    now: deps.now,
    onProgress: (progress) => deps.emit('plan:optimize-progress', progress),
    stop: () => {
      if (solving) solver.stop();
      return solving;
    },
    dispose: () => solver.dispose(),
  };
}

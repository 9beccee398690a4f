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
import { createCatalogService } from './catalog/catalog.service';
import { estimateHandlers } from './estimate/estimate.handlers';
import { createEstimateService } from './estimate/estimate.service';
import { createFileGrants } from './file-grants';
import { createHandlerTable, mergeHandlers, type AnyHandlerMap, type HandlerTable } from './handler-table';
import { DATABASE_FILE_NAME, defaultResourcesDir } from './paths';
import { planHandlers } from './plan/plan.handlers';
import { createPlanService } from './plan/plan.service';
import { planClaimsHandlers } from './plan/claims/claims.handlers';
import { planOptimizeHandlers } from './plan/optimize/optimize.handlers';
import { createOptimizeService } from './plan/optimize/optimize.service';
import { createSolverClient } from './plan/optimize/solver-client';
import { findEstimator } from './plan/plan-estimates';
import { createReportService } from './report/report.service';
import { reportHandlers } from './report/report.handlers';
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
  const { db } = openDatabase(databaseFile, { resourcesDir });
  let services: AppServices | undefined;
  const deps: ServiceDeps = {
    db,
    databaseFile,
    resourcesDir,
    dataDir: options.dataDir,
    emit: options.emit ?? (() => {}),
    dialogs: options.dialogs ?? noDialogs,
    notify: options.notify ?? (() => {}),
    services: () => services!,
    now: options.now ?? (() => new Date()),
    ...(options.version ? { appVersion: options.version } : {}),
    fileGrants: createFileGrants(),
  };
  const catalog = createCatalogService(deps);
  const estimate = createEstimateService(deps);
  const plan = createPlanService(deps);
  // Auto-plan solves in a worker thread wherever a window waits on it; the CLI solves in-process.
  const solver = createSolverClient({ useWorker: options.runtime !== 'cli' });
  let solving = false;
  const optimize = createOptimizeService({
    plan,
    estimator: findEstimator({ estimate } as AppServices),
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
  });
  services = {
    catalog,
    estimate,
    plan,
    optimize,
    budget: createBudgetService(deps),
    report: createReportService(deps),
  };
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
      appHandlers(info) as AnyHandlerMap,
      catalogHandlers as AnyHandlerMap,
      estimateHandlers as AnyHandlerMap,
      planHandlers as AnyHandlerMap,
      planOptimizeHandlers as AnyHandlerMap,
      planClaimsHandlers as AnyHandlerMap,
      budgetHandlers as AnyHandlerMap,
      reportHandlers as AnyHandlerMap,
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
      const closable = services as unknown as Record<string, { dispose?: () => void }>;
      for (const service of Object.values(closable)) service.dispose?.();
      if (db.open) db.close();
    },
    shutdown: async () => {
      const closable = services as unknown as Record<string, { dispose?: () => unknown }>;
      await Promise.allSettled(Object.values(closable).map(async (service) => service.dispose?.()));
      if (db.open) db.close();
    },
  };
}

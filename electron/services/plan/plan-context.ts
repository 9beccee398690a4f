/**
 * What every plan use case reads: the project's plan as stored, its scenarios, the catalog it prices against, the
 * edit histories (this session only), and the plan view the renderer and the CLI receive.
 */
import type { Database } from 'better-sqlite3';
import { UserError } from '../../../shared/domain/errors';
import { analyzePlan } from '../../../shared/domain/plan/checks';
import { rangesOfAnalysis } from '../../../shared/domain/plan/plan-ranges';
import { emptyHistory, type History } from '../../../shared/domain/plan/commands';
import { scenarioInfo, withProjectMoney } from '../../../shared/domain/plan/scenarios';
import { selectProjectMoney } from '../../db/queries/project-budget';
import { planWeeks } from '../../../shared/domain/plan/totals';
import type { OfferingFacts, Plan, PlanCatalog, Scenario } from '../../../shared/domain/plan/types';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { selectRates } from '../../db/queries/budget-planning';
import type { ExchangeRate } from '../../../shared/domain/budget/types';
import { selectDefaultProjectId } from '../../db/queries/plan';
import { selectPlan } from '../../db/queries/plan-aggregate';
import { selectScenarios } from '../../db/queries/scenario';
import type { CatalogService } from '../catalog/catalog.service';
import type { ServiceDeps } from '../service-deps';
import type { RunCorrection } from '../../../shared/domain/runs/corrections';
import { projectCorrections } from '../runs/run-corrections';
import type { WorkloadEstimator } from './plan-estimates';

export interface PlanContext {
  db: Database;
  now(): Date;
  /** Undo/redo histories by project id, or by {@link scenarioKey} for a scenario. */
  histories: Map<string, History>;
  historyOf(key: string): History;
  catalog(): PlanCatalog;
  resolveProjectId(projectId?: string): string;
  load(projectId?: string): { plan: Plan; revision: number };
  view(plan: Plan, revision: number, cat?: PlanCatalog, scenario?: Scenario | null): PlanView;
  /** The project's scenarios, each with the project's currency and budget (a scenario keeps an older copy). */
  scenarios(projectId: string): Scenario[];
  /** The project's corrections from its recorded runs (issue 29 item 2), which its estimates take. */
  corrections(projectId: string, cat: PlanCatalog, estimator: WorkloadEstimator | null): RunCorrection[];
}

/** The history key of a scenario (a project's is its id). */
export const scenarioKey = (scenarioId: string) => `scenario:${scenarioId}`;

/** What the plan's catalog is read from (without `listSubscriptions`: the bundled subscriptions). */
export type PlanCatalogSource = Pick<CatalogService, 'listOfferings' | 'listGpus' | 'listDataRates'> &
  Partial<Pick<CatalogService, 'listSubscriptions'>>;

/** The catalog's offerings as the plan prices them, and the exchange rates that turn its USD into a project's currency. */
function planCatalog(db: Database, catalogService: PlanCatalogSource): PlanCatalog {
  const gpuNames = new Map(catalogService.listGpus().map((g) => [g.id, g.name]));
  const offerings: OfferingFacts[] = catalogService.listOfferings().map((o) => ({
    id: o.id,
    gpuId: o.gpuId,
    ...(gpuNames.has(o.gpuId) ? { gpuName: gpuNames.get(o.gpuId)! } : {}),
    gpuCount: o.gpuCount,
    vcpus: o.vcpus,
    label: o.sku.toLowerCase().startsWith((o.providerName.split(' ').pop() ?? '').toLowerCase()) ? o.sku : `${o.providerName} ${o.sku}`,
    deleted: false,
    prices: o.prices.map((p) => ({ kind: p.kind, usd: p.usd, per: p.per, asOf: p.asOf, source: p.source })),
  }));
  const dataRates = catalogService.listDataRates().map(({ edited: _edited, ...rate }) => rate);
  const subscriptions = catalogService.listSubscriptions?.();
  // The exchange rates (4,000+ rows with the bundled ones) are read only when a figure needs converting: a plan in USD
  // with USD spend never reads them, and a view reads them once (reading them was two thirds of a plan view).
  let rates: ExchangeRate[] | undefined;
  const catalog: PlanCatalog = {
    offerings,
    dataRates,
    ...(subscriptions ? { subscriptions } : {}),
    get rates() {
      return (rates ??= selectRates(db));
    },
  };
  return catalog;
}

export function createPlanContext(deps: ServiceDeps, catalogService: PlanCatalogSource): PlanContext {
  const { db } = deps;
  const histories = new Map<string, History>();
  const historyOf = (key: string) => histories.get(key) ?? emptyHistory();

  function resolveProjectId(projectId?: string): string {
    const id = projectId ?? selectDefaultProjectId(db);
    if (!id) throw new UserError('NOT_FOUND', 'There is no project yet.', { field: 'projectId' });
    return id;
  }

  function load(projectId?: string): { plan: Plan; revision: number } {
    const id = resolveProjectId(projectId);
    const loaded = selectPlan(db, id);
    if (!loaded) throw new UserError('NOT_FOUND', `No project "${id}".`, { field: 'projectId', value: id });
    return loaded;
  }

  const catalog = () => planCatalog(db, catalogService);

  function view(plan: Plan, revision: number, cat: PlanCatalog = catalog(), scenario: Scenario | null = null): PlanView {
    const t0 = performance.now();
    const checked = analyzePlan(plan, cat);
    const analysis = { ...checked, ranges: rangesOfAnalysis(plan, cat, checked) };
    const analysisMs = performance.now() - t0;
    const history = historyOf(scenario ? scenarioKey(scenario.id) : plan.project.id);
    return {
      plan,
      revision,
      weeks: planWeeks(plan),
      analysis,
      catalog: cat,
      history: { undoLabel: history.past.at(-1)?.label ?? null, redoLabel: history.future.at(-1)?.label ?? null },
      analysisMs: Math.round(analysisMs * 1000) / 1000,
      scenario: scenario ? scenarioInfo(scenario) : null,
    };
  }

  return {
    db,
    now: () => deps.now(),
    histories,
    historyOf,
    catalog,
    resolveProjectId,
    load,
    view,
    corrections: (projectId, cat, estimator) => projectCorrections(db, projectId, cat, estimator),
    scenarios: (projectId) => {
      const money = selectProjectMoney(db, projectId);
      const stored = selectScenarios(db, projectId);
      return money ? stored.map((s) => ({ ...s, plan: withProjectMoney(money, s.plan) })) : stored;
    },
  };
}

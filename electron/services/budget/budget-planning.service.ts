/**
 * Budget planning use cases: budgets and thresholds, ordered allocation rules (allocation-rules.ts), dated exchange
 * rates, and the overview (budget-overview.ts). The billing import use cases are in budget.service.ts.
 */
import Big from 'big.js';
import type { Budget, ExchangeRate } from '../../../shared/domain/budget/types';
import { UserError } from '../../../shared/domain/errors';
import * as q from '../../db/queries/budget-planning';
import { bumpRevision } from '../../db/queries/plan';
import { dismissNotice, selectNotices } from '../../db/queries/project-budget';
import { budgetSplits } from '../../../shared/domain/budget/budget-splits';
import type { PlanService } from '../plan/plan.service';
import type { ServiceDeps } from '../service-deps';
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { createAllocationRuleUseCases } from './allocation-rules';
import { createAlertRaiser } from './budget-alerts';
import { overviewReader } from './budget-overview';
import { importReachReader } from './import-reach';
import { checkTrack, projectPlan, refuseOtherProject } from './budget-project';
import { createSpendAllocator } from './spend-allocator';
import { parseRatesCsv } from './fx-csv';
import { describeRate, findRate } from '../../../shared/domain/budget/currency';

/** A budget to save: a new one (no id) or an edit of one. */
export type BudgetDraft = Omit<Budget, 'id'> & { id?: number | undefined };

/** The plan the overview compares the spend with. */
export interface BudgetPlanningDeps {
  plan: Pick<PlanService, 'currentView' | 'load'>;
}

export function createBudgetPlanningService(deps: ServiceDeps, { plan: planService }: BudgetPlanningDeps) {
  const { db } = deps;
  const allocator = createSpendAllocator(db);
  const rules = createAllocationRuleUseCases(deps, allocator);
  const overviewOf = overviewReader(deps, planService);
  const { aroundWrite } = createAlertRaiser(deps, {
    viewOf: (projectId) => planService.currentView(projectId),
    overviewOf: (projectId, view, rates) => overviewOf(projectId, view, rates),
    rates: () => q.selectRates(db),
  });
  /** Rules move spend between every project's tracks: any project's alerts may change. */
  const { listRules, previewRules } = rules;
  const saveRule = (draft: Parameters<typeof rules.saveRule>[0]) => aroundWrite('all', () => rules.saveRule(draft));
  const deleteRule = (id: number) => aroundWrite('all', () => rules.deleteRule(id));
  const reorderRules = (projectId: string, ruleIds: number[]) => aroundWrite('all', () => rules.reorderRules(projectId, ruleIds));
  const replaceRules = (projectId: string, drafts: Parameters<typeof rules.replaceRules>[1]) =>
    aroundWrite('all', () => rules.replaceRules(projectId, drafts));

  function listBudgets(projectId: string): Budget[] {
    projectPlan(db, projectId);
    return q.selectBudgets(db, projectId);
  }

  /** The project's one budget record: its rows (the total and its splits), how the splits add up, and open notices. */
  function budgetRecord(projectId: string) {
    const budgets = listBudgets(projectId);
    return { budgets, splits: budgetSplits(budgets), notices: selectNotices(db, projectId) };
  }

  /** Saving a budget may cross a threshold (a lower amount, a new threshold): notified by this write. */
  const saveBudget = (draft: BudgetDraft): Budget => aroundWrite([draft.projectId], () => writeBudget(draft));

  function writeBudget(draft: BudgetDraft): Budget {
    const plan = projectPlan(db, draft.projectId);
    if (draft.trackId) checkTrack(db, draft.projectId, draft.trackId);
    if (draft.currency !== plan.project.currency) {
      throw new UserError('INVALID_CURRENCY', `Budgets are in the project's currency, ${plan.project.currency}.`, {
        field: 'currency',
        value: draft.currency,
        expected: plan.project.currency,
      });
    }
    if (new Big(draft.amount).lt(0))
      throw new UserError('INVALID_AMOUNT', 'A budget cannot be negative.', { field: 'amount', value: draft.amount });
    const thresholds = [...new Set(draft.thresholds)].sort((a, b) => a - b);
    const amount = new Big(draft.amount).toString();
    return db.transaction(() => {
      const existing =
        draft.id !== undefined ? q.selectBudget(db, draft.id) : q.selectBudgetByScope(db, draft.projectId, draft.trackId, draft.month);
      if (draft.id !== undefined && !existing) throw new UserError('NOT_FOUND', `No budget ${draft.id}.`, { field: 'id' });
      if (existing) refuseOtherProject('budget', existing, draft.projectId);
      if (existing) {
        const clash = q.selectBudgetByScope(db, draft.projectId, draft.trackId, draft.month);
        if (clash && clash.id !== existing.id)
          throw new UserError('DUPLICATE_BUDGET', 'There is already a budget for this track and month.', { field: 'month' });
        const next = { ...existing, trackId: draft.trackId, month: draft.month, amount, currency: draft.currency, thresholds };
        q.updateBudget(db, next);
        if (isTotal(existing) || isTotal(next)) planChanged(draft.projectId);
        return next;
      }
      const row = { projectId: draft.projectId, trackId: draft.trackId, month: draft.month, amount, currency: draft.currency, thresholds };
      const id = q.insertBudget(db, row);
      if (isTotal(row)) planChanged(draft.projectId);
      return { id, ...row };
    })();
  }

  /** The project's total is the plan's budget (its one budget record): a change to it is a change of the plan. */
  const isTotal = (b: Pick<Budget, 'trackId' | 'month'>) => b.trackId === null && b.month === null;
  const planChanged = (projectId: string) => bumpRevision(db, projectId, deps.now().toISOString());

  function deleteBudget(id: number): boolean {
    return db.transaction(() => {
      const existing = q.selectBudget(db, id);
      const deleted = q.deleteBudget(db, id) > 0;
      if (deleted && existing && isTotal(existing)) planChanged(existing.projectId);
      return deleted;
    })();
  }

  /**
   * The rates a person reviews: their own (typed or imported) by default, or the bundled ones too (`all`), optionally of
   * one currency; with how many rates of each origin there are and the newest bundled date.
   */
  function listRates(filter: { all?: boolean | undefined; currency?: string | undefined; limit?: number | undefined } = {}) {
    const rates = q.selectRatesFiltered(db, {
      ...(filter.all ? {} : { origin: 'own' as const }),
      ...(filter.currency ? { currency: filter.currency } : {}),
      ...(filter.limit ? { limit: filter.limit } : {}),
    });
    return { rates, summary: q.rateSummary(db) };
  }

  /** The rate that converts `from` into `to` on `day`, as every figure uses it (currency.ts), or null. */
  function rateOn(from: string, to: string, day: string) {
    const rate = findRate(q.selectRates(db), from, to, day);
    return rate ? { ...rate, text: describeRate(from, to, rate, day) } : null;
  }

  /** A CSV of rates (fx-csv.ts), all or nothing: the same pair and date replaces the stored rate. */
  function importRates(text: string, file: string): { imported: number } {
    const rows = parseRatesCsv(text, file);
    aroundWrite('all', () =>
      db
        .transaction(() => {
          for (const row of rows) q.upsertRate(db, row);
        })
        .immediate(),
    );
    return { imported: rows.length };
  }

  const saveRate = (r: Omit<ExchangeRate, 'id'>): ExchangeRate => aroundWrite('all', () => writeRate(r));

  function writeRate(r: Omit<ExchangeRate, 'id'>): ExchangeRate {
    if (r.from === r.to)
      throw new UserError('INVALID_RATE', 'A rate converts between two different currencies.', { field: 'to', value: r.to });
    if (new Big(r.rate).lte(0)) throw new UserError('INVALID_RATE', 'A rate must be greater than 0.', { field: 'rate', value: r.rate });
    const row = { ...r, rate: new Big(r.rate).toString() };
    return { id: q.upsertRate(db, row), ...row };
  }

  return {
    listBudgets,
    budgetRecord,
    dismissNotice: (id: number) => dismissNotice(db, id, deps.now().toISOString()) > 0,
    saveBudget,
    deleteBudget: (id: number) => aroundWrite('all', () => deleteBudget(id)),
    listRules,
    saveRule,
    deleteRule,
    reorderRules,
    replaceRules,
    previewRules,
    reallocate: allocator.reallocate,
    listRates,
    rateOn,
    importRates,
    saveRate,
    deleteRate: (id: number) => {
      if (q.selectRateOrigin(db, id) === 'bundled')
        throw new UserError(
          'BUNDLED_RATE',
          'The bundled ECB reference rates cannot be deleted: add a rate of your own for that date, it is used first.',
          { field: 'id', value: String(id) },
        );
      return aroundWrite('all', () => q.deleteRate(db, id) > 0);
    },
    /** A read: the overview of a project (of the plan view the caller holds, when it passes one). */
    getOverview: async (projectId?: string, loaded?: PlanView): Promise<OverviewView> => overviewOf(projectId, loaded),
    overviewOf,
    importReach: importReachReader(deps, planService),
    /** The lines of new or restored imports get their tracks (called by the writes that add them). */
    allocateImports: allocator.allocateImports,
    /** The tracks of an import's lines as they are written, by the rules when it starts. */
    trackAssigner: allocator.trackAssigner,
    /** Runs a write and notifies the budget alerts it raised (budget-alerts.ts). */
    aroundWrite,
  };
}

export type BudgetPlanningService = ReturnType<typeof createBudgetPlanningService>;

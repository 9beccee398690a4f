/**
 * Budget planning use cases: budgets and thresholds, ordered allocation rules (allocation-rules.ts), dated exchange
 * rates, and the overview (budget-overview.ts). The billing import use cases are in budget.service.ts.
 */
import Big from 'big.js';
import type { Budget, ExchangeRate } from '../../../shared/domain/budget/types';
import { UserError } from '../../../shared/domain/errors';
import * as q from '../../db/queries/budget-planning';
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
  const { aroundWrite } = createAlertRaiser(deps, (projectId) => overviewOf(projectId));
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
        return next;
      }
      const row = { projectId: draft.projectId, trackId: draft.trackId, month: draft.month, amount, currency: draft.currency, thresholds };
      return { id: q.insertBudget(db, row), ...row };
    })();
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
    saveBudget,
    deleteBudget: (id: number) => q.deleteBudget(db, id) > 0,
    listRules,
    saveRule,
    deleteRule,
    reorderRules,
    replaceRules,
    previewRules,
    reallocate: allocator.reallocate,
    listRates: () => q.selectRates(db),
    saveRate,
    deleteRate: (id: number) => aroundWrite('all', () => q.deleteRate(db, id) > 0),
    /** A read: the overview of a project (of the plan view the caller holds, when it passes one). */
    getOverview: async (projectId?: string, loaded?: PlanView): Promise<OverviewView> => overviewOf(projectId, loaded),
    overviewOf,
    importReach: importReachReader(deps, planService),
    /** The lines of new or restored imports get their tracks (called by the writes that add them). */
    allocateImports: allocator.allocateImports,
    /** Runs a write and notifies the budget alerts it raised (budget-alerts.ts). */
    aroundWrite,
  };
}

export type BudgetPlanningService = ReturnType<typeof createBudgetPlanningService>;

/** Budget screen state: the overview, rules (with drafts and their live preview), budgets and rates, the open tab. */
import { create } from 'zustand';
import type { SerializedError } from '../../../shared/domain/errors';
import type { Response } from '../../../shared/ipc/contract';
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import { api } from '../../app/api';
import { currentProject } from '../projects/store';

export type BudgetTab = 'overview' | 'spend' | 'rules' | 'budgets' | 'imports' | 'sources';
export type Rule = Response<'budget:list-rules'>['rules'][number];
export type BudgetRow = Response<'budget:list-budgets'>['budgets'][number];
export type BudgetSplits = Response<'budget:list-budgets'>['splits'];
export type Notice = Response<'budget:list-budgets'>['notices'][number];
export type RulePreview = Response<'budget:preview-rules'>;

interface BudgetState {
  tab: BudgetTab;
  overview: OverviewView | null;
  rules: Rule[];
  budgets: BudgetRow[];
  /** How the budget's splits add up against its total (the one budget record). */
  splits: BudgetSplits | null;
  /** The project's notices not dismissed (e.g. which of two budgets the upgrade kept). */
  notices: Notice[];
  loading: boolean;
  error: SerializedError | null;
  setTab: (tab: BudgetTab) => void;
  load: () => Promise<void>;
  /** Runs an api call; on error keeps it in `error` and returns null; on success reloads everything. */
  run: <T>(call: () => Promise<{ ok: true; value: T } | { ok: false; error: SerializedError }>) => Promise<T | null>;
  clearError: () => void;
  setError: (error: SerializedError | null) => void;
}

export const useBudgetStore = create<BudgetState>((set, get) => ({
  tab: 'overview',
  overview: null,
  rules: [],
  budgets: [],
  splits: null,
  notices: [],
  loading: false,
  error: null,
  setTab: (tab) => set({ tab }),
  clearError: () => set({ error: null }),
  setError: (error) => set({ error }),
  load: async () => {
    set({ loading: true });
    const overview = await api.budget.getOverview(currentProject());
    if (!overview.ok) {
      set({ loading: false, error: overview.error });
      return;
    }
    const projectId = overview.value.projectId;
    const [rules, budgets] = await Promise.all([api.budget.listRules({ projectId }), api.budget.listBudgets({ projectId })]);
    set({
      loading: false,
      overview: overview.value,
      rules: rules.ok ? rules.value.rules : get().rules,
      budgets: budgets.ok ? budgets.value.budgets : get().budgets,
      splits: budgets.ok ? budgets.value.splits : get().splits,
      notices: budgets.ok ? budgets.value.notices : get().notices,
      error: !rules.ok ? rules.error : !budgets.ok ? budgets.error : null,
    });
  },
  run: async (call) => {
    const result = await call();
    if (!result.ok) {
      set({ error: result.error });
      return null;
    }
    set({ error: null });
    await get().load();
    return result.value;
  },
}));

/** Auto-plan on the Plan screen: the options, a running solve's progress, the suggestion and accepting it. */
import { create } from 'zustand';
import type { SerializedError } from '../../../../shared/domain/errors';
import type { OptimizeResult } from '../../../../shared/ipc/contract/plan-optimize';
import { api } from '../../../app/api';
import { usePlanStore } from '../store';

export interface SuggestOptions {
  objective: 'cost' | 'finish' | 'mix' | 'change';
  /** For the mix: what finishing a week earlier is worth, in dollars. */
  usdPerWeekEarlier: number;
  runCount: 'mid' | 'high';
  /** What the lead frees (issue 27 item 2): each off by default; bookings move, nothing else. */
  allowDates: boolean;
  allowHardware: boolean;
  allowReorder: boolean;
  /** Bookings of a pool take turns within its week's hours (as the checks count a pool); off: the strict rule. */
  allowTurns: boolean;
  timeLimitSeconds: number;
}

interface SuggestState {
  open: boolean;
  options: SuggestOptions;
  running: boolean;
  progress: { seconds: number; gap: number | null } | null;
  result: OptimizeResult | null;
  /** Weeks the lead ticked to accept alone. */
  chosenWeeks: string[];
  accepted: string | null;
  error: SerializedError | null;
  setOpen: (open: boolean) => void;
  setOptions: (patch: Partial<SuggestOptions>) => void;
  toggleWeek: (week: string) => void;
  suggest: () => Promise<void>;
  stop: () => Promise<void>;
  accept: (weeks?: string[]) => Promise<void>;
}

const OBJECTIVE_NAME = { cost: 'least cost', finish: 'earliest finish', mix: 'cost and finish', change: 'least change' } as const;

export const useSuggestStore = create<SuggestState>((set, get) => ({
  open: false,
  options: {
    objective: 'cost',
    usdPerWeekEarlier: 50,
    runCount: 'mid',
    allowDates: false,
    allowHardware: false,
    allowReorder: false,
    allowTurns: true,
    timeLimitSeconds: 30,
  },
  running: false,
  progress: null,
  result: null,
  chosenWeeks: [],
  accepted: null,
  error: null,
  setOpen: (open) => set({ open }),
  setOptions: (patch) => set({ options: { ...get().options, ...patch } }),
  toggleWeek: (week) =>
    set({ chosenWeeks: get().chosenWeeks.includes(week) ? get().chosenWeeks.filter((w) => w !== week) : [...get().chosenWeeks, week] }),

  async suggest() {
    const view = usePlanStore.getState().view;
    if (!view || get().running) return;
    const { options } = get();
    set({ running: true, progress: { seconds: 0, gap: null }, result: null, error: null, accepted: null, chosenWeeks: [] });
    const off = api.events.on('plan:optimize-progress', (progress) => set({ progress }));
    try {
      const r = await api.plan.optimize({
        projectId: view.plan.project.id,
        objective: options.objective,
        ...(options.objective === 'mix' ? { usdPerWeekEarlier: options.usdPerWeekEarlier } : {}),
        runCount: options.runCount,
        allowDates: options.allowDates,
        allowHardware: options.allowHardware,
        allowReorder: options.allowReorder,
        allowTurns: options.allowTurns,
        timeLimitSeconds: options.timeLimitSeconds,
        saveAs: `Suggested: ${OBJECTIVE_NAME[options.objective]} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
      });
      if (r.ok) {
        set({ result: r.value });
        void usePlanStore.getState().loadCompare();
      } else set({ error: r.error });
    } finally {
      off();
      set({ running: false, progress: null });
    }
  },

  async stop() {
    await api.plan.stopOptimize({});
  },

  async accept(weeks) {
    const view = usePlanStore.getState().view;
    const result = get().result;
    if (!view || !result?.scenarioId) return;
    const r = await api.plan.acceptSuggestion({
      projectId: view.plan.project.id,
      revision: view.revision,
      scenarioId: result.scenarioId,
      ...(weeks ? { weeks } : {}),
    });
    if (!r.ok) {
      set({ error: r.error });
      return;
    }
    usePlanStore.setState({ view: r.value, error: null });
    void usePlanStore.getState().loadCompare();
    set({ accepted: weeks ? `Accepted ${weeks.join(', ')}.` : 'Accepted the whole suggestion.', chosenWeeks: [] });
  },
}));

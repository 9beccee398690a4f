/** The cost settings as the renderer sees them: loaded once, replaced after every change (screens re-read them). */
import { create } from 'zustand';
import { DEFAULT_COST_SETTINGS, describeCostSettings, type CostSettings } from '../../../shared/domain/settings/cost-settings';
import type { SettingsView } from '../../../shared/ipc/contract/settings';
import { api, unwrap } from '../../app/api';

interface SettingsState {
  view: SettingsView;
  loaded: boolean;
  /** Increments on every change: screens whose figures rest on the settings re-run with it. */
  revision: number;
  dialogOpen: boolean;
  load(): Promise<void>;
  save(cost: Partial<CostSettings>, reset?: boolean): Promise<void>;
  openDialog(open: boolean): void;
  /** Hides the first-run guide for good (no figure depends on it: the revision stays). */
  dismissGuide(): Promise<void>;
}

const defaults: SettingsView = {
  cost: { ...DEFAULT_COST_SETTINGS },
  defaults: { ...DEFAULT_COST_SETTINGS },
  summary: describeCostSettings(DEFAULT_COST_SETTINGS),
  updatedAt: null,
  guideDismissedAt: null,
};

export const useSettings = create<SettingsState>((set, get) => ({
  view: defaults,
  loaded: false,
  revision: 0,
  dialogOpen: false,
  async load() {
    set({ view: await unwrap(api.settings.get({})), loaded: true });
  },
  async save(cost, reset) {
    const view = await unwrap(api.settings.update({ cost, ...(reset ? { reset: true } : {}) }));
    set({ view, revision: get().revision + 1 });
  },
  openDialog(open) {
    set({ dialogOpen: open });
  },
  async dismissGuide() {
    set({ view: { ...get().view, guideDismissedAt: new Date().toISOString() } });
    set({ view: await unwrap(api.settings.dismissGuide({})) });
  },
}));

export const selectCostSettings = (s: SettingsState) => s.view.cost;

/** Plan screen state: the plan view from main, the selection, zoom, field errors of the last refused edit. */
import { create } from 'zustand';
import type { CellRef } from '../../../shared/domain/plan/checks';
import type { PlanCommand } from '../../../shared/domain/plan/commands';
import type { SerializedError } from '../../../shared/domain/errors';
import type { Allocation } from '../../../shared/domain/plan/types';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import type { Response } from '../../../shared/ipc/contract';
import { api } from '../../app/api';
import { currentProject } from '../projects/store';
import type { EditOptions, EditorTarget } from './editor-types';

export type Zoom = 'weeks' | 'months';

export type { EditOptions } from './editor-types';
export interface CellSelection {
  trackId: string;
  week: string;
}

interface PlanState {
  view: PlanView | null;
  loading: boolean;
  busy: boolean;
  error: SerializedError | null;
  /** Field → message of the last refused edit (shown at the field). */
  fieldErrors: Record<string, string>;
  zoom: Zoom;
  selected: CellSelection | null;
  selectedAllocationId: string | null;
  /** An unsaved booking of an empty week, open in the Booking panel (Enter or a double click); saved only by Save. */
  draftAllocation: Allocation | null;
  startDraft: (allocation: Allocation) => void;
  flash: CellRef | null;
  compare: Response<'plan:compare-scenarios'> | null;
  projects: Response<'plan:list-projects'>['projects'];
  /** The scenario open on the timeline (its edits, undo and redo go to it), or null for the current plan. */
  scenarioId: string | null;
  openScenario: (scenarioId: string | null) => Promise<void>;
  load: (projectId?: string) => Promise<void>;
  /** Re-reads the plan shown (its estimates changed outside an edit: a recorded run), keeping the selection and editor. */
  refreshView: () => Promise<void>;
  /** `options.removedTrackSpend`: where the spend and rules of a track the command removes go (asked when it holds any). */
  edit: (command: PlanCommand, options?: EditOptions) => Promise<boolean>;
  undo: () => Promise<void>;
  redo: () => Promise<void>;
  setZoom: (zoom: Zoom) => void;
  select: (cell: CellSelection | null, allocationId?: string | null) => void;
  jump: (cell: CellRef) => void;
  loadCompare: () => Promise<void>;
  duplicate: (name: string) => Promise<boolean>;
  clearError: () => void;
  deleteScenario: (id: string) => Promise<void>;
  /** The open add/edit form (project, track, milestone, pool), if any. */
  editor: EditorTarget | null;
  openEditor: (target: EditorTarget | null) => void;
}

function fieldErrorsOf(error: SerializedError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of error.details?.problems ?? []) {
    const field = (p.field ?? '').split('.').pop() ?? '';
    if (field && !out[field]) out[field] = p.message;
  }
  if (Object.keys(out).length === 0 && error.details?.field) out[error.details.field] = error.message;
  return out;
}

const scenarioOf = (view: PlanView) => (view.scenario ? { scenarioId: view.scenario.id } : {});

export const usePlanStore = create<PlanState>((set, get) => ({
  view: null,
  loading: false,
  busy: false,
  error: null,
  fieldErrors: {},
  zoom: 'weeks',
  selected: null,
  selectedAllocationId: null,
  draftAllocation: null,
  flash: null,
  compare: null,
  projects: [],
  scenarioId: null,

  async openScenario(scenarioId) {
    set({ scenarioId, editor: null });
    await get().load();
  },

  async load(projectId) {
    set({ loading: true, error: null, selected: null, selectedAllocationId: null, flash: null });
    void api.plan.listProjects({}).then((r) => r.ok && set({ projects: r.value.projects }));
    const scenarioId = get().scenarioId;
    const r = await api.plan.getPlan({ ...(projectId ? { projectId } : currentProject()), ...(scenarioId ? { scenarioId } : {}) });
    if (!r.ok && scenarioId && r.error.code === 'UNKNOWN_SCENARIO') {
      set({ scenarioId: null });
      return get().load(projectId);
    }
    if (r.ok) set({ view: r.value, loading: false });
    else set({ error: r.error, loading: false });
    if (r.ok) void get().loadCompare();
  },

  async refreshView() {
    const view = get().view;
    if (!view) return;
    const r = await api.plan.getPlan({ projectId: view.plan.project.id, ...scenarioOf(view) });
    if (r.ok) set({ view: r.value });
  },

  async edit(command, options = {}) {
    const view = get().view;
    if (!view) return false;
    set({ busy: true });
    const r = await api.plan.edit({
      projectId: view.plan.project.id,
      ...scenarioOf(view),
      revision: view.revision,
      command,
      ...(options.removedTrackSpend ? { removedTrackSpend: options.removedTrackSpend } : {}),
    });
    if (r.ok) {
      const still = get().selectedAllocationId && r.value.plan.allocations.some((a) => a.id === get().selectedAllocationId);
      set({ view: r.value, busy: false, error: null, fieldErrors: {}, selectedAllocationId: still ? get().selectedAllocationId : null });
      void get().loadCompare();
      return true;
    }
    set({ busy: false, error: r.error, fieldErrors: fieldErrorsOf(r.error) });
    if (r.error.code === 'STALE_EDIT') void get().load(view.plan.project.id);
    return false;
  },

  async undo() {
    const view = get().view;
    if (!view?.history.undoLabel) return;
    const r = await api.plan.undo({ projectId: view.plan.project.id, ...scenarioOf(view), revision: view.revision });
    if (r.ok) set({ view: r.value, error: null, fieldErrors: {} });
    else set({ error: r.error });
    void get().loadCompare();
  },

  async redo() {
    const view = get().view;
    if (!view?.history.redoLabel) return;
    const r = await api.plan.redo({ projectId: view.plan.project.id, ...scenarioOf(view), revision: view.revision });
    if (r.ok) set({ view: r.value, error: null, fieldErrors: {} });
    else set({ error: r.error });
    void get().loadCompare();
  },

  setZoom: (zoom) => set({ zoom }),
  select: (cell, allocationId = null) =>
    set({ selected: cell, selectedAllocationId: allocationId, draftAllocation: null, fieldErrors: {}, error: null }),
  startDraft: (allocation) =>
    set({
      selected: { trackId: allocation.trackId, week: allocation.week },
      selectedAllocationId: null,
      draftAllocation: allocation,
      fieldErrors: {},
      error: null,
    }),
  jump: (cell) => {
    set({
      flash: cell,
      ...(cell.trackId && cell.week ? { selected: { trackId: cell.trackId, week: cell.week } } : {}),
      ...(cell.allocationId ? { selectedAllocationId: cell.allocationId } : {}),
      zoom: 'weeks',
    });
  },

  async loadCompare() {
    const view = get().view;
    if (!view) return;
    const r = await api.plan.compareScenarios({ projectId: view.plan.project.id });
    if (r.ok) set({ compare: r.value });
  },

  async duplicate(name) {
    const view = get().view;
    if (!view) return false;
    const r = await api.plan.duplicateScenario({ projectId: view.plan.project.id, name });
    if (!r.ok) set({ error: r.error });
    await get().loadCompare();
    return r.ok;
  },

  clearError: () => set({ error: null, fieldErrors: {} }),
  async deleteScenario(id) {
    const r = await api.plan.deleteScenario({ id });
    if (!r.ok) set({ error: r.error });
    await get().loadCompare();
  },
  editor: null,
  openEditor: (target) => set({ editor: target, error: null, fieldErrors: {} }),
}));

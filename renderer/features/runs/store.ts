/**
 * The lead's recorded runs as the renderer sees them (issue 29 item 2): the current project's runs and corrections,
 * the two dialogs (record a finished run; the recorded runs and their corrections), and the writes. Every write
 * returns the new runs view; the plan is re-read after it, since its estimates take the corrections at once.
 */
import { create } from 'zustand';
import type { SerializedError } from '../../../shared/domain/errors';
import type { RunFilePreview, RunsViewData } from '../../../shared/ipc/contract/runs';
import type { Result } from '../../../shared/ipc/channel';
import { api } from '../../app/api';
import { currentProject } from '../projects/store';
import { usePlanStore } from '../plan/store';

/** What a run is recorded against: a milestone's phase, or a saved workload of the Estimate screen. */
export interface RunTarget {
  phaseId?: string;
  workloadId?: string;
  /** The offering it ran on (the phase's, or the Estimate screen's selected row). */
  offeringId: string | null;
  /** "M1 50 Cases, Proof of Concept" / the saved workload's name: what the dialog says it trained. */
  label: string;
  /** Offerings the lead may say it ran on instead (the catalog's), each with its label. */
  offerings: Array<{ id: string; label: string }>;
}

/** A correction as the lead changes it: its model family and offering. */
export interface CorrectionKey {
  modelFamily: string;
  offeringId: string;
}

/** The list opened from an estimate: the correction it shows and the runs it was learned from (marked in the list). */
export interface RunsFocus {
  text: string;
  runIds: number[];
}

export type RunsDialog = { kind: 'record'; target: RunTarget } | { kind: 'list'; focus: RunsFocus | null };

interface RunsState {
  view: RunsViewData | null;
  dialog: RunsDialog | null;
  busy: boolean;
  error: SerializedError | null;
  load(): Promise<void>;
  open(dialog: RunsDialog | null): void;
  /** Records typed figures; true when saved. */
  record(target: RunTarget, hours: number, samplesPerSecond: number | null): Promise<boolean>;
  chooseFile(): Promise<RunFilePreview | null>;
  importFile(target: RunTarget, fileToken: string): Promise<boolean>;
  edit(id: number, hours: number, samplesPerSecond: number | null): Promise<boolean>;
  remove(id: number): Promise<boolean>;
  setCorrection(key: CorrectionKey, change: { ratio?: number; ignored?: boolean; reset?: boolean }): Promise<boolean>;
}

const targetRequest = (t: RunTarget) => ({
  ...currentProject(),
  ...(t.phaseId ? { phaseId: t.phaseId } : {}),
  ...(t.workloadId ? { workloadId: t.workloadId } : {}),
  ...(t.offeringId ? { offeringId: t.offeringId } : {}),
});

export const useRuns = create<RunsState>((set, get) => {
  /** A write's answer: the new view and the plan re-read (its estimates changed), or the error shown in the dialog. */
  async function written(result: Promise<Result<RunsViewData>>): Promise<boolean> {
    set({ busy: true, error: null });
    const r = await result;
    if (!r.ok) {
      set({ busy: false, error: r.error });
      return false;
    }
    set({
      busy: false,
      view: { projectId: r.value.projectId, runs: r.value.runs, corrections: r.value.corrections, billed: r.value.billed },
    });
    await usePlanStore.getState().refreshView();
    return true;
  }
  return {
    view: null,
    dialog: null,
    busy: false,
    error: null,
    async load() {
      const r = await api.runs.list(currentProject());
      if (r.ok) set({ view: r.value });
      else set({ error: r.error });
    },
    open(dialog) {
      set({ dialog, error: null });
      if (dialog) void get().load();
    },
    record: (target, hours, samplesPerSecond) => written(api.runs.record({ ...targetRequest(target), hours, samplesPerSecond })),
    async chooseFile() {
      set({ error: null });
      const r = await api.runs.chooseFile({});
      if (!r.ok) {
        set({ error: r.error });
        return null;
      }
      return r.value.fileToken ? r.value : null;
    },
    importFile: (target, fileToken) => written(api.runs.importFile({ ...targetRequest(target), fileToken })),
    edit: (id, hours, samplesPerSecond) => written(api.runs.edit({ id, hours, samplesPerSecond })),
    remove: (id) => written(api.runs.remove({ id })),
    setCorrection: (key, change) =>
      written(api.runs.setCorrection({ ...currentProject(), modelFamily: key.modelFamily, offeringId: key.offeringId, ...change })),
  };
});

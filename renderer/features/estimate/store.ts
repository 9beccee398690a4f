/** The Estimate screen's state: the workload form, the latest estimate, field errors, presets and saved workloads. */
import { create } from 'zustand';
import type { WorkloadEstimate } from '../../../shared/estimate/estimate';
import { api, ApiError, unwrap } from '../../app/api';
import {
  DEFAULT_FORM,
  formFieldOf,
  formForModel,
  saveTarget,
  type SaveTarget,
  formOf,
  presetOf,
  workloadOf,
  type Preset,
  type SavedWorkload,
  type WorkloadForm,
} from './workload-form';

interface EstimateState {
  presets: Preset[];
  saved: SavedWorkload[];
  form: WorkloadForm;
  /** id of the saved workload the form came from. */
  loadedId: string | null;
  estimate: WorkloadEstimate | null;
  errors: Partial<Record<keyof WorkloadForm | 'form', string>>;
  /** soft problems on fields: the estimate still ran (e.g. no offering has that many GPUs). */
  warnings: Partial<Record<keyof WorkloadForm | 'form', string>>;
  running: boolean;
  /** Price the prices the app flags as inconsistent too (off: they are left out, each with its reason). */
  includeFlagged: boolean;
  setIncludeFlagged(include: boolean): void;
  /** ms from the last input change to the table holding its answer. */
  lastLatencyMs: number | null;
  message: { kind: 'info' | 'error'; text: string } | null;
  init(): Promise<void>;
  setField<K extends keyof WorkloadForm>(key: K, value: WorkloadForm[K]): void;
  run(startedAt?: number): Promise<void>;
  load(id: string): void;
  /** Saves where `saveTarget` says; a lead's other workload of that name is replaced only with `confirmedId` = its id. */
  save(name: string, confirmedId?: string): Promise<SaveTarget>;
  remove(id: string): Promise<void>;
}

let seq = 0;

export const useEstimate = create<EstimateState>((set, get) => ({
  presets: [],
  saved: [],
  form: DEFAULT_FORM,
  loadedId: null,
  estimate: null,
  errors: {},
  warnings: {},
  running: false,
  includeFlagged: false,
  setIncludeFlagged: (include) => {
    set({ includeFlagged: include });
    void get().run();
  },
  lastLatencyMs: null,
  message: null,
  init: async () => {
    try {
      const [presets, saved] = await Promise.all([unwrap(api.estimate.listPresets({})), unwrap(api.estimate.listWorkloads({}))]);
      set({ presets: presets.presets, saved: saved.workloads });
      const m1 = saved.workloads.find((w) => w.id === 'vitaldb-m1');
      if (m1 && !get().estimate) set({ form: formOf(m1.workload), loadedId: m1.id });
      await get().run();
    } catch (error) {
      set({ message: { kind: 'error', text: error instanceof Error ? error.message : String(error) } });
    }
  },
  setField: (key, value) => {
    const form = key === 'preset' ? formForModel(get().form, get().presets, value as string) : { ...get().form, [key]: value };
    set({ form });
  },
  run: async (startedAt = performance.now()) => {
    const id = (seq += 1);
    const { form, presets, includeFlagged } = get();
    const preset = presetOf(presets, form.preset);
    set({ running: true });
    try {
      const estimate = await unwrap(
        api.estimate.run({ workload: workloadOf(form, preset), ...(includeFlagged ? { includeFlagged } : {}) }),
      );
      if (id !== seq) return;
      const warnings: EstimateState['warnings'] = {};
      for (const w of estimate.warnings ?? []) warnings[formFieldOf(w.field)] ??= w.message;
      set({ estimate, errors: {}, warnings, running: false, lastLatencyMs: Math.round(performance.now() - startedAt) });
    } catch (error) {
      if (id !== seq) return;
      const errors: EstimateState['errors'] = {};
      if (error instanceof ApiError) {
        const problems = error.error.details?.problems ?? [{ field: error.error.details?.field, message: error.error.message }];
        for (const p of problems) {
          const field = formFieldOf(p.field);
          errors[field] ??= p.message.replace(/^[\w.]+: /, '');
        }
      } else errors.form = error instanceof Error ? error.message : String(error);
      set({ errors, warnings: {}, running: false });
    }
  },
  load: (id) => {
    const w = get().saved.find((s) => s.id === id);
    if (!w) return;
    set({ form: formOf(w.workload), loadedId: id, message: null });
    void get().run();
  },
  save: async (name, confirmedId) => {
    const { form, presets, loadedId, saved } = get();
    const target = saveTarget(name, loadedId, saved);
    if (target.kind === 'ask' && target.id !== confirmedId) return target;
    try {
      const result = await unwrap(
        api.estimate.saveWorkload({
          ...(target.kind === 'new' ? {} : { id: target.id }),
          name: target.name,
          workload: workloadOf(form, presetOf(presets, form.preset)),
        }),
      );
      const list = await unwrap(api.estimate.listWorkloads({}));
      const text =
        target.name !== name
          ? `“${name}” is an example: saved as “${result.workload.name}”, the example is unchanged.`
          : `Saved “${result.workload.name}”.`;
      set({ saved: list.workloads, loadedId: result.workload.id, message: { kind: 'info', text } });
    } catch (error) {
      set({ message: { kind: 'error', text: error instanceof Error ? error.message : String(error) } });
    }
    return target;
  },
  remove: async (id) => {
    await unwrap(api.estimate.deleteWorkload({ id }));
    const list = await unwrap(api.estimate.listWorkloads({}));
    set({ saved: list.workloads, loadedId: null, message: { kind: 'info', text: 'Workload deleted.' } });
  },
}));

/**
 * A milestone's form: track, code, name, and its phases (dates, hardware from the catalog, runs as a range, the saved
 * workload the app estimates from), with the author's and the app's estimates and what the check uses.
 */
import { useEffect, useState } from 'react';
import { newId } from '../../../../shared/domain/plan/booking';
import { removeMilestoneCommand, removeMilestoneQuestion } from '../../../../shared/domain/plan/commands';
import type { Milestone } from '../../../../shared/domain/plan/types';
import { api } from '../../../app/api';
import { Field } from '../../../ui/Field';
import { EditorDialog, TextField, useErrors, type TrackPartEditorProps } from './editor-parts';
import { buildPhases, nextPhase, offeringChoices, phaseDrafts, type PhaseDraft, type SavedWorkload } from './milestone-draft';
import { PhaseFields } from './PhaseFields';

/** The workloads saved on the Estimate screen (null while loading). */
function useSavedWorkloads(): SavedWorkload[] | null {
  const [workloads, setWorkloads] = useState<SavedWorkload[] | null>(null);
  useEffect(() => {
    let live = true;
    void api.estimate.listWorkloads({}).then(
      (r) => live && setWorkloads(r.ok ? r.value.workloads : []),
      () => live && setWorkloads([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return workloads;
}

export function MilestoneForm({ view, id, trackId, error, busy, onEdit, onClose }: TrackPartEditorProps) {
  const { plan } = view;
  const existing = id ? plan.milestones.find((m) => m.id === id) : undefined;
  const firstTrack = plan.tracks.find((t) => t.id === (existing?.trackId ?? trackId)) ?? plan.tracks[0];
  const workloads = useSavedWorkloads();
  const [f, setF] = useState(() => ({
    trackId: firstTrack?.id ?? '',
    code: existing?.code ?? `M${plan.milestones.length + 1}`,
    name: existing?.name ?? '',
    description: existing?.description ?? '',
    dependsOn: existing?.dependsOn ?? [],
  }));
  const [phases, setPhases] = useState<PhaseDraft[]>(() => phaseDrafts(plan, existing, firstTrack));
  const [local, setLocal] = useState<Record<string, string>>({});
  const remote = useErrors(error);
  const errors = { ...remote, ...local };
  const choices = offeringChoices(view.catalog.offerings, phases);
  const coverage = new Map(view.analysis.phases.map((p) => [p.phaseId, p]));
  const others = plan.milestones.filter((m) => m.id !== existing?.id);
  const setPhase = (i: number, patch: Partial<PhaseDraft>) => setPhases(phases.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  async function save() {
    const built = buildPhases(phases, new Map(choices.map((o) => [o.id, o])), workloads);
    setLocal(built.errors);
    if (Object.keys(built.errors).length) return;
    const value: Milestone = {
      id: existing?.id ?? newId('milestone'),
      trackId: f.trackId,
      code: f.code.trim(),
      name: f.name.trim(),
      description: f.description,
      facts: existing?.facts ?? [],
      phases: built.phases,
      position: existing?.position ?? Math.max(-1, ...plan.milestones.map((m) => m.position)) + 1,
      ...(f.dependsOn.length > 0 ? { dependsOn: f.dependsOn } : {}),
    };
    if (await onEdit({ type: 'upsert', entity: 'milestone', value })) onClose();
  }
  async function remove() {
    if (!existing) return;
    // others depend on it: ask, then delete it and drop those dependencies in one undoable step
    const question = removeMilestoneQuestion(plan, existing.id);
    if (question && !window.confirm(question)) return;
    if (await onEdit(removeMilestoneCommand(plan, existing.id))) onClose();
  }
  const phaseList = (
    <>
      {errors.phases && (
        <div className="field-error" role="alert">
          {errors.phases}
        </div>
      )}
      {phases.map((p, i) => (
        <PhaseFields
          key={p.id}
          index={i}
          phase={p}
          count={phases.length}
          choices={choices}
          workloads={workloads}
          coverage={p.base ? coverage.get(p.base.id) : undefined}
          error={(field) => errors[`phases.${i}.${field}`]}
          onChange={(patch) => setPhase(i, patch)}
          onRemove={() => setPhases(phases.filter((_, j) => j !== i))}
          milestoneLabel={existing ? `${existing.code} ${existing.name}` : undefined}
        />
      ))}
      <div>
        <button type="button" className="btn small" onClick={() => setPhases([...phases, nextPhase(phases)])}>
          + Add phase
        </button>
      </div>
    </>
  );
  return (
    <EditorDialog
      title={existing ? `Edit milestone · ${existing.code} ${existing.name}` : 'Add milestone'}
      sub="dates, hardware from the catalog, runs as a range, and the saved workload the app estimates from"
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      saveLabel={existing ? 'Save milestone' : 'Add milestone'}
      onDelete={existing ? () => void remove() : undefined}
      formError={errors._}
      after={phaseList}
    >
      <Field id="mf-track" label="Track" error={errors.trackId}>
        <select
          id="mf-track"
          className={`input${errors.trackId ? ' invalid' : ''}`}
          value={f.trackId}
          onChange={(e) => setF({ ...f, trackId: e.target.value })}
        >
          {plan.tracks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="mf-code" label="Code">
        <input id="mf-code" className="input" value={f.code} onChange={(e) => setF({ ...f, code: e.target.value })} style={{ width: 70 }} />
      </Field>
      <TextField
        id="mf-name"
        label="Milestone name"
        error={errors.name}
        wide
        autoFocus={!existing}
        value={f.name}
        onChange={(name) => setF({ ...f, name })}
      />
      <TextField id="mf-desc" label="Description" wide value={f.description} onChange={(description) => setF({ ...f, description })} />
      <Field
        id="mf-after"
        label="Comes after"
        error={Object.entries(errors).find(([k]) => k.startsWith('dependsOn'))?.[1]}
        hint="Milestones this one starts after (any track); the checks and the optimizer keep that order. Ctrl+click for several."
      >
        <select
          id="mf-after"
          className="input"
          multiple
          size={Math.min(5, Math.max(2, others.length))}
          value={f.dependsOn}
          onChange={(e) => setF({ ...f, dependsOn: [...e.target.selectedOptions].map((o) => o.value) })}
        >
          {others.map((m) => (
            <option key={m.id} value={m.id}>
              {m.code} {m.name}
            </option>
          ))}
        </select>
      </Field>
    </EditorDialog>
  );
}

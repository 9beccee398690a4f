/**
 * A milestone's form: track, code, name, and its phases (dates, hardware from the catalog, runs as a range, the saved
 * workload the app estimates from), with the author's and the app's estimates and what the check uses.
 */
import { useEffect, useState } from 'react';
import { newId } from '../../../../shared/domain/plan/booking';
import type { Milestone, MilestonePhase, OfferingFacts } from '../../../../shared/domain/plan/types';
import type { Response } from '../../../../shared/ipc/contract';
import { api } from '../../../app/api';
import { Dialog } from '../../../ui/Dialog';
import { Field, NumberField, parseNumber } from '../../../ui/Field';
import { fmtHours, fmtUsd, gpuShort } from '../timeline-model';
import { phaseEarlyStopping } from '../../../../shared/domain/plan/run-rule-checks';
import { Actions, FORM_ID, FormError, missingOffering, offeringText, useErrors, type EditorProps } from './editor-parts';

type SavedWorkload = Response<'estimate:list-workloads'>['workloads'][number];
const range = (r: { low: number; high: number } | null | undefined, unit = '') =>
  !r ? '—' : r.low === r.high ? `${unit}${r.low}` : `${unit}${r.low}–${unit}${r.high}`;

interface PhaseDraft {
  id: string;
  name: string;
  start: string;
  end: string;
  offeringId: string;
  low: string;
  high: string;
  /** '' none, 'keep' the saved workload as it is, else a saved workload's id. */
  workload: string;
  base: MilestonePhase | null;
}

function offeringChoices(offerings: OfferingFacts[], phases: PhaseDraft[]): OfferingFacts[] {
  const list = [...offerings].sort((a, b) => a.label.localeCompare(b.label));
  for (const p of phases) {
    if (p.offeringId && !list.some((o) => o.id === p.offeringId)) list.unshift(missingOffering(p.offeringId, p.base?.gpuId ?? ''));
  }
  return list;
}

export function MilestoneForm({
  view,
  id,
  trackId,
  error,
  busy,
  onEdit,
  onClose,
}: EditorProps & { id: string | null; trackId?: string | undefined }) {
  const { plan } = view;
  const existing = id ? plan.milestones.find((m) => m.id === id) : undefined;
  const firstTrack = plan.tracks.find((t) => t.id === (existing?.trackId ?? trackId)) ?? plan.tracks[0];
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
  const [f, setF] = useState(() => ({
    trackId: firstTrack?.id ?? '',
    code: existing?.code ?? `M${plan.milestones.length + 1}`,
    name: existing?.name ?? '',
    description: existing?.description ?? '',
  }));
  const [phases, setPhases] = useState<PhaseDraft[]>(() =>
    existing
      ? existing.phases.map((p) => ({
          id: p.id,
          name: p.name,
          start: p.start,
          end: p.end,
          offeringId: p.offeringId ?? '',
          low: String(p.runs.low),
          high: String(p.runs.high),
          workload: p.workload ? 'keep' : '',
          base: p,
        }))
      : [
          {
            id: newId('phase'),
            name: 'Main',
            start: firstTrack?.start ?? plan.project.start,
            end: firstTrack?.end ?? plan.project.end,
            offeringId: plan.plannedPrices[0]?.offeringId ?? '',
            low: '1',
            high: '1',
            workload: '',
            base: null,
          },
        ],
  );
  const [local, setLocal] = useState<Record<string, string>>({});
  const remote = useErrors(error);
  const errors = { ...remote, ...local };
  const choices = offeringChoices(view.catalog.offerings, phases);
  const offerings = new Map(choices.map((o) => [o.id, o]));
  const coverage = new Map(view.analysis.phases.map((p) => [p.phaseId, p]));
  const setPhase = (i: number, patch: Partial<PhaseDraft>) => setPhases(phases.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  async function save() {
    const bad: Record<string, string> = {};
    const built: MilestonePhase[] = phases.map((p, i) => {
      const low = parseNumber(p.low);
      const high = parseNumber(p.high);
      if (low === null) bad[`phases.${i}.runs.low`] = 'A whole number of runs.';
      if (high === null) bad[`phases.${i}.runs.high`] = 'A whole number of runs.';
      const o = p.offeringId ? offerings.get(p.offeringId) : undefined;
      const saved = p.workload && p.workload !== 'keep' ? workloads?.find((w) => w.id === p.workload) : undefined;
      return {
        id: p.id,
        name: p.name.trim() || 'Main',
        start: p.start,
        end: p.end,
        offeringId: p.offeringId || null,
        gpuId: o?.gpuId || p.base?.gpuId || null,
        runs: { low: low ?? 0, high: high ?? 0 },
        workload: p.workload === 'keep' ? (p.base?.workload ?? null) : saved ? { ...saved.workload } : null,
        authorEstimate: p.base?.authorEstimate ?? null,
        // The app's estimate is recomputed by main after the save when the workload, offering or runs changed.
        appEstimate: p.base?.appEstimate ?? null,
      };
    });
    setLocal(bad);
    if (Object.keys(bad).length) return;
    const value: Milestone = {
      id: existing?.id ?? newId('milestone'),
      trackId: f.trackId,
      code: f.code.trim(),
      name: f.name.trim(),
      description: f.description,
      facts: existing?.facts ?? [],
      phases: built,
      position: existing?.position ?? Math.max(-1, ...plan.milestones.map((m) => m.position)) + 1,
    };
    if (await onEdit({ type: 'upsert', entity: 'milestone', value })) onClose();
  }
  async function remove() {
    if (existing && (await onEdit({ type: 'remove', entity: 'milestone', id: existing.id }))) onClose();
  }
  const title = existing ? `Edit milestone · ${existing.code} ${existing.name}` : 'Add milestone';
  return (
    <Dialog
      className="pt-dialog"
      closeOnBackdrop
      title={title}
      sub="dates, hardware from the catalog, runs as a range, and the saved workload the app estimates from"
      onClose={onClose}
      actions={
        <Actions
          busy={busy}
          onClose={onClose}
          saveLabel={existing ? 'Save milestone' : 'Add milestone'}
          onDelete={existing ? () => void remove() : undefined}
        />
      }
    >
      <form
        id={FORM_ID}
        className="pt-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
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
          <input
            id="mf-code"
            className="input"
            value={f.code}
            onChange={(e) => setF({ ...f, code: e.target.value })}
            style={{ width: 70 }}
          />
        </Field>
        <Field id="mf-name" label="Milestone name" error={errors.name} className="pt-wide">
          <input
            id="mf-name"
            className={`input${errors.name ? ' invalid' : ''}`}
            value={f.name}
            onChange={(e) => setF({ ...f, name: e.target.value })}
            autoFocus={!existing}
          />
        </Field>
        <Field id="mf-desc" label="Description" className="pt-wide">
          <input id="mf-desc" className="input" value={f.description} onChange={(e) => setF({ ...f, description: e.target.value })} />
        </Field>
      </form>
      {errors.phases && (
        <div className="field-error" role="alert">
          {errors.phases}
        </div>
      )}
      {phases.map((p, i) => {
        const e = (k: string) => errors[`phases.${i}.${k}`];
        const cov = p.base ? coverage.get(p.base.id) : undefined;
        const o = p.offeringId ? offerings.get(p.offeringId) : undefined;
        return (
          <fieldset key={p.id} className="pt-phase" aria-label={`Phase ${i + 1}`}>
            <legend>{phases.length > 1 ? `Phase ${i + 1}` : 'Dates and hardware'}</legend>
            <div className="pt-form">
              {phases.length > 1 && (
                <Field id={`mf-${i}-name`} label="Phase name">
                  <input id={`mf-${i}-name`} className="input" value={p.name} onChange={(ev) => setPhase(i, { name: ev.target.value })} />
                </Field>
              )}
              <Field id={`mf-${i}-start`} label="Start" error={e('start')}>
                <input
                  id={`mf-${i}-start`}
                  form={FORM_ID}
                  type="date"
                  className={`input${e('start') ? ' invalid' : ''}`}
                  value={p.start}
                  onChange={(ev) => setPhase(i, { start: ev.target.value })}
                />
              </Field>
              <Field id={`mf-${i}-end`} label="End" error={e('end')}>
                <input
                  id={`mf-${i}-end`}
                  form={FORM_ID}
                  type="date"
                  className={`input${e('end') ? ' invalid' : ''}`}
                  value={p.end}
                  onChange={(ev) => setPhase(i, { end: ev.target.value })}
                />
              </Field>
              <Field id={`mf-${i}-offering`} label="Offering (catalog)" error={e('offeringId')} className="pt-wide">
                <select
                  id={`mf-${i}-offering`}
                  className={`input${e('offeringId') ? ' invalid' : ''}`}
                  value={p.offeringId}
                  onChange={(ev) => setPhase(i, { offeringId: ev.target.value })}
                >
                  <option value="">— no hardware chosen yet —</option>
                  {choices.map((c) => (
                    <option key={c.id} value={c.id}>
                      {offeringText(c)}
                    </option>
                  ))}
                </select>
              </Field>
              <NumberField
                id={`mf-${i}-low`}
                label="Runs (low)"
                error={e('runs.low')}
                value={p.low}
                onChange={(v) => setPhase(i, { low: v })}
                step="1"
                width={80}
              />
              <NumberField
                id={`mf-${i}-high`}
                label="Runs (high)"
                error={e('runs.high')}
                value={p.high}
                onChange={(v) => setPhase(i, { high: v })}
                step="1"
                width={80}
              />
              <Field
                id={`mf-${i}-workload`}
                label="Workload (saved in Estimate)"
                className="pt-wide"
                hint={
                  workloads === null
                    ? 'loading saved workloads…'
                    : workloads.length === 0
                      ? 'no saved workloads yet — save one on the Estimate screen'
                      : 'the app estimates hours per run from it on the chosen GPU'
                }
              >
                <select
                  id={`mf-${i}-workload`}
                  className="input"
                  value={p.workload}
                  onChange={(ev) => setPhase(i, { workload: ev.target.value })}
                >
                  <option value="">— none (use the author's figures) —</option>
                  {p.base?.workload && (
                    <option value="keep">
                      keep the current workload{typeof p.base.workload.name === 'string' ? ` (${p.base.workload.name})` : ''}
                    </option>
                  )}
                  {(workloads ?? []).map((w) => (
                    <option key={w.id} value={w.id}>
                      {w.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <div className="pt-estimates">
              <div>
                <span className="field-label">Author's estimate</span>{' '}
                {p.base?.authorEstimate ? (
                  <>
                    {range(p.base.authorEstimate.hours)} GPU-h, {range(p.base.authorEstimate.usd, '$')}
                    {p.base.authorEstimate.text ? <span className="muted"> — “{p.base.authorEstimate.text}”</span> : null}
                  </>
                ) : (
                  <span className="muted">none (made in the app)</span>
                )}
              </div>
              <div>
                <span className="field-label">App's estimate</span>{' '}
                {p.base?.appEstimate ? (
                  <>
                    {fmtHours(p.base.appEstimate.hours)} GPU-h, {fmtUsd(p.base.appEstimate.usd)}{' '}
                    <span className="muted">
                      ({p.base.appEstimate.basis}; price as of {p.base.appEstimate.priceAsOf ?? '—'})
                    </span>
                  </>
                ) : (
                  <span className="muted">{p.workload ? 'computed when saved' : 'needs a saved workload'}</span>
                )}
              </div>
              {p.base && phaseEarlyStopping(p.base) && (
                <div data-testid="milestone-early-stopping">
                  <span className="field-label">Early stopping</span> <span className="muted">{phaseEarlyStopping(p.base)!.text}</span>
                </div>
              )}
              {cov && (
                <div>
                  <span className="field-label">The check uses</span>{' '}
                  {cov.neededHours === null ? '—' : `${fmtHours(cov.neededHours)} GPU-h`}{' '}
                  <span className="muted">
                    ({cov.neededBasis}); booked {fmtHours(cov.allocatedHours)} GPU-h by {p.end}
                  </span>
                </div>
              )}
              {o && (
                <div className="muted">
                  {o.label}: {o.gpuCount} × {gpuShort(o.gpuId)} per instance
                </div>
              )}
            </div>
            {phases.length > 1 && (
              <button type="button" className="btn small" onClick={() => setPhases(phases.filter((_, j) => j !== i))}>
                Remove phase
              </button>
            )}
          </fieldset>
        );
      })}
      <div>
        <button
          type="button"
          className="btn small"
          onClick={() =>
            setPhases([
              ...phases,
              { ...phases[phases.length - 1]!, id: newId('phase'), name: `Phase ${phases.length + 1}`, base: null, workload: '' },
            ])
          }
        >
          + Add phase
        </button>
      </div>
      <FormError message={errors._} />
    </Dialog>
  );
}

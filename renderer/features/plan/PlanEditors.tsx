/**
 * Forms to add, edit and delete the plan's tracks, milestones, capacity pools and the project. Every save is one
 * `plan:edit` command (validated in main, saved atomically, undoable); a refused save leaves the dialog open with the
 * main process's message at the field and nothing saved.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { removeTrackCommand, type PlanCommand } from '../../../shared/domain/plan/commands';
import type { CapacityPool, Milestone, MilestonePhase, OfferingFacts, Plan, Project, Track } from '../../../shared/domain/plan/types';
import type { SerializedError } from '../../../shared/domain/errors';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import type { Response } from '../../../shared/ipc/contract';
import { api } from '../../app/api';
import { newId } from './Timeline';
import { fmtHours, fmtUsd, gpuShort } from './timeline-model';

export type EditorTarget = { kind: 'project' } | { kind: 'track' | 'milestone' | 'pool'; id: string | null; trackId?: string };
type SavedWorkload = Response<'estimate:list-workloads'>['workloads'][number];

/** `milestone.phases.0.end` → `phases.0.end`: the refused edit's messages keyed by the field inside the entity. */
export function fieldMessages(error: SerializedError | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of error?.details?.problems ?? []) {
    const f = (p.field ?? '').split('.').slice(1).join('.');
    if (f && !out[f]) out[f] = p.message;
  }
  if (error && Object.keys(out).length === 0) out._ = error.message;
  return out;
}

const PALETTE = ['#2f6fdf', '#c2410c', '#0f766e', '#7c3aed', '#b91c1c', '#4d7c0f', '#a16207', '#be185d'];
const range = (r: { low: number; high: number } | null | undefined, unit = '') => (!r ? '—' : r.low === r.high ? `${unit}${r.low}` : `${unit}${r.low}–${unit}${r.high}`);

/** `Lambda 8× H100 SXM`, without repeating a GPU name the label already has. */
function offeringText(o: OfferingFacts): string {
  const gpu = gpuShort(o.gpuId);
  const count = o.gpuCount > 1 ? `${o.gpuCount}× ` : '';
  return o.label.includes(gpu) && !count ? o.label : `${o.label} — ${count}${gpu}`;
}

/** A number typed in a field; null when it is not one (the form says so before sending). */
function num(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function Field({ id, label, error, hint, children, wide }: { id: string; label: string; error?: string | undefined; hint?: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`field${wide ? ' pt-wide' : ''}`} data-field={id}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <div className="field-error" role="alert" id={`${id}-error`}>{error}</div>}
      {hint && !error && <div className="field-hint">{hint}</div>}
    </div>
  );
}

function Dialog({ title, sub, onClose, children, actions }: { title: string; sub?: string; onClose: () => void; children: ReactNode; actions: ReactNode }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog pt-dialog" role="dialog" aria-modal="true" aria-label={title}>
        <div className="panel-title"><strong>{title}</strong>{sub && <span className="muted">{sub}</span>}</div>
        {children}
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>
  );
}

interface EditorProps {
  view: PlanView;
  target: EditorTarget;
  error: SerializedError | null;
  busy: boolean;
  onEdit: (command: PlanCommand) => Promise<boolean>;
  onClose: () => void;
}

/** Opens the right form for the target. */
export function PlanEditor(props: EditorProps) {
  const { target } = props;
  if (target.kind === 'project') return <ProjectForm {...props} />;
  if (target.kind === 'track') return <TrackForm {...props} id={target.id} />;
  if (target.kind === 'pool') return <PoolForm {...props} id={target.id} />;
  return <MilestoneForm {...props} id={target.id} trackId={target.trackId} />;
}

function useErrors(error: SerializedError | null) {
  return useMemo(() => fieldMessages(error), [error]);
}

function Actions({ busy, onClose, onDelete, deleteLabel, saveLabel }: { busy: boolean; onClose: () => void; onDelete?: (() => void) | undefined; deleteLabel?: string; saveLabel: string }) {
  return (
    <>
      {onDelete && <button type="button" className="btn danger" onClick={onDelete} disabled={busy}>{deleteLabel ?? 'Delete'}</button>}
      <span className="spacer" style={{ flex: 1 }} />
      <button type="button" className="btn" onClick={onClose}>Cancel</button>
      <button type="submit" form="pt-edit-form" className="btn primary" disabled={busy}>{saveLabel}</button>
    </>
  );
}

function ProjectForm({ view, error, busy, onEdit, onClose }: EditorProps) {
  const p = view.plan.project;
  const [f, setF] = useState({ name: p.name, start: p.start, end: p.end, currency: p.currency, budget: p.budget, budgetSource: p.budgetSource, description: p.description });
  const errors = useErrors(error);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  async function save() {
    const value: Project = { ...p, ...f, name: f.name.trim(), currency: f.currency.trim().toUpperCase(), budget: f.budget.trim() };
    if (await onEdit({ type: 'upsert', entity: 'project', value })) onClose();
  }
  return (
    <Dialog title="Edit project" sub="dates, currency and the total budget the checks compare against" onClose={onClose} actions={<Actions busy={busy} onClose={onClose} saveLabel="Save project" />}>
      <form id="pt-edit-form" className="pt-form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Field id="pf-name" label="Project name" error={errors.name} wide><input id="pf-name" className={`input${errors.name ? ' invalid' : ''}`} value={f.name} onChange={set('name')} /></Field>
        <Field id="pf-start" label="Start" error={errors.start}><input id="pf-start" type="date" className={`input${errors.start ? ' invalid' : ''}`} value={f.start} onChange={set('start')} /></Field>
        <Field id="pf-end" label="End" error={errors.end}><input id="pf-end" type="date" className={`input${errors.end ? ' invalid' : ''}`} value={f.end} onChange={set('end')} /></Field>
        <Field id="pf-currency" label="Currency" error={errors.currency} hint="ISO code, e.g. USD"><input id="pf-currency" className={`input${errors.currency ? ' invalid' : ''}`} value={f.currency} maxLength={3} onChange={set('currency')} style={{ width: 80 }} /></Field>
        <Field id="pf-budget" label="Total budget" error={errors.budget} hint={`${f.currency} as a decimal, e.g. 615.50`}><input id="pf-budget" inputMode="decimal" className={`input${errors.budget ? ' invalid' : ''}`} value={f.budget} onChange={set('budget')} style={{ width: 120 }} /></Field>
        <Field id="pf-source" label="Where the budget comes from" wide><input id="pf-source" className="input" value={f.budgetSource} onChange={set('budgetSource')} /></Field>
        <Field id="pf-desc" label="Description" wide><textarea id="pf-desc" className="input" rows={2} value={f.description} onChange={set('description')} /></Field>
      </form>
      {errors._ && <div className="field-error" role="alert">{errors._}</div>}
    </Dialog>
  );
}

function TrackForm({ view, id, error, busy, onEdit, onClose }: EditorProps & { id: string | null }) {
  const { plan } = view;
  const existing = id ? plan.tracks.find((t) => t.id === id) : undefined;
  const [f, setF] = useState(() => ({
    name: existing?.name ?? '',
    owner: existing?.owner ?? '',
    focus: existing?.focus ?? '',
    colour: existing?.colour ?? PALETTE[plan.tracks.length % PALETTE.length]!,
    start: existing?.start ?? plan.project.start,
    end: existing?.end ?? plan.project.end,
    notes: existing?.notes ?? '',
  }));
  const errors = useErrors(error);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const counts = existing ? { m: plan.milestones.filter((m) => m.trackId === existing.id).length, a: plan.allocations.filter((a) => a.trackId === existing.id).length } : null;
  async function save() {
    const value: Track = {
      id: existing?.id ?? newId('track'),
      projectId: plan.project.id,
      name: f.name.trim(),
      owner: f.owner.trim(),
      focus: f.focus.trim(),
      colour: f.colour.trim(),
      start: f.start,
      end: f.end,
      position: existing?.position ?? Math.max(-1, ...plan.tracks.map((t) => t.position)) + 1,
      notes: f.notes.trim() || null,
    };
    if (await onEdit({ type: 'upsert', entity: 'track', value })) onClose();
  }
  async function remove() {
    if (existing && (await onEdit(removeTrackCommand(plan, existing.id)))) onClose();
  }
  return (
    <Dialog title={existing ? `Edit track · ${existing.name}` : 'Add track'} sub="a swimlane of the timeline: who trains what, and when" onClose={onClose}
      actions={<Actions busy={busy} onClose={onClose} saveLabel={existing ? 'Save track' : 'Add track'} onDelete={existing ? () => void remove() : undefined} deleteLabel={counts ? `Delete track (+ ${counts.m} milestones, ${counts.a} bookings)` : undefined} />}>
      <form id="pt-edit-form" className="pt-form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Field id="tf-name" label="Track name" error={errors.name} wide><input id="tf-name" className={`input${errors.name ? ' invalid' : ''}`} value={f.name} onChange={set('name')} autoFocus /></Field>
        <Field id="tf-owner" label="Owner"><input id="tf-owner" className="input" value={f.owner} onChange={set('owner')} /></Field>
        <Field id="tf-focus" label="Focus" wide><input id="tf-focus" className="input" value={f.focus} onChange={set('focus')} /></Field>
        <Field id="tf-colour" label="Colour" error={errors.colour} hint="#rrggbb">
          <span className="pt-colour">
            <input aria-label="Colour picker" type="color" value={/^#[0-9a-fA-F]{6}$/.test(f.colour) ? f.colour : '#000000'} onChange={set('colour')} />
            <input id="tf-colour" className={`input${errors.colour ? ' invalid' : ''}`} value={f.colour} onChange={set('colour')} style={{ width: 90 }} />
          </span>
        </Field>
        <Field id="tf-start" label="Start" error={errors.start}><input id="tf-start" type="date" className={`input${errors.start ? ' invalid' : ''}`} value={f.start} onChange={set('start')} /></Field>
        <Field id="tf-end" label="End" error={errors.end}><input id="tf-end" type="date" className={`input${errors.end ? ' invalid' : ''}`} value={f.end} onChange={set('end')} /></Field>
        <Field id="tf-notes" label="Notes" wide><input id="tf-notes" className="input" value={f.notes} onChange={set('notes')} /></Field>
      </form>
      {errors._ && <div className="field-error" role="alert">{errors._}</div>}
    </Dialog>
  );
}

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
    if (p.offeringId && !list.some((o) => o.id === p.offeringId)) list.unshift({ id: p.offeringId, gpuId: p.base?.gpuId ?? '', gpuCount: 1, vcpus: null, label: `${p.offeringId} (not in the catalog)`, deleted: true, prices: [] });
  }
  return list;
}

function MilestoneForm({ view, id, trackId, error, busy, onEdit, onClose }: EditorProps & { id: string | null; trackId?: string | undefined }) {
  const { plan } = view;
  const existing = id ? plan.milestones.find((m) => m.id === id) : undefined;
  const firstTrack = plan.tracks.find((t) => t.id === (existing?.trackId ?? trackId)) ?? plan.tracks[0];
  const [workloads, setWorkloads] = useState<SavedWorkload[] | null>(null);
  useEffect(() => {
    let live = true;
    void api.estimate.listWorkloads({}).then((r) => live && setWorkloads(r.ok ? r.value.workloads : []), () => live && setWorkloads([]));
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
      ? existing.phases.map((p) => ({ id: p.id, name: p.name, start: p.start, end: p.end, offeringId: p.offeringId ?? '', low: String(p.runs.low), high: String(p.runs.high), workload: p.workload ? 'keep' : '', base: p }))
      : [{ id: newId('phase'), name: 'Main', start: firstTrack?.start ?? plan.project.start, end: firstTrack?.end ?? plan.project.end, offeringId: plan.plannedPrices[0]?.offeringId ?? '', low: '1', high: '1', workload: '', base: null }],
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
      const low = num(p.low);
      const high = num(p.high);
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
    <Dialog title={title} sub="dates, hardware from the catalog, runs as a range, and the saved workload the app estimates from" onClose={onClose}
      actions={<Actions busy={busy} onClose={onClose} saveLabel={existing ? 'Save milestone' : 'Add milestone'} onDelete={existing ? () => void remove() : undefined} />}>
      <form id="pt-edit-form" className="pt-form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Field id="mf-track" label="Track" error={errors.trackId}>
          <select id="mf-track" className={`input${errors.trackId ? ' invalid' : ''}`} value={f.trackId} onChange={(e) => setF({ ...f, trackId: e.target.value })}>
            {plan.tracks.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
          </select>
        </Field>
        <Field id="mf-code" label="Code"><input id="mf-code" className="input" value={f.code} onChange={(e) => setF({ ...f, code: e.target.value })} style={{ width: 70 }} /></Field>
        <Field id="mf-name" label="Milestone name" error={errors.name} wide><input id="mf-name" className={`input${errors.name ? ' invalid' : ''}`} value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} autoFocus={!existing} /></Field>
        <Field id="mf-desc" label="Description" wide><input id="mf-desc" className="input" value={f.description} onChange={(e) => setF({ ...f, description: e.target.value })} /></Field>
      </form>
      {errors.phases && <div className="field-error" role="alert">{errors.phases}</div>}
      {phases.map((p, i) => {
        const e = (k: string) => errors[`phases.${i}.${k}`];
        const cov = p.base ? coverage.get(p.base.id) : undefined;
        const o = p.offeringId ? offerings.get(p.offeringId) : undefined;
        return (
          <fieldset key={p.id} className="pt-phase" aria-label={`Phase ${i + 1}`}>
            <legend>{phases.length > 1 ? `Phase ${i + 1}` : 'Dates and hardware'}</legend>
            <div className="pt-form">
              {phases.length > 1 && <Field id={`mf-${i}-name`} label="Phase name"><input id={`mf-${i}-name`} className="input" value={p.name} onChange={(ev) => setPhase(i, { name: ev.target.value })} /></Field>}
              <Field id={`mf-${i}-start`} label="Start" error={e('start')}><input id={`mf-${i}-start`} form="pt-edit-form" type="date" className={`input${e('start') ? ' invalid' : ''}`} value={p.start} onChange={(ev) => setPhase(i, { start: ev.target.value })} /></Field>
              <Field id={`mf-${i}-end`} label="End" error={e('end')}><input id={`mf-${i}-end`} form="pt-edit-form" type="date" className={`input${e('end') ? ' invalid' : ''}`} value={p.end} onChange={(ev) => setPhase(i, { end: ev.target.value })} /></Field>
              <Field id={`mf-${i}-offering`} label="Offering (catalog)" error={e('offeringId')} wide>
                <select id={`mf-${i}-offering`} className={`input${e('offeringId') ? ' invalid' : ''}`} value={p.offeringId} onChange={(ev) => setPhase(i, { offeringId: ev.target.value })}>
                  <option value="">— no hardware chosen yet —</option>
                  {choices.map((c) => <option key={c.id} value={c.id}>{offeringText(c)}</option>)}
                </select>
              </Field>
              <Field id={`mf-${i}-low`} label="Runs (low)" error={e('runs.low')}><input id={`mf-${i}-low`} type="number" step="1" className={`input${e('runs.low') ? ' invalid' : ''}`} value={p.low} onChange={(ev) => setPhase(i, { low: ev.target.value })} style={{ width: 80 }} /></Field>
              <Field id={`mf-${i}-high`} label="Runs (high)" error={e('runs.high')}><input id={`mf-${i}-high`} type="number" step="1" className={`input${e('runs.high') ? ' invalid' : ''}`} value={p.high} onChange={(ev) => setPhase(i, { high: ev.target.value })} style={{ width: 80 }} /></Field>
              <Field id={`mf-${i}-workload`} label="Workload (saved in Estimate)" wide hint={workloads === null ? 'loading saved workloads…' : workloads.length === 0 ? 'no saved workloads yet — save one on the Estimate screen' : 'the app estimates hours per run from it on the chosen GPU'}>
                <select id={`mf-${i}-workload`} className="input" value={p.workload} onChange={(ev) => setPhase(i, { workload: ev.target.value })}>
                  <option value="">— none (use the author's figures) —</option>
                  {p.base?.workload && <option value="keep">keep the current workload{typeof p.base.workload.name === 'string' ? ` (${p.base.workload.name})` : ''}</option>}
                  {(workloads ?? []).map((w) => <option key={w.id} value={w.id}>{w.name}</option>)}
                </select>
              </Field>
            </div>
            <div className="pt-estimates">
              <div><span className="field-label">Author's estimate</span> {p.base?.authorEstimate ? <>{range(p.base.authorEstimate.hours)} GPU-h, {range(p.base.authorEstimate.usd, '$')}{p.base.authorEstimate.text ? <span className="muted"> — “{p.base.authorEstimate.text}”</span> : null}</> : <span className="muted">none (made in the app)</span>}</div>
              <div><span className="field-label">App's estimate</span> {p.base?.appEstimate ? <>{fmtHours(p.base.appEstimate.hours)} GPU-h, {fmtUsd(p.base.appEstimate.usd)} <span className="muted">({p.base.appEstimate.basis}; price as of {p.base.appEstimate.priceAsOf ?? '—'})</span></> : <span className="muted">{p.workload ? 'computed when saved' : 'needs a saved workload'}</span>}</div>
              {cov && <div><span className="field-label">The check uses</span> {cov.neededHours === null ? '—' : `${fmtHours(cov.neededHours)} GPU-h`} <span className="muted">({cov.neededBasis}); booked {fmtHours(cov.allocatedHours)} GPU-h by {p.end}</span></div>}
              {o && <div className="muted">{o.label}: {o.gpuCount} × {gpuShort(o.gpuId)} per instance</div>}
            </div>
            {phases.length > 1 && <button type="button" className="btn small" onClick={() => setPhases(phases.filter((_, j) => j !== i))}>Remove phase</button>}
          </fieldset>
        );
      })}
      <div><button type="button" className="btn small" onClick={() => setPhases([...phases, { ...phases[phases.length - 1]!, id: newId('phase'), name: `Phase ${phases.length + 1}`, base: null, workload: '' }])}>+ Add phase</button></div>
      {errors._ && <div className="field-error" role="alert">{errors._}</div>}
    </Dialog>
  );
}

function PoolForm({ view, id, error, busy, onEdit, onClose }: EditorProps & { id: string | null }) {
  const { plan } = view;
  const existing = id ? plan.pools.find((p) => p.id === id) : undefined;
  const [f, setF] = useState(() => ({ name: existing?.name ?? '', capacity: String(existing?.capacity ?? 1), unit: existing?.unit ?? 'gpus', notes: existing?.notes ?? '' }));
  const [offeringIds, setOfferingIds] = useState<string[]>(existing?.offeringIds ?? []);
  const [gpuIds, setGpuIds] = useState<string[]>(existing?.gpuIds ?? []);
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...useErrors(error), ...local };
  const offerings = [...view.catalog.offerings].sort((a, b) => a.label.localeCompare(b.label));
  for (const oid of offeringIds) if (!offerings.some((o) => o.id === oid)) offerings.unshift({ id: oid, gpuId: '', gpuCount: 1, vcpus: null, label: `${oid} (not in the catalog)`, deleted: true, prices: [] });
  const gpus = [...new Set([...view.catalog.offerings.map((o) => o.gpuId), ...gpuIds])].sort();
  async function save() {
    const capacity = num(f.capacity);
    if (capacity === null) return setLocal({ capacity: 'Capacity is a number above 0.' });
    setLocal({});
    const value: CapacityPool = { id: existing?.id ?? newId('pool'), projectId: plan.project.id, name: f.name.trim(), capacity, unit: f.unit as CapacityPool['unit'], offeringIds, gpuIds, notes: f.notes.trim() || null };
    if (await onEdit({ type: 'upsert', entity: 'pool', value })) onClose();
  }
  async function remove() {
    if (existing && (await onEdit({ type: 'remove', entity: 'pool', id: existing.id }))) onClose();
  }
  const pick = (e: React.ChangeEvent<HTMLSelectElement>) => [...e.target.selectedOptions].map((o) => o.value);
  return (
    <Dialog title={existing ? `Edit capacity pool · ${existing.name}` : 'Add capacity pool'} sub="what the team can actually get at once: a quota, an account, a machine" onClose={onClose}
      actions={<Actions busy={busy} onClose={onClose} saveLabel={existing ? 'Save pool' : 'Add pool'} onDelete={existing ? () => void remove() : undefined} />}>
      <form id="pt-edit-form" className="pt-form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Field id="cf-name" label="Pool name" error={errors.name} wide><input id="cf-name" className={`input${errors.name ? ' invalid' : ''}`} value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} autoFocus /></Field>
        <Field id="cf-capacity" label="Capacity" error={errors.capacity}><input id="cf-capacity" type="number" step="any" className={`input${errors.capacity ? ' invalid' : ''}`} value={f.capacity} onChange={(e) => setF({ ...f, capacity: e.target.value })} style={{ width: 90 }} /></Field>
        <Field id="cf-unit" label="Unit">
          <select id="cf-unit" className="input" value={f.unit} onChange={(e) => setF({ ...f, unit: e.target.value as CapacityPool['unit'] })}>
            <option value="gpus">GPUs at once</option>
            <option value="vcpus">vCPUs of quota</option>
          </select>
        </Field>
        <Field id="cf-offerings" label={`Offerings admitted (${offeringIds.length})`} error={errors.offeringIds} wide hint="Ctrl/Shift-click to choose several">
          <select id="cf-offerings" multiple size={7} className={`input${errors.offeringIds ? ' invalid' : ''}`} value={offeringIds} onChange={(e) => setOfferingIds(pick(e))}>
            {offerings.map((o) => <option key={o.id} value={o.id}>{offeringText(o)}</option>)}
          </select>
        </Field>
        <Field id="cf-gpus" label={`GPU types admitted (${gpuIds.length})`} hint="any offering with that GPU, and GPU-only bookings">
          <select id="cf-gpus" multiple size={7} className="input" value={gpuIds} onChange={(e) => setGpuIds(pick(e))}>
            {gpus.map((g) => <option key={g} value={g}>{gpuShort(g)} ({g})</option>)}
          </select>
        </Field>
        <Field id="cf-notes" label="Notes" wide><input id="cf-notes" className="input" value={f.notes} onChange={(e) => setF({ ...f, notes: e.target.value })} /></Field>
      </form>
      {errors._ && <div className="field-error" role="alert">{errors._}</div>}
    </Dialog>
  );
}

/** The plan's parts as lists with Add / Edit / Delete: the way into the forms. */
export function PlanPartsPanel({ plan, onOpen, onEdit }: { plan: Plan; onOpen: (target: EditorTarget) => void; onEdit: (command: PlanCommand) => Promise<boolean> }) {
  const trackName = new Map(plan.tracks.map((t) => [t.id, t.name]));
  const sortedTracks = [...plan.tracks].sort((a, b) => a.position - b.position);
  return (
    <section className="panel" aria-label="Plan parts">
      <div className="panel-title">
        <strong>Project, tracks, milestones and pools</strong>
        <span className="muted">every change is saved at once and can be undone</span>
        <span className="spacer" />
        <div className="toolbar">
          <button type="button" className="btn" onClick={() => onOpen({ kind: 'project' })}>Edit project</button>
          <button type="button" className="btn" onClick={() => onOpen({ kind: 'track', id: null })}>+ Add track</button>
          <button type="button" className="btn" onClick={() => onOpen({ kind: 'milestone', id: null })} disabled={plan.tracks.length === 0}>+ Add milestone</button>
          <button type="button" className="btn" onClick={() => onOpen({ kind: 'pool', id: null })}>+ Add pool</button>
        </div>
      </div>
      <div className="pt-parts">
        <div>
          <div className="field-label">Tracks ({plan.tracks.length})</div>
          <ul className="pt-part-list" aria-label="Tracks">
            {sortedTracks.map((t) => (
              <li key={t.id}>
                <i style={{ background: t.colour }} aria-hidden="true" />
                <span className="pt-part-main"><strong>{t.name}</strong> <span className="muted">{t.owner}{t.focus ? ` · ${t.focus}` : ''}</span></span>
                <button type="button" className="btn small" aria-label={`Edit track ${t.name}`} onClick={() => onOpen({ kind: 'track', id: t.id })}>Edit</button>
                <button type="button" className="btn small" aria-label={`Add milestone to ${t.name}`} onClick={() => onOpen({ kind: 'milestone', id: null, trackId: t.id })}>+ Milestone</button>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <div className="field-label">Milestones ({plan.milestones.length})</div>
          <ul className="pt-part-list" aria-label="Milestone list">
            {plan.milestones.map((m) => (
              <li key={m.id}>
                <span className="pt-part-main"><strong>{m.code}</strong> {m.name} <span className="muted">· {trackName.get(m.trackId)} · {m.phases.map((p) => `${p.start} → ${p.end}`).join(', ')}</span></span>
                <button type="button" className="btn small" aria-label={`Edit milestone ${m.code} ${m.name}`} onClick={() => onOpen({ kind: 'milestone', id: m.id })}>Edit</button>
                <button type="button" className="btn small danger" aria-label={`Delete milestone ${m.code} ${m.name}`} onClick={() => void onEdit({ type: 'remove', entity: 'milestone', id: m.id })}>Delete</button>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <div className="field-label">Capacity pools ({plan.pools.length})</div>
          <ul className="pt-part-list" aria-label="Pools">
            {plan.pools.map((p) => (
              <li key={p.id}>
                <span className="pt-part-main"><strong>{p.name}</strong> <span className="muted">· {p.capacity} {p.unit === 'gpus' ? (p.capacity === 1 ? 'GPU' : 'GPUs') : 'vCPUs'} at once · {p.offeringIds.length} offering{p.offeringIds.length === 1 ? '' : 's'}, {p.gpuIds.length} GPU type{p.gpuIds.length === 1 ? '' : 's'}</span></span>
                <button type="button" className="btn small" aria-label={`Edit pool ${p.name}`} onClick={() => onOpen({ kind: 'pool', id: p.id })}>Edit</button>
                <button type="button" className="btn small danger" aria-label={`Delete pool ${p.name}`} onClick={() => void onEdit({ type: 'remove', entity: 'pool', id: p.id })}>Delete</button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

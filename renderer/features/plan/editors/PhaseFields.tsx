/** One phase of the milestone form: its dates, hardware, runs and saved workload, then the estimates the check weighs. */
import { phaseEarlyStopping } from '../../../../shared/domain/plan/run-rule-checks';
import type { OfferingFacts } from '../../../../shared/domain/plan/types';
import type { PlanView } from '../../../../shared/ipc/contract/plan';
import { Field, NumberField } from '../../../ui/Field';
import { estimateBasis, estimateMoney, fmtHours, fmtMoney, gpuShort } from '../timeline-model';
import { usePlanStore } from '../store';
import { DateRangeFields, FORM_ID, offeringText } from './editor-parts';
import type { PhaseDraft, SavedWorkload } from './milestone-draft';
import { scaleDraftOf } from './workload-scale';
import { WorkloadScaleFields } from './WorkloadScaleFields';
import { BilledUsageLine } from '../../runs/BilledUsageLine';
import { YourRunsLine } from '../../runs/YourRunsLine';

type Coverage = PlanView['analysis']['phases'][number];

const range = (r: { low: number; high: number } | null | undefined, unit = '') =>
  !r ? '—' : r.low === r.high ? `${unit}${r.low}` : `${unit}${r.low}–${unit}${r.high}`;

export function PhaseFields({
  index: i,
  phase: p,
  count,
  choices,
  workloads,
  coverage,
  error,
  onChange,
  onRemove,
  milestoneLabel,
}: {
  index: number;
  phase: PhaseDraft;
  /** "M1 50 Cases, Proof of Concept": what a run recorded from this phase trained. */
  milestoneLabel?: string | undefined;
  /** how many phases the milestone has: a lone phase has no name or Remove button. */
  count: number;
  choices: OfferingFacts[];
  workloads: SavedWorkload[] | null;
  coverage: Coverage | undefined;
  error: (field: string) => string | undefined;
  onChange: (patch: Partial<PhaseDraft>) => void;
  onRemove: () => void;
}) {
  const o = p.offeringId ? choices.find((c) => c.id === p.offeringId) : undefined;
  return (
    <fieldset className="pt-phase" aria-label={`Phase ${i + 1}`}>
      <legend>{count > 1 ? `Phase ${i + 1}` : 'Dates and hardware'}</legend>
      <div className="pt-form">
        {count > 1 && (
          <Field id={`mf-${i}-name`} label="Phase name">
            <input id={`mf-${i}-name`} className="input" value={p.name} onChange={(ev) => onChange({ name: ev.target.value })} />
          </Field>
        )}
        <DateRangeFields
          idPrefix={`mf-${i}`}
          form={FORM_ID}
          start={p.start}
          end={p.end}
          errors={{ start: error('start'), end: error('end') }}
          onChange={onChange}
        />
        <Field id={`mf-${i}-offering`} label="Offering (catalog)" error={error('offeringId')} className="pt-wide">
          <select
            id={`mf-${i}-offering`}
            className={`input${error('offeringId') ? ' invalid' : ''}`}
            value={p.offeringId}
            onChange={(ev) => onChange({ offeringId: ev.target.value })}
          >
            <option value="">— no hardware chosen yet —</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {offeringText(c)}
              </option>
            ))}
          </select>
        </Field>
        {(['low', 'high'] as const).map((bound) => (
          <NumberField
            key={bound}
            id={`mf-${i}-${bound}`}
            label={`Runs (${bound})`}
            error={error(`runs.${bound}`)}
            value={p[bound]}
            onChange={(v) => onChange({ [bound]: v })}
            step="1"
            width={80}
          />
        ))}
        <WorkloadField index={i} phase={p} workloads={workloads} onChange={onChange} />
        {p.workload && (
          <WorkloadScaleFields
            idPrefix={`mf-${i}`}
            draft={p.scale}
            errors={{ gpuCount: error('gpuCount'), nodeCount: error('nodeCount') }}
            onChange={(patch) => onChange({ scale: { ...p.scale, ...patch } })}
          />
        )}
      </div>
      <PhaseEstimates phase={p} coverage={coverage} offering={o} />
      <PhaseRuns phase={p} count={count} choices={choices} milestoneLabel={milestoneLabel} />
      {count > 1 && (
        <button type="button" className="btn small" onClick={onRemove}>
          Remove phase
        </button>
      )}
    </fieldset>
  );
}

function WorkloadField({
  index: i,
  phase: p,
  workloads,
  onChange,
}: {
  index: number;
  phase: PhaseDraft;
  workloads: SavedWorkload[] | null;
  onChange: (patch: Partial<PhaseDraft>) => void;
}) {
  return (
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
        onChange={(ev) => {
          const next = ev.target.value;
          const picked = next === 'keep' ? p.base?.workload : workloads?.find((w) => w.id === next)?.workload;
          onChange({ workload: next, scale: scaleDraftOf(picked) });
        }}
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
  );
}

/** The correction the lead's own runs make to this phase's estimate, and "Record a finished run…" (issue 29 item 2). */
function PhaseRuns({
  phase: p,
  count,
  choices,
  milestoneLabel,
}: {
  phase: PhaseDraft;
  count: number;
  choices: OfferingFacts[];
  milestoneLabel: string | undefined;
}) {
  const base = p.base;
  const saved = base?.workload && base.offeringId ? base : null;
  return (
    <>
      <YourRunsLine
        workload={base?.workload ?? null}
        offeringId={base?.offeringId ?? null}
        gpuId={base?.gpuId ?? null}
        target={
          saved
            ? {
                phaseId: saved.id,
                offeringId: saved.offeringId,
                label: `${milestoneLabel ?? saved.name}${count > 1 ? ` — ${saved.name}` : ''}`,
                offerings: choices.filter((c) => !c.deleted).map((c) => ({ id: c.id, label: offeringText(c) })),
              }
            : null
        }
        why="save the phase with a workload and an offering to record a run of it"
      />
      <BilledUsageLine phaseId={base?.id ?? null} />
    </>
  );
}

/** The author's and the app's estimates, what the check uses, and the chosen offering's GPUs. */
function PhaseEstimates({
  phase: p,
  coverage: cov,
  offering: o,
}: {
  phase: PhaseDraft;
  coverage: Coverage | undefined;
  offering: OfferingFacts | undefined;
}) {
  const totals = usePlanStore((s) => s.view?.analysis.totals);
  // The saved phase as the plan holds it now: a run recorded while the form is open changes its estimate (issue 29).
  const current = usePlanStore((s) => s.view?.plan.milestones.flatMap((m) => m.phases).find((x) => x.id === p.base?.id));
  const app = (current ?? p.base)?.appEstimate;
  return (
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
        {p.base && app ? (
          <>
            {fmtHours(app.hours)} GPU-h, {totals ? estimateMoney(app.usd, p.base.start, totals) : fmtMoney(app.usd, 'USD')}{' '}
            <span className="muted">
              ({totals ? estimateBasis(app.basis, p.base.start, totals) : app.basis}; price as of {app.priceAsOf ?? '—'})
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
          <span className="field-label">The check uses</span> {cov.neededHours === null ? '—' : `${fmtHours(cov.neededHours)} GPU-h`}{' '}
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
  );
}

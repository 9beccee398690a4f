/** Every assumption and formula behind the selected row: the GPU estimate's explanation, the cost basis, notes. */
import { offerLabel } from '../../../shared/domain/offer-label';
import type { GpuEstimate, RankedRow, WorkloadEstimate } from '../../../shared/estimate/estimate';
import { flattenConstants } from '../../../shared/estimate/calibration';
import { ReservedNote } from './ReservedNote';
import { useEstimate } from './store';
import { YourRunsLine } from '../runs/YourRunsLine';

const PARTS = [
  ['weightsGiB', 'weights'],
  ['gradientsGiB', 'gradients'],
  ['optimizerGiB', 'optimizer state'],
  ['activationsGiB', 'activations'],
] as const;
/** The memory legend's names of the same parts. */
const LEGEND = [
  ['weightsGiB', 'weights'],
  ['gradientsGiB', 'gradients'],
  ['optimizerGiB', 'optimizer'],
  ['activationsGiB', 'activations'],
] as const;

/**
 * The peak memory split drawn to the GPU's own memory (the full bar is the card's GiB), with a marker where the
 * memory needed (peak + CUDA context + headroom) falls; past the card's memory the bar is full and says by how much.
 */
export function MemoryBar({ m }: { m: GpuEstimate['memory'] }) {
  const cap = m.gpuMemoryGiB > 0 ? m.gpuMemoryGiB : 1;
  const pct = (v: number) => Math.max(0, Math.min(100, (v / cap) * 100));
  const over = m.requiredGiB > cap;
  let left = 0;
  return (
    <div
      className={`est-membar${over ? ' over' : ''}`}
      role="img"
      data-testid="memory-bar"
      aria-label={`Memory: peak ${m.peakGiB} GiB, needs ${m.requiredGiB} GiB of the GPU's ${m.gpuMemoryGiB} GiB${over ? ' — does not fit' : ''}`}
    >
      {PARTS.map(([k, label]) => {
        const width = Math.min(pct(m[k]), 100 - left);
        const seg = (
          <span key={k} className={`seg ${k}`} style={{ left: `${left}%`, width: `${width}%` }} title={`${label}: ${m[k]} GiB`} />
        );
        left += width;
        return seg;
      })}
      <span
        className="est-mem-need"
        data-testid="memory-needed"
        style={{ left: `${pct(m.requiredGiB)}%` }}
        title={`needed with context and headroom: ${m.requiredGiB} GiB`}
      />
    </div>
  );
}

export function ExplanationPanel({ gpu, cost, estimate }: { gpu: GpuEstimate | null; cost: RankedRow | null; estimate: WorkloadEstimate }) {
  if (!gpu)
    return (
      <aside className="panel est-explain muted" aria-label="Explanation">
        Select a row to see how its figures were computed.
      </aside>
    );
  const m = gpu.memory;
  return (
    <aside className="panel est-explain" aria-label="Explanation">
      <div className="panel-title">
        <strong>
          Why: {gpu.gpuName}
          {(cost?.setup?.gpus ?? gpu.gpuCount) > 1 ? ` × ${cost?.setup?.gpus ?? gpu.gpuCount}` : ''}
          {cost ? ` · ${offerLabel(cost.providerName, cost.sku)} (${cost.priceKind})` : ''}
        </strong>
      </div>
      <MemoryBar m={m} />
      <div className="est-memlegend">
        {LEGEND.map(([k, label]) => (
          <span key={k}>
            <i className={k} />
            {`${label} `}
            {m[k]} GiB{k === 'activationsGiB' && m.logitsGiB ? ` (logits ${m.logitsGiB} GiB)` : ''}
          </span>
        ))}
        <span className="muted">
          of {m.gpuMemoryGiB} GiB; needs {m.requiredGiB} GiB with context and headroom
        </span>
      </div>
      <Speed gpu={gpu} />
      <dl className="est-lines">
        {gpu.explanation.map((l) => (
          <div key={l.label}>
            <dt>{l.label}</dt>
            <dd>
              <strong>{l.value}</strong>
              {l.formula && <span className="muted"> — {l.formula}</span>}
            </dd>
          </div>
        ))}
        {cost?.wallClock && <WallClockLine wall={cost.wallClock} label={offerLabel(cost.providerName, cost.sku)} />}
        {cost?.setup && (cost.setup.gpus > 1 || cost.setup.gpusPerInstance > 1) && (
          <div data-testid="setup-line">
            <dt>Machine</dt>
            <dd>
              <strong>{cost.setup.label}</strong>
              <span className="muted"> — {cost.setup.text}</span>
            </dd>
          </div>
        )}
        {cost && <EstimateRunsLine gpu={gpu} cost={cost} estimate={estimate} />}
        {cost && (
          <div>
            <dt>Cost</dt>
            <dd>
              <strong>
                ${cost.usd.toLocaleString('en-US')}
                {cost.usdLow !== null && cost.usdHigh !== null ? ` (range $${cost.usdLow}–$${cost.usdHigh})` : ''}
              </strong>
              {cost.reserved && <ReservedNote reserved={cost.reserved} />}
              <span className="muted"> — {cost.basis}</span>
            </dd>
          </div>
        )}
        {cost?.earlyStopping && (
          <div data-testid="early-stopping-line">
            <dt>Early stopping</dt>
            <dd>
              <strong>{cost.earlyStopping.savedText}</strong>
              <span className="muted">
                {' '}
                — stopping at ~{Math.round(cost.earlyStopping.expectedFraction * 100)} % of the epochs: {cost.earlyStopping.hoursWith} h,{' '}
                {cost.earlyStopping.usdWith !== null ? `$${cost.earlyStopping.usdWith}` : 'no price'} (expected, not applied to the figures
                above)
              </span>
            </dd>
          </div>
        )}
      </dl>
      {cost?.runRules && cost.runRules.length > 0 && (
        <ul className="est-notes est-run-rules" aria-label="Run rules">
          {cost.runRules.map((r) => (
            <li key={r.kind} className={r.severity} data-run-rule={r.kind}>
              {r.message}
            </li>
          ))}
        </ul>
      )}
      {[...gpu.notes, ...estimate.notes].length > 0 && (
        <ul className="est-notes">
          {[...gpu.notes, ...estimate.notes].map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <details className="est-assumptions">
        <summary>Every constant and assumption of the model</summary>
        <dl className="est-lines">
          {Object.entries(flattenConstants(estimate.assumptions.efficiency)).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>
                {v} <span className="muted">fitted on H100 measurements and published benchmarks</span>
              </dd>
            </div>
          ))}
          {[...Object.entries(estimate.assumptions.memory), ...Object.entries(estimate.assumptions.cost)].map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>
                {v} <span className="muted">stated</span>
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </aside>
  );
}

/** The lead's own runs of this model on the selected offering (issue 29 item 2), and recording one of the saved workload. */
function EstimateRunsLine({ gpu, cost, estimate }: { gpu: GpuEstimate; cost: RankedRow; estimate: WorkloadEstimate }) {
  const loaded = useEstimate((s) => (s.loadedId ? (s.saved.find((w) => w.id === s.loadedId) ?? null) : null));
  const offerings = [...new Map(estimate.ranking.map((r) => [r.offeringId, offerLabel(r.providerName, r.sku)])).entries()]
    .map(([id, label]) => ({ id, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <YourRunsLine
      as="dl"
      workload={estimate.workload as unknown as Record<string, unknown>}
      offeringId={cost.offeringId}
      gpuId={gpu.gpuId}
      target={loaded ? { workloadId: loaded.id, offeringId: cost.offeringId, label: loaded.name, offerings } : null}
      why="save the workload to record a run of it"
    />
  );
}

const hoursText = (h: number) => (h < 1 ? `${Math.round(h * 60)} min` : `${h.toLocaleString('en-US', { maximumFractionDigits: 2 })} h`);

/** The selected offering's wall-clock time with its parts (its own vCPUs and session limit), and which hours the cost is of. */
function WallClockLine({ wall, label }: { wall: NonNullable<RankedRow['wallClock']>; label: string }) {
  const b = wall.breakdown;
  return (
    <div data-testid="wall-clock-offering">
      <dt>On this offering</dt>
      <dd>
        <strong>
          {hoursText(wall.hours)} wall-clock (GPU only {hoursText(wall.gpuHours)})
        </strong>
        <span className="muted">
          {' '}
          — {label}: setup {hoursText(b.setupHours)} + training {hoursText(b.trainingHours)} (
          {wall.bound === 'input'
            ? `input-bound: ${wall.vcpus} vCPUs deliver about ${Math.round(wall.inputSamplesPerSecond)} samples/s`
            : 'GPU-bound'}
          ) + validation {hoursText(b.validationHours)} + checkpoints {hoursText(b.checkpointHours)} + restarts {hoursText(b.restartHours)};
          data {wall.format} on {wall.location}.{' '}
          {wall.described
            ? 'The cost below is of the wall-clock hours.'
            : 'The cost below is of the GPU-only hours: give the dataset its format or location to price the wall clock.'}
        </span>
      </dd>
    </div>
  );
}

/** Throughput with its range and bound, and on several GPUs the scaling efficiency and what limits it (issue 17). */
function Speed({ gpu }: { gpu: GpuEstimate }) {
  const t = gpu.throughput;
  const s = t.scaling;
  return (
    <div className="est-speed" aria-label="Speed and scaling">
      <p>
        <strong>{t.samplesPerSecond.toLocaleString('en-US')} samples/s</strong>{' '}
        <span className="muted">
          (range {t.samplesPerSecondLow.toLocaleString('en-US')}–{t.samplesPerSecondHigh.toLocaleString('en-US')}, {t.uncertainty.regime};{' '}
          {t.stack} stack)
        </span>
      </p>
      {t.evidence.kind === 'no-measurement' && (
        <p className="est-evidence" data-testid="estimate-evidence">
          <strong>No measurement on this GPU</strong>
          {t.evidence.reason.replace(/^no measurement on this GPU/, '')}.
        </p>
      )}
      {s && (
        <p className="est-scaling">
          <strong>Scaling efficiency {Math.round(s.efficiency * 100)}%</strong> on {s.gpuCount} GPUs
          {s.nodeCount > 1 ? ` over ${s.nodeCount} nodes` : ''} ({(s.efficiency * s.gpuCount).toFixed(2)}× one GPU) — {s.limit}.
          <span className="muted">
            {' '}
            Link: {s.link}
            {s.network ? `; between nodes: ${s.network}` : ''}. Offerings with their own links are priced with them (see the cost basis).
          </span>
        </p>
      )}
    </div>
  );
}

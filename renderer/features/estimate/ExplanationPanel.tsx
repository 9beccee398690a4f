/** Every assumption and formula behind the selected row: the GPU estimate's explanation, the cost basis, notes. */
import type { GpuEstimate, RankedRow, WorkloadEstimate } from '../../../shared/estimate/estimate';
import { flattenConstants } from '../../../shared/estimate/calibration';

export function ExplanationPanel({ gpu, cost, estimate }: { gpu: GpuEstimate | null; cost: RankedRow | null; estimate: WorkloadEstimate }) {
  if (!gpu) return <aside className="panel est-explain muted" aria-label="Explanation">Select a row to see how its figures were computed.</aside>;
  const m = gpu.memory;
  return (
    <aside className="panel est-explain" aria-label="Explanation">
      <div className="panel-title"><strong>Why: {gpu.gpuName}{gpu.gpuCount > 1 ? ` × ${gpu.gpuCount}` : ''}{cost ? ` · ${cost.providerName} ${cost.sku} (${cost.priceKind})` : ''}</strong></div>
      <div className="est-membar" aria-label="Peak memory split">
        {(['weightsGiB', 'gradientsGiB', 'optimizerGiB', 'activationsGiB'] as const).map((k) => (
          <span key={k} className={`seg ${k}`} style={{ flexGrow: Math.max(m[k], 0.0001) }} title={`${k.replace('GiB', '')}: ${m[k]} GiB`} />
        ))}
      </div>
      <div className="est-memlegend">
        <span><i className="weightsGiB" />weights {m.weightsGiB} GiB</span><span><i className="gradientsGiB" />gradients {m.gradientsGiB} GiB</span>
        <span><i className="optimizerGiB" />optimizer {m.optimizerGiB} GiB</span><span><i className="activationsGiB" />activations {m.activationsGiB} GiB{m.logitsGiB ? ` (logits ${m.logitsGiB} GiB)` : ''}</span>
        <span className="muted">of {m.gpuMemoryGiB} GiB; needs {m.requiredGiB} GiB with context and headroom</span>
      </div>
      <dl className="est-lines">
        {gpu.explanation.map((l) => (
          <div key={l.label}><dt>{l.label}</dt><dd><strong>{l.value}</strong>{l.formula && <span className="muted"> — {l.formula}</span>}</dd></div>
        ))}
        {cost && <div><dt>Cost</dt><dd><strong>${cost.usd.toLocaleString('en-US')}{cost.usdLow !== null && cost.usdHigh !== null ? ` (range $${cost.usdLow}–$${cost.usdHigh})` : ''}</strong><span className="muted"> — {cost.basis}</span></dd></div>}
      </dl>
      {[...gpu.notes, ...estimate.notes].length > 0 && <ul className="est-notes">{[...gpu.notes, ...estimate.notes].map((n) => <li key={n}>{n}</li>)}</ul>}
      <details className="est-assumptions">
        <summary>Every constant and assumption of the model</summary>
        <dl className="est-lines">
          {Object.entries(flattenConstants(estimate.assumptions.efficiency)).map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v} <span className="muted">fitted on the H100 measurements</span></dd></div>)}
          {Object.entries(estimate.assumptions.memory).map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v} <span className="muted">stated</span></dd></div>)}
          {Object.entries(estimate.assumptions.cost).map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v} <span className="muted">stated</span></dd></div>)}
        </dl>
      </details>
    </aside>
  );
}

/** Every assumption and formula behind the selected row: the GPU estimate's explanation, the cost basis, notes. */
import type { GpuEstimate, RankedRow, WorkloadEstimate } from '../../../shared/estimate/estimate';

const PARTS = [['weightsGiB', 'weights'], ['gradientsGiB', 'gradients'], ['optimizerGiB', 'optimizer state'], ['activationsGiB', 'activations']] as const;

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
    <div className={`est-membar${over ? ' over' : ''}`} role="img" data-testid="memory-bar"
      aria-label={`Memory: peak ${m.peakGiB} GiB, needs ${m.requiredGiB} GiB of the GPU's ${m.gpuMemoryGiB} GiB${over ? ' — does not fit' : ''}`}>
      {PARTS.map(([k, label]) => {
        const width = Math.min(pct(m[k]), 100 - left);
        const seg = <span key={k} className={`seg ${k}`} style={{ left: `${left}%`, width: `${width}%` }} title={`${label}: ${m[k]} GiB`} />;
        left += width;
        return seg;
      })}
      <span className="est-mem-need" data-testid="memory-needed" style={{ left: `${pct(m.requiredGiB)}%` }} title={`needed with context and headroom: ${m.requiredGiB} GiB`} />
    </div>
  );
}

export function ExplanationPanel({ gpu, cost, estimate }: { gpu: GpuEstimate | null; cost: RankedRow | null; estimate: WorkloadEstimate }) {
  if (!gpu) return <aside className="panel est-explain muted" aria-label="Explanation">Select a row to see how its figures were computed.</aside>;
  const m = gpu.memory;
  return (
    <aside className="panel est-explain" aria-label="Explanation">
      <div className="panel-title"><strong>Why: {gpu.gpuName}{gpu.gpuCount > 1 ? ` × ${gpu.gpuCount}` : ''}{cost ? ` · ${cost.providerName} ${cost.sku} (${cost.priceKind})` : ''}</strong></div>
      <MemoryBar m={m} />
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
          {Object.entries(estimate.assumptions.efficiency).map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v} <span className="muted">fitted on the H100 measurements</span></dd></div>)}
          {Object.entries(estimate.assumptions.memory).map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v} <span className="muted">stated</span></dd></div>)}
          {Object.entries(estimate.assumptions.cost).map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v} <span className="muted">stated</span></dd></div>)}
        </dl>
      </details>
    </aside>
  );
}

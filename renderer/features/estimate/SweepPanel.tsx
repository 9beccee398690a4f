/**
 * A sweep of the current workload over batch size × precision × checkpointing × GPU count, run in the estimation
 * worker with progress and cancel; shows the cheapest variants that fit.
 */
import { useEffect, useRef, useState } from 'react';
import type { Response } from '../../../shared/ipc/contract';
import { api, unwrap } from '../../app/api';

type Summary = Response<'estimate:sweep'>['summaries'][number];
interface Variant {
  batchSize: number;
  precision: string;
  gradientCheckpointing: boolean;
  gpuCount: number;
}

const BATCHES = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096];
export function sweepVariants(): Variant[] {
  const out: Variant[] = [];
  for (const batchSize of BATCHES)
    for (const precision of ['bf16', 'fp16', 'fp32', 'tf32'])
      for (const gradientCheckpointing of [false, true])
        for (const gpuCount of [1, 2, 4, 8]) out.push({ batchSize, precision, gradientCheckpointing, gpuCount });
  return out;
}

/** One variant of the sweep with its cheapest offering: hours and cost of the run. */
function SweepRow({ summary, label, className }: { summary: Summary; label: string; className?: string }) {
  const cheapest = summary.cheapest!;
  return (
    <tr className={className}>
      <td>{label}</td>
      <td>
        {cheapest.offeringId} · {cheapest.priceKind}
      </td>
      <td className="num">{cheapest.hours.toFixed(2)}</td>
      <td className="num">${cheapest.usd.toFixed(2)}</td>
    </tr>
  );
}

export function SweepPanel({ workload }: { workload: Record<string, unknown> }) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [sweepId, setSweepId] = useState<string | null>(null);
  const [result, setResult] = useState<{ variants: Variant[]; summaries: Summary[]; cancelled: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const idRef = useRef<string | null>(null);
  useEffect(
    () =>
      api.events.on('estimate:sweep-progress', (p) => {
        if (p.sweepId === idRef.current) setProgress({ done: p.done, total: p.total });
      }),
    [],
  );

  const start = async () => {
    const variants = sweepVariants();
    const id = `sweep-${Date.now().toString(36)}`;
    idRef.current = id;
    setSweepId(id);
    setError(null);
    setResult(null);
    setProgress({ done: 0, total: variants.length });
    try {
      // the sweep's GPU counts (1–8) fit in one machine: nodeCount 1 whatever the form says
      const r = await unwrap(api.estimate.sweep({ sweepId: id, workloads: variants.map((v) => ({ ...workload, ...v, nodeCount: 1 })) }));
      setResult({ variants, summaries: r.summaries, cancelled: r.cancelled });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSweepId(null);
    }
  };
  const best = result
    ? result.summaries
        .filter((s) => s.ok && s.cheapest)
        .sort((a, b) => a.cheapest!.usd - b.cheapest!.usd || a.cheapest!.hours - b.cheapest!.hours)
        .slice(0, 6)
    : [];
  const fastest = result
    ? result.summaries
        .filter((s) => s.ok && s.cheapest)
        .sort((a, b) => a.cheapest!.hours - b.cheapest!.hours)
        .slice(0, 1)
    : [];
  const describe = (v: Variant | undefined) =>
    v
      ? `batch ${v.batchSize} · ${v.precision}${v.gradientCheckpointing ? ' · ckpt' : ''} · ${v.gpuCount} GPU${v.gpuCount > 1 ? 's' : ''}`
      : '';
  return (
    <section className="panel est-sweep" aria-label="Sweep">
      <div className="panel-title">
        <strong>Sweep this workload</strong>
        <span className="muted">
          {sweepVariants().length} variants (batch 1–4096 × 4 precisions × checkpointing × 1–8 GPUs), computed in the estimation worker
        </span>
      </div>
      <div className="est-sweep-row">
        <button type="button" className="btn" onClick={() => void start()} disabled={sweepId !== null}>
          Run sweep
        </button>
        {sweepId && (
          <button type="button" className="btn danger" onClick={() => void api.estimate.cancelSweep({ sweepId })}>
            Cancel
          </button>
        )}
        {progress && (
          <div
            className="progress est-sweep-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
          >
            <div style={{ width: `${(100 * progress.done) / Math.max(1, progress.total)}%` }} />
          </div>
        )}
        {progress && (
          <span className="muted">
            {progress.done} / {progress.total}
            {result?.cancelled ? ' — cancelled' : ''}
          </span>
        )}
      </div>
      {error && <div className="banner error">{error}</div>}
      {result && best.length === 0 && <p className="muted">No variant has a priced offering (give dataset and epochs).</p>}
      {best.length > 0 && (
        <table className="data est-sweep-table" aria-label="Cheapest variants">
          <thead>
            <tr>
              <th>Cheapest variants</th>
              <th>Offering · price kind</th>
              <th className="num">Hours</th>
              <th className="num">Cost</th>
            </tr>
          </thead>
          <tbody>
            {best.map((s) => (
              <SweepRow key={s.index} summary={s} label={describe(result!.variants[s.index])} />
            ))}
            {fastest.map((s) => (
              <SweepRow key={`f${s.index}`} summary={s} label={`fastest: ${describe(result!.variants[s.index])}`} className="est-fastest" />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * Estimate: describe a training workload and see, for every GPU and offering, whether it fits, its memory split,
 * throughput and bound, hours and cost per price kind (with the price's date) — ranked, charted, explained.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GpuEstimate, RankedRow } from '../../../shared/estimate/estimate';
import { cheapestFinishingBy, fastestUnder, finishDate } from '../../../shared/estimate/ranking';
import { DataTable } from '../../ui/DataTable';
import { ExplanationPanel } from './ExplanationPanel';
import { TimeCostChart } from './TimeCostChart';
import { SweepPanel } from './SweepPanel';
import { presetOf, useEstimate, workloadOf } from './store';
import { WorkloadFormPanel } from './WorkloadFormPanel';
import './estimate.css';

interface Row { key: string; gpu: GpuEstimate; cost: RankedRow | null }

const fmtNum = (v: number, digits = 3) => (Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('en-US') : Number(v.toPrecision(digits)).toLocaleString('en-US'));
const fmtHours = (h: number) => (h >= 48 ? `${fmtNum(h)} h (${(h / 24).toFixed(1)} d)` : `${fmtNum(h)} h`);
const usd = (v: number) => `$${v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2)}`;
const KIND: Record<string, string> = { 'on-demand': 'on-demand', spot: 'spot', 'reserved-1y': 'reserved 1 y', 'reserved-3y': 'reserved 3 y', subscription: 'subscription', purchase: 'purchase' };
const shortGpu = (name: string) => name.replace(/^NVIDIA /, '').replace(/^GeForce /, '');
const compact = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(n >= 10000 ? 0 : 1)}k` : String(n));
/** 7.24 B, 13.6 M, 356 G… */
const si = (v: number) => { for (const [d, u] of [[1e12, ' T'], [1e9, ' G'], [1e6, ' M'], [1e3, ' k']] as const) if (v >= d) return `${Number((v / d).toPrecision(3))}${u}`; return `${v} `; };
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86400000).toISOString().slice(0, 10);

export function EstimateScreen() {
  const { presets, saved, form, loadedId, estimate, errors, warnings, running, lastLatencyMs, message, init, setField, run, load, save, remove } = useEstimate();
  const [selected, setSelected] = useState<string | null>(null);
  const [deadline, setDeadline] = useState(inDays(14));
  const [hoursPerDay, setHoursPerDay] = useState('24');
  const [budget, setBudget] = useState('100');
  const [saveName, setSaveName] = useState('');
  const changedAt = useRef<number>(0);

  useEffect(() => { void init(); }, [init]);
  // Re-estimate shortly after the last keystroke (the estimate itself takes a few ms).
  useEffect(() => {
    if (presets.length === 0) return;
    const t = setTimeout(() => void run(changedAt.current || performance.now()), 0);
    return () => clearTimeout(t);
  }, [form, presets.length, run]);
  useEffect(() => { setSaveName(saved.find((s) => s.id === loadedId)?.name ?? ''); }, [loadedId, saved]);

  const rows = useMemo<Row[]>(() => {
    if (!estimate) return [];
    const byKey = new Map(estimate.ranking.map((r) => [r.key, r]));
    const out: Row[] = [];
    for (const g of estimate.results) {
      const costs = g.training?.offerings ?? [];
      if (costs.length === 0) out.push({ key: `gpu|${g.gpuId}`, gpu: g, cost: null });
      for (const c of costs) { const key = `${c.offeringId}|${c.priceKind}`; out.push({ key, gpu: g, cost: byKey.get(key) ?? null }); }
    }
    return out;
  }, [estimate]);
  const selectedRow = rows.find((r) => r.key === selected) ?? null;
  // A different workload (model, method, data): start from its best row; an edit of the same one keeps the selection.
  const identity = estimate ? JSON.stringify([estimate.workload.model, estimate.workload.method, estimate.workload.dataset, estimate.workload.epochs]) : '';
  const [selectedFor, setSelectedFor] = useState('');
  useEffect(() => {
    if (!estimate) return;
    if (selectedFor !== identity || !selected || !rows.some((r) => r.key === selected)) {
      setSelected(estimate.ranking.find((r) => r.fits)?.key ?? rows[0]?.key ?? null);
      setSelectedFor(identity);
    }
  }, [estimate, rows, selected, identity, selectedFor]);

  const nowIso = `${today()}T00:00:00Z`;
  const cheapest = estimate ? cheapestFinishingBy(estimate.ranking, nowIso, deadline, Number(hoursPerDay) || 24) : null;
  const fastest = estimate && Number(budget) > 0 ? fastestUnder(estimate.ranking, Number(budget)) : null;

  const columns = useMemo<Array<ColumnDef<Row, any>>>(() => [
    { id: 'rank', header: '#', accessorFn: (r) => r.cost?.rank ?? 9999, cell: (c) => (c.row.original.cost ? <span>{c.row.original.cost.rank}{c.row.original.cost.pareto && <span className="est-star" title="On the Pareto front of time and cost">★</span>}</span> : <span className="muted">—</span>), meta: { numeric: true }, size: 46 },
    { id: 'gpu', header: 'GPU', accessorFn: (r) => shortGpu(r.gpu.gpuName), cell: (c) => <span title={c.row.original.gpu.gpuName}>{c.getValue<string>()}</span>, size: 150 },
    { id: 'offering', header: 'Offering', accessorFn: (r) => (r.cost ? `${r.cost.providerName} · ${r.cost.sku}` : ''), cell: (c) => (c.row.original.cost ? <span title={c.getValue<string>()}>{c.getValue<string>()}</span> : <span className="muted">{c.row.original.gpu.largestBatch < 1 ? 'does not fit — not priced' : 'not offered in the catalog'}</span>) },
    { id: 'fits', header: 'Fits', accessorFn: (r) => (r.gpu.fits ? 2 : r.gpu.largestBatch > 0 ? 1 : 0), cell: (c) => { const g = c.row.original.gpu; return g.fits ? <span className="badge ok" title={`largest batch that fits: ${g.largestBatch}`}>yes ≤{compact(g.largestBatch)}</span> : g.largestBatch > 0 ? <span className="badge warn" title={`batch does not fit: micro-batch ${g.throughput.microBatch} × ${g.throughput.accumulationSteps} gradient-accumulation steps`}>accum ×{g.throughput.accumulationSteps}</span> : <span className="badge bad">no</span>; }, size: 102 },
    { id: 'peak', header: 'Peak GiB', accessorFn: (r) => r.gpu.memory.peakGiB, cell: (c) => { const m = c.row.original.gpu.memory; return <span title={`weights ${m.weightsGiB} + gradients ${m.gradientsGiB} + optimizer ${m.optimizerGiB} + activations ${m.activationsGiB} GiB (PyTorch max_memory_allocated); needs ${m.requiredGiB} of ${m.gpuMemoryGiB} GiB with CUDA context and headroom`}>{fmtNum(m.peakGiB)}<span className="muted">/{m.gpuMemoryGiB}</span></span>; }, meta: { numeric: true }, size: 84 },
    { id: 'thr', header: 'Samples/s', accessorFn: (r) => r.gpu.throughput.samplesPerSecond, cell: (c) => { const t = c.row.original.gpu.throughput; return <span title={`${t.tokensPerSecond ? `${fmtNum(t.tokensPerSecond)} tokens/s · ` : ''}step ${fmtNum(t.stepSeconds * 1000)} ms`}>{fmtNum(t.samplesPerSecond)}</span>; }, meta: { numeric: true }, size: 80 },
    { id: 'bound', header: 'Bound', accessorFn: (r) => r.gpu.throughput.bound, cell: (c) => <span className={`est-bound ${c.getValue<string>()}`}>{c.getValue<string>()}</span>, size: 94 },
    { id: 'hours', header: 'Hours', accessorFn: (r) => r.cost?.hours ?? r.gpu.training?.hours ?? -1, cell: (c) => (c.getValue<number>() >= 0 ? <span title={fmtHours(c.getValue<number>())}>{fmtNum(c.getValue<number>())}</span> : <span className="muted">—</span>), meta: { numeric: true }, size: 66 },
    { id: 'cost', header: 'Cost', accessorFn: (r) => r.cost?.usd ?? Infinity, cell: (c) => { const k = c.row.original.cost; return k ? <span title={`${k.usdLow !== null && k.usdHigh !== null ? `range ${usd(k.usdLow)}–${usd(k.usdHigh)} · ` : ''}${k.basis}`}>{usd(k.usd)}{k.usdLow !== null && k.usdHigh !== null ? <span className="muted">±</span> : null}</span> : <span className="muted">—</span>; }, meta: { numeric: true }, size: 80 },
    { id: 'price', header: 'Price · as of', accessorFn: (r) => (r.cost ? `${KIND[r.cost.priceKind]} ${r.cost.asOf}` : ''), cell: (c) => { const k = c.row.original.cost; return k ? <span title={k.source}>{KIND[k.priceKind]} ${k.price.usd}/{k.price.per === 'hour' ? 'h' : k.price.per === 'month' ? 'mo' : 'once'} · {k.asOf}</span> : ''; }, size: 230 },
  ], []);

  const model = estimate?.model;
  return (
    <div className="screen est-screen" data-estimate-ready={estimate ? 'true' : 'false'}>
      <header className="est-header">
        <h1>Estimate</h1>
        <span className="muted">memory, time and cost of one training run on every GPU and offering · model calibrated on 15 H100 measurements (throughput within ×1.3, bf16 memory within ±20%)</span>
      </header>
      {message && <div className={`banner ${message.kind}`} role="status">{message.text}</div>}
      <div className="est-layout">
        <section className="panel est-left" aria-label="Workload panel">
          <div className="est-saved">
            <label className="field-label" htmlFor="wf-saved">Saved workloads</label>
            <div className="est-saved-row">
              <select id="wf-saved" className="input" value={loadedId ?? ''} onChange={(e) => e.target.value && load(e.target.value)}>
                <option value="">— choose —</option>
                {saved.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
              </select>
              {loadedId && <button type="button" className="btn small danger" onClick={() => void remove(loadedId)}>Delete</button>}
            </div>
          </div>
          <WorkloadFormPanel form={form} presets={presets} errors={{ ...warnings, ...errors }} onChange={(k, v) => { changedAt.current = performance.now(); setField(k, v); }} />
          <div className="est-save-row">
            <input className="input" aria-label="Workload name" placeholder="Name to save as" value={saveName} onChange={(e) => setSaveName(e.target.value)} />
            <button type="button" className="btn primary" disabled={!saveName.trim() || Object.keys(errors).length > 0} onClick={() => void save(saveName.trim())}>Save</button>
          </div>
        </section>
        <div className="est-main">
          {model && (
            <div className="kpis">
              <div className="kpi"><div className="kpi-label">Parameters</div><div className="kpi-value">{si(model.params)}</div><div className="kpi-sub">{si(model.trainableParams)} trainable · computed from the architecture</div></div>
              <div className="kpi"><div className="kpi-label">Forward per sample</div><div className="kpi-value">{si(model.forwardFlopsPerSample)}FLOP</div><div className="kpi-sub">{model.tokensPerSample ? `${model.tokensPerSample} tokens · ` : ''}backward = 2× forward</div></div>
              <div className="kpi est-answer" aria-label="Cheapest that finishes by date">
                <div className="kpi-label">Cheapest that finishes by</div>
                <div className="est-answer-inputs"><input type="date" className="input est-date" aria-label="Deadline" value={deadline} onChange={(e) => setDeadline(e.target.value)} /> at <input className="input est-narrow" aria-label="GPU hours per day" value={hoursPerDay} onChange={(e) => setHoursPerDay(e.target.value)} /> h/day</div>
                <div className="kpi-sub">{cheapest ? <button type="button" className="linklike" onClick={() => setSelected(cheapest.key)}><strong>{usd(cheapest.usd)}</strong> · {cheapest.providerName} {cheapest.sku} ({KIND[cheapest.priceKind]}), {fmtHours(cheapest.hours)}, done {finishDate(nowIso, cheapest.hours, Number(hoursPerDay) || 24).slice(0, 10)}</button> : estimate?.ranking.length ? 'nothing finishes by then' : 'give dataset and epochs'}</div>
              </div>
              <div className="kpi est-answer" aria-label="Fastest under budget">
                <div className="kpi-label">Fastest under</div>
                <div className="est-answer-inputs">$<input className="input est-narrow" aria-label="Budget in USD" value={budget} onChange={(e) => setBudget(e.target.value)} /></div>
                <div className="kpi-sub">{fastest ? <button type="button" className="linklike" onClick={() => setSelected(fastest.key)}><strong>{fmtHours(fastest.hours)}</strong> · {fastest.providerName} {fastest.sku} ({KIND[fastest.priceKind]}), {usd(fastest.usd)}</button> : estimate?.ranking.length ? 'nothing fits that budget' : 'give dataset and epochs'}</div>
              </div>
            </div>
          )}
          <div className="est-chart-row">
            {estimate && <TimeCostChart rows={estimate.ranking} selectedKey={selected} onSelect={setSelected} />}
            {estimate && <ExplanationPanel gpu={selectedRow?.gpu ?? null} cost={selectedRow?.cost ?? null} estimate={estimate} />}
          </div>
        </div>
      </div>
      <div className="panel est-table">
        <div className="panel-title">
          <strong>Every GPU and offering</strong>
          <span className="muted">ranked by cost (★ Pareto front) · hover a figure for its split and basis · {running ? 'estimating…' : lastLatencyMs !== null ? `updated in ${lastLatencyMs} ms` : ''}</span>
          {Object.keys(errors).length > 0 && <span className="badge warn" role="note">showing the last valid workload — fix the field marked in red</span>}
        </div>
        <DataTable data={rows} columns={columns} label="Estimates by GPU and offering" getRowId={(r) => r.key} onRowClick={(r) => setSelected(r.key)} selectedRowId={selected} height={420} initialSorting={[{ id: 'rank', desc: false }]} rowClassName={(r) => (r.gpu.fits ? undefined : r.gpu.largestBatch > 0 ? 'est-row-warn' : 'est-row-bad')} />
      </div>
      <SweepPanel workload={workloadOf(form, presetOf(presets, form.preset))} />
    </div>
  );
}

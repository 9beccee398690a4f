/**
 * Estimate: describe a training workload and see, for every GPU and offering, whether it fits, its memory split,
 * throughput and bound, hours and cost per price kind (with the price's date) — ranked, charted, explained.
 */
import { offerLabel } from '../../../shared/domain/offer-label';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GpuEstimate, RankedRow } from '../../../shared/estimate/estimate';
import { cheapestFinishingBy, fastestUnder, finishDate, parseBudgetUsd, parseHoursPerDay } from '../../../shared/estimate/ranking';
import { breakEvenOf, filterAndRank, isPurchase, type BreakEven } from '../../../shared/estimate/rent-vs-buy';
import { rerank, reliabilityLookup, starsText, type RankBy, type ReliabilityCatalog } from '../../../shared/estimate/reliable-ranking';
import type { Reliability } from '../../../shared/domain/reliability';
import { api } from '../../app/api';
import { DataTable } from '../../ui/DataTable';
import { GuidedFlavorPanel } from './GuidedFlavorPanel';
import { ExplanationPanel } from './ExplanationPanel';
import { TimeCostChart } from './TimeCostChart';
import { BuyOrRentPanel } from './BuyOrRentPanel';
import { ReservedNote } from './ReservedNote';
import { useSettings } from '../settings/store';
import { SettingsNote } from '../settings/SettingsDialog';
import { SweepPanel } from './SweepPanel';
import { useEstimate } from './store';
import { isModified, presetOf, workloadOf } from './workload-form';
import { WorkloadFormPanel } from './WorkloadFormPanel';
import './estimate.css';

interface Row {
  key: string;
  gpu: GpuEstimate;
  cost: RankedRow | null;
  shownRank: number | null;
  star: boolean;
  breakEven: BreakEven | null;
  reliability: Reliability | null;
}

const fmtNum = (v: number, digits = 3) =>
  Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('en-US') : Number(v.toPrecision(digits)).toLocaleString('en-US');
const fmtHours = (h: number) => (h >= 48 ? `${fmtNum(h)} h (${(h / 24).toFixed(1)} d)` : `${fmtNum(h)} h`);
const usd = (v: number) => `$${v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2)}`;
const KIND: Record<string, string> = {
  'on-demand': 'on-demand',
  spot: 'spot',
  'reserved-1y': 'reserved 1 y',
  'reserved-3y': 'reserved 3 y',
  subscription: 'subscription',
  purchase: 'purchase',
};
const shortGpu = (name: string) => name.replace(/^NVIDIA /, '').replace(/^GeForce /, '');
/** 7.24 B, 13.6 M, 356 G… */
const si = (v: number) => {
  for (const [d, u] of [
    [1e12, ' T'],
    [1e9, ' G'],
    [1e6, ' M'],
    [1e3, ' k'],
  ] as const)
    if (v >= d) return `${Number((v / d).toPrecision(3))}${u}`;
  return `${v} `;
};
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86400000).toISOString().slice(0, 10);

const BUY_HIDDEN = ['thr', 'bound', 'peak'] as const;
const NONE_HIDDEN: readonly string[] = [];

export function EstimateScreen() {
  const {
    presets,
    saved,
    form,
    loadedId,
    estimate,
    errors,
    warnings,
    running,
    lastLatencyMs,
    message,
    init,
    setField,
    run,
    load,
    save,
    remove,
  } = useEstimate();
  const [selected, setSelected] = useState<string | null>(null);
  const [deadline, setDeadline] = useState(inDays(14));
  const [hoursPerDay, setHoursPerDay] = useState('24');
  const [budget, setBudget] = useState('100');
  const [saveName, setSaveName] = useState('');
  const changedAt = useRef<number>(0);
  const [mode, setMode] = useState<'rent' | 'buy'>('rent');
  const [providerFilter, setProviderFilter] = useState('');
  const [gpuFilter, setGpuFilter] = useState('');
  const [kindFilter, setKindFilter] = useState('');
  const [rankBy, setRankBy] = useState<RankBy>('cost');
  const [reliabilityCatalog, setReliabilityCatalog] = useState<ReliabilityCatalog>({ entries: [], offeringProviders: {} });
  useEffect(() => {
    void api.catalog.listReliability({}).then((r) => r.ok && setReliabilityCatalog(r.value));
  }, []);
  // A change of the cost settings (electricity, lifetime, hours a year) re-prices the estimate.
  const settingsRevision = useSettings((st) => st.revision);
  const modified = isModified(
    form,
    presets,
    saved.find((s) => s.id === loadedId),
  );

  useEffect(() => {
    void init();
  }, [init]);
  // Re-estimate shortly after the last keystroke (the estimate itself takes a few ms).
  useEffect(() => {
    if (presets.length === 0) return;
    const t = setTimeout(() => void run(changedAt.current || performance.now()), 0);
    return () => clearTimeout(t);
  }, [form, presets.length, run, settingsRevision]);
  useEffect(() => {
    setSaveName(saved.find((s) => s.id === loadedId)?.name ?? '');
  }, [loadedId, saved]);

  // Rent or buy, then the provider / GPU / price-kind filter; ranks and the Pareto star are recomputed among what is shown.
  const rows = useMemo<Row[]>(() => {
    if (!estimate) return [];
    const fitsAsAsked = new Set(estimate.results.filter((g) => g.fits).map((g) => g.gpuId));
    const shown = filterAndRank(
      estimate.ranking,
      {
        mode,
        providers: providerFilter ? [providerFilter] : [],
        gpuIds: gpuFilter ? [gpuFilter] : [],
        kinds: kindFilter ? [kindFilter] : [],
      },
      (r) => fitsAsAsked.has(r.gpuId),
    );
    const byKey = new Map(rerank(shown, rankBy, reliabilityLookup(reliabilityCatalog)).map((r) => [r.key, r]));
    const out: Row[] = [];
    for (const g of estimate.results) {
      if (gpuFilter && g.gpuId !== gpuFilter) continue;
      const costs = g.training?.offerings ?? [];
      if (costs.length === 0 && mode === 'rent' && !providerFilter && !kindFilter)
        out.push({ key: `gpu|${g.gpuId}`, gpu: g, cost: null, shownRank: null, star: false, breakEven: null, reliability: null });
      for (const c of costs) {
        const key = `${c.offeringId}|${c.priceKind}`;
        const r = byKey.get(key);
        if (!r) continue;
        out.push({
          key,
          gpu: g,
          cost: r,
          shownRank: r.shownRank,
          star: r.star,
          breakEven: isPurchase(r) ? breakEvenOf(r, estimate.ranking, estimate.assumptions.cost) : null,
          reliability: r.reliability,
        });
      }
    }
    return out;
  }, [estimate, mode, providerFilter, gpuFilter, kindFilter, rankBy, reliabilityCatalog]);
  const providerNames = useMemo(() => [...new Set((estimate?.ranking ?? []).map((r) => r.providerName))].sort(), [estimate]);
  const kindsShown = useMemo(
    () => [...new Set((estimate?.ranking ?? []).filter((r) => (mode === 'buy') === isPurchase(r)).map((r) => r.priceKind))],
    [estimate, mode],
  );
  const rentals = useMemo(() => (estimate?.ranking ?? []).filter((r) => !isPurchase(r)), [estimate]);
  const selectedRow = rows.find((r) => r.key === selected) ?? null;
  // A different workload (model, method, data): start from its best row; an edit of the same one keeps the selection.
  const identity = estimate
    ? JSON.stringify([estimate.workload.model, estimate.workload.method, estimate.workload.dataset, estimate.workload.epochs])
    : '';
  const [selectedFor, setSelectedFor] = useState('');
  useEffect(() => {
    if (!estimate) return;
    if (selectedFor !== identity || !selected || !rows.some((r) => r.key === selected)) {
      setSelected(rows.find((r) => r.star)?.key ?? rows.find((r) => r.cost && r.gpu.fits)?.key ?? rows[0]?.key ?? null);
      setSelectedFor(identity);
    }
  }, [estimate, rows, selected, identity, selectedFor]);

  const nowIso = `${today()}T00:00:00Z`;
  const perDay = parseHoursPerDay(hoursPerDay);
  const budgetTyped = parseBudgetUsd(budget);
  const cheapest = estimate && perDay.ok ? cheapestFinishingBy(rentals, nowIso, deadline, perDay.value) : null;
  const fastest = estimate && budgetTyped.ok && budgetTyped.value > 0 ? fastestUnder(rentals, budgetTyped.value) : null;

  const columns = useMemo<Array<ColumnDef<Row, any>>>(
    () => [
      {
        id: 'rank',
        header: '#',
        accessorFn: (r) => r.shownRank ?? 9999,
        cell: (c) =>
          c.row.original.shownRank !== null ? (
            <span>
              {c.row.original.shownRank}
              {c.row.original.star && (
                <span
                  className="est-star"
                  title="On the Pareto front of time and cost (fits as asked)"
                  aria-label="best trade-off of time and cost"
                >
                  ★
                </span>
              )}
            </span>
          ) : (
            <span className="muted">—</span>
          ),
        meta: { numeric: true },
        size: 46,
      },
      {
        id: 'gpu',
        header: 'GPU',
        accessorFn: (r) => shortGpu(r.gpu.gpuName),
        cell: (c) => <span title={c.row.original.gpu.gpuName}>{c.getValue<string>()}</span>,
        size: 150,
      },
      {
        id: 'offering',
        header: 'Offering',
        accessorFn: (r) => (r.cost ? `${r.cost.providerName} · ${r.cost.sku}` : ''),
        cell: (c) =>
          c.row.original.cost ? (
            <span title={c.getValue<string>()}>{c.getValue<string>()}</span>
          ) : (
            <span className="muted">
              {c.row.original.gpu.largestBatch < 1 ? 'does not fit — not priced' : 'not offered in the catalog'}
            </span>
          ),
      },
      {
        id: 'fits',
        header: 'Fits',
        accessorFn: (r) => (r.gpu.fits ? 2 : r.gpu.largestBatch > 0 ? 1 : 0),
        cell: (c) => {
          const g = c.row.original.gpu;
          return g.fits ? (
            <span
              className="badge ok"
              title={`Fits in memory. The largest batch that fits is ${g.largestBatch.toLocaleString('en-US')} samples.`}
            >
              yes
            </span>
          ) : g.largestBatch > 0 ? (
            <span
              className="badge warn"
              title={`The batch does not fit at once: ${g.throughput.accumulationSteps} steps of ${g.throughput.microBatch} samples each (gradient accumulation)`}
            >
              in {g.throughput.accumulationSteps} steps
            </span>
          ) : (
            <span className="badge bad">no</span>
          );
        },
        size: 102,
      },
      {
        id: 'peak',
        header: 'Peak GiB',
        accessorFn: (r) => r.gpu.memory.peakGiB,
        cell: (c) => {
          const m = c.row.original.gpu.memory;
          return (
            <span
              title={`weights ${m.weightsGiB} + gradients ${m.gradientsGiB} + optimizer ${m.optimizerGiB} + activations ${m.activationsGiB} GiB (PyTorch max_memory_allocated); needs ${m.requiredGiB} of ${m.gpuMemoryGiB} GiB with CUDA context and headroom`}
            >
              {fmtNum(m.peakGiB)}
              <span className="muted">/{m.gpuMemoryGiB}</span>
            </span>
          );
        },
        meta: { numeric: true },
        size: 84,
      },
      {
        id: 'thr',
        header: 'Samples/s',
        accessorFn: (r) => r.gpu.throughput.samplesPerSecond,
        cell: (c) => {
          const t = c.row.original.gpu.throughput;
          return (
            <span title={`${t.tokensPerSecond ? `${fmtNum(t.tokensPerSecond)} tokens/s · ` : ''}step ${fmtNum(t.stepSeconds * 1000)} ms`}>
              {fmtNum(t.samplesPerSecond)}
            </span>
          );
        },
        meta: { numeric: true },
        size: 80,
      },
      {
        id: 'bound',
        header: 'Bound',
        accessorFn: (r) => r.gpu.throughput.bound,
        cell: (c) => <span className={`est-bound ${c.getValue<string>()}`}>{c.getValue<string>()}</span>,
        size: 94,
      },
      {
        id: 'hours',
        header: 'Hours',
        accessorFn: (r) => r.cost?.hours ?? r.gpu.training?.hours ?? -1,
        cell: (c) =>
          c.getValue<number>() >= 0 ? (
            <span title={fmtHours(c.getValue<number>())}>{fmtNum(c.getValue<number>())}</span>
          ) : (
            <span className="muted">—</span>
          ),
        meta: { numeric: true },
        size: 66,
      },
      {
        id: 'cost',
        header: 'Cost of the run',
        accessorFn: (r) => r.cost?.usd ?? Infinity,
        cell: (c) => {
          const k = c.row.original.cost;
          return k ? (
            <span title={`${k.usdLow !== null && k.usdHigh !== null ? `range ${usd(k.usdLow)} to ${usd(k.usdHigh)} · ` : ''}${k.basis}`}>
              {usd(k.usd)}
              {k.usdLow !== null && k.usdHigh !== null ? (
                <span className="muted est-range">
                  {' '}
                  ({usd(k.usdLow)}–{usd(k.usdHigh)})
                </span>
              ) : null}
              {k.reserved && <ReservedNote reserved={k.reserved} compact />}
            </span>
          ) : (
            <span className="muted">—</span>
          );
        },
        meta: { numeric: true },
        size: 120,
      },
      {
        id: 'reliability',
        header: 'Reliability',
        accessorFn: (r) => r.reliability?.score ?? -1,
        cell: (c) => {
          const rel = c.row.original.reliability;
          return rel ? (
            <span title={`${rel.interruption}; ${rel.availability} — ${rel.source} (as of ${rel.asOf})`}>{starsText(rel)}</span>
          ) : (
            <span className="muted" title="No reliability rating in the catalog for this provider and price kind">
              {c.row.original.cost ? 'unrated' : ''}
            </span>
          );
        },
        size: 110,
      },
      {
        id: 'price',
        header: 'Price · as of',
        accessorFn: (r) => (r.cost ? `${KIND[r.cost.priceKind]} ${r.cost.asOf}` : ''),
        cell: (c) => {
          const k = c.row.original.cost;
          return k ? (
            <span title={k.source}>
              {KIND[k.priceKind]} ${k.price.usd}/{k.price.per === 'hour' ? 'h' : k.price.per === 'month' ? 'mo' : 'once'} · {k.asOf}
            </span>
          ) : (
            ''
          );
        },
        size: 230,
      },
      ...(mode === 'buy'
        ? ([
            {
              id: 'purchase',
              header: 'Machine price',
              accessorFn: (r: Row) => r.cost?.price.usd ?? Infinity,
              cell: (c: { row: { original: Row } }) => (c.row.original.cost ? <strong>{usd(c.row.original.cost.price.usd)}</strong> : '—'),
              meta: { numeric: true },
              size: 100,
            },
            {
              id: 'breakeven',
              header: 'Pays off against renting after',
              accessorFn: (r: Row) => r.breakEven?.runs ?? Infinity,
              cell: (c: { row: { original: Row } }) => {
                const b = c.row.original.breakEven;
                return b ? (
                  <span className="est-breakeven" title={b.text}>
                    {b.runs === null
                      ? 'never for this workload'
                      : `${b.runs.toLocaleString('en-US')} runs (≈ ${b.hours!.toLocaleString('en-US')} h of use)`}
                    {b.rental && (
                      <span className="muted">
                        {' '}
                        vs {b.rental.label} at {usd(b.rental.usd)} a run
                      </span>
                    )}
                  </span>
                ) : (
                  '—'
                );
              },
              meta: { numeric: false },
              size: 330,
            },
          ] as Array<ColumnDef<Row, any>>)
        : []),
    ],
    [mode],
  );

  const model = estimate?.model;
  // The machine the "Buy or rent" panel compares: the selected purchase row, else the cheapest shown.
  const buyRowKey =
    mode === 'buy'
      ? ((rows.find((r) => r.key === selected && r.cost?.priceKind === 'purchase') ?? rows.find((r) => r.cost))?.key ?? null)
      : null;
  return (
    <div className="screen est-screen" data-estimate-ready={estimate ? 'true' : 'false'}>
      <header className="est-header">
        <h1>Estimate</h1>
        <span className="muted">
          memory, time and cost of one training run on every GPU and offering · model calibrated on 15 H100 measurements (throughput within
          ×1.3, bf16 memory within ±20%)
        </span>
      </header>
      {message && (
        <div className={`banner ${message.kind}`} role="status">
          {message.text}
        </div>
      )}
      <div className="est-layout">
        <section className="panel est-left" aria-label="Workload panel">
          <div className="est-saved">
            <label className="field-label" htmlFor="wf-saved">
              Saved workloads
            </label>
            {modified && (
              <span
                className="badge warn"
                data-testid="workload-modified"
                title="The form differs from the saved workload: save it to keep the changes"
              >
                modified — not saved
              </span>
            )}
            <div className="est-saved-row">
              <select id="wf-saved" className="input" value={loadedId ?? ''} onChange={(e) => e.target.value && load(e.target.value)}>
                <option value="">— choose —</option>
                {saved.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
              {loadedId && (
                <button type="button" className="btn small danger" onClick={() => void remove(loadedId)}>
                  Delete
                </button>
              )}
            </div>
          </div>
          <WorkloadFormPanel
            form={form}
            presets={presets}
            errors={{ ...warnings, ...errors }}
            onChange={(k, v) => {
              changedAt.current = performance.now();
              setField(k, v);
            }}
          />
          <div className="est-save-row">
            <input
              className="input"
              aria-label="Workload name"
              placeholder="Name to save as"
              value={saveName}
              onChange={(e) => setSaveName(e.target.value)}
            />
            <button
              type="button"
              className="btn primary"
              disabled={!saveName.trim() || Object.keys(errors).length > 0}
              onClick={() => void save(saveName.trim())}
            >
              Save
            </button>
          </div>
        </section>
        <div className="est-main">
          {model && (
            <div className="kpis">
              <div className="kpi">
                <div className="kpi-label">Parameters</div>
                <div className="kpi-value">{si(model.params)}</div>
                <div className="kpi-sub">{si(model.trainableParams)} trainable · computed from the architecture</div>
              </div>
              <div className="kpi">
                <div className="kpi-label">Forward per sample</div>
                <div className="kpi-value">{si(model.forwardFlopsPerSample)}FLOP</div>
                <div className="kpi-sub">{model.tokensPerSample ? `${model.tokensPerSample} tokens · ` : ''}backward = 2× forward</div>
              </div>
              <div className="kpi est-answer" aria-label="Cheapest that finishes by date">
                <div className="kpi-label">Cheapest that finishes by</div>
                <div className="est-answer-inputs">
                  <input
                    type="date"
                    className="input est-date"
                    aria-label="Deadline"
                    value={deadline}
                    onChange={(e) => setDeadline(e.target.value)}
                  />{' '}
                  at{' '}
                  <input
                    className="input est-narrow"
                    aria-label="GPU hours per day"
                    aria-invalid={!perDay.ok}
                    aria-describedby={perDay.ok ? undefined : 'est-hours-per-day-error'}
                    value={hoursPerDay}
                    onChange={(e) => setHoursPerDay(e.target.value)}
                  />{' '}
                  h/day
                </div>
                <div className="kpi-sub">
                  {!perDay.ok ? (
                    <span className="field-error" role="alert" id="est-hours-per-day-error">
                      {perDay.message}
                    </span>
                  ) : cheapest ? (
                    <button type="button" className="linklike" onClick={() => setSelected(cheapest.key)}>
                      <strong>{usd(cheapest.usd)}</strong> · {offerLabel(cheapest.providerName, cheapest.sku)} ({KIND[cheapest.priceKind]}),{' '}
                      {fmtHours(cheapest.hours)}, done {finishDate(nowIso, cheapest.hours, perDay.ok ? perDay.value : 24).slice(0, 10)}
                    </button>
                  ) : estimate?.ranking.length ? (
                    'nothing finishes by then'
                  ) : (
                    'give dataset and epochs'
                  )}
                </div>
              </div>
              <div className="kpi est-answer" aria-label="Fastest under budget">
                <div className="kpi-label">Fastest under</div>
                <div className="est-answer-inputs">
                  $
                  <input
                    className="input est-narrow"
                    aria-label="Budget in USD"
                    aria-invalid={!budgetTyped.ok}
                    aria-describedby={budgetTyped.ok ? undefined : 'est-budget-error'}
                    value={budget}
                    onChange={(e) => setBudget(e.target.value)}
                  />
                </div>
                <div className="kpi-sub">
                  {!budgetTyped.ok ? (
                    <span className="field-error" role="alert" id="est-budget-error">
                      {budgetTyped.message}
                    </span>
                  ) : fastest ? (
                    <button type="button" className="linklike" onClick={() => setSelected(fastest.key)}>
                      <strong>{fmtHours(fastest.hours)}</strong> · {offerLabel(fastest.providerName, fastest.sku)} (
                      {KIND[fastest.priceKind]}), {usd(fastest.usd)}
                    </button>
                  ) : estimate?.ranking.length ? (
                    'nothing fits that budget'
                  ) : (
                    'give dataset and epochs'
                  )}
                </div>
              </div>
            </div>
          )}
          <div className="est-chart-row">
            {estimate && <TimeCostChart rows={estimate.ranking} selectedKey={selected} onSelect={setSelected} />}
            {estimate && <ExplanationPanel gpu={selectedRow?.gpu ?? null} cost={selectedRow?.cost ?? null} estimate={estimate} />}
          </div>
        </div>
      </div>
      <div className="panel est-table" data-latency-ms={lastLatencyMs ?? undefined}>
        <div className="panel-title">
          <strong>{mode === 'rent' ? 'Renting: every GPU and offering' : 'Buying a machine'}</strong>
          <span className="muted">
            {mode === 'rent'
              ? rankBy === 'reliable'
                ? 'cheapest reliable first: only offers rated 4 of 5 stars or more (reliability data from the catalog, seed 002) are numbered'
                : 'ranked by the cost of the run (★ best trade-off of time and cost)'
              : 'the machine’s full price, and when it pays off against the cheapest rental that fits'}{' '}
            {mode === 'buy' && (
              <>
                · <SettingsNote />{' '}
              </>
            )}
            · hover a figure for its split and basis{running ? ' · estimating…' : ''}
          </span>
          {Object.keys(errors).length > 0 && (
            <span className="badge warn" role="note">
              showing the last valid workload — fix the field marked in red
            </span>
          )}
        </div>
        <div className="toolbar est-filters" role="group" aria-label="Which offers">
          <div className="est-mode" role="radiogroup" aria-label="Rent or buy">
            <button
              type="button"
              role="radio"
              aria-checked={mode === 'rent'}
              className={`btn small${mode === 'rent' ? ' primary' : ''}`}
              onClick={() => {
                setMode('rent');
                setKindFilter('');
              }}
            >
              Rent
            </button>
            <button
              type="button"
              role="radio"
              aria-checked={mode === 'buy'}
              className={`btn small${mode === 'buy' ? ' primary' : ''}`}
              onClick={() => {
                setMode('buy');
                setKindFilter('');
              }}
            >
              Buy
            </button>
          </div>
          <label>
            Provider{' '}
            <select className="input" value={providerFilter} onChange={(e) => setProviderFilter(e.target.value)}>
              <option value="">all</option>
              {providerNames.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
          <label>
            GPU{' '}
            <select className="input" value={gpuFilter} onChange={(e) => setGpuFilter(e.target.value)}>
              <option value="">all</option>
              {(estimate?.results ?? []).map((g) => (
                <option key={g.gpuId} value={g.gpuId}>
                  {shortGpu(g.gpuName)}
                </option>
              ))}
            </select>
          </label>
          <label>
            Price kind{' '}
            <select className="input" value={kindFilter} onChange={(e) => setKindFilter(e.target.value)}>
              <option value="">all</option>
              {kindsShown.map((k) => (
                <option key={k} value={k}>
                  {KIND[k]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Rank by{' '}
            <select className="input" aria-label="Rank by" value={rankBy} onChange={(e) => setRankBy(e.target.value as RankBy)}>
              <option value="cost">cost</option>
              <option value="reliable">cheapest reliable (≥ 4 of 5 stars)</option>
            </select>
          </label>
          <span className="muted">{rows.filter((r) => r.cost).length} offer(s) shown</span>
        </div>
        <DataTable
          data={rows}
          columns={columns}
          label="Estimates by GPU and offering"
          getRowId={(r) => r.key}
          onRowClick={(r) => setSelected(r.key)}
          selectedRowId={selected}
          height={420}
          initialSorting={[{ id: 'rank', desc: false }]}
          rowClassName={(r) => (r.gpu.fits ? undefined : r.gpu.largestBatch > 0 ? 'est-row-warn' : 'est-row-bad')}
          hiddenColumns={mode === 'buy' ? BUY_HIDDEN : NONE_HIDDEN}
        />
      </div>
      {estimate && <GuidedFlavorPanel estimate={estimate} />}
      {mode === 'buy' && estimate && buyRowKey && <BuyOrRentPanel estimate={estimate} purchaseKey={buyRowKey} />}
      <SweepPanel workload={workloadOf(form, presetOf(presets, form.preset))} />
    </div>
  );
}

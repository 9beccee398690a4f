/** The columns of the Estimate table: rank and star, GPU, offering, fit, memory, throughput, hours, cost, reliability,
 * price; in buy mode the machine price and when it pays off against renting. */
import type { ColumnDef } from '@tanstack/react-table';
import type { RankedRow } from '../../../shared/estimate/estimate';
import type { OfferingSetup } from '../../../shared/estimate/offering-setup';
import { starsText } from '../../../shared/estimate/reliable-ranking';
import type { BreakEven } from '../../../shared/estimate/rent-vs-buy';
import { optionalColumn } from '../../ui/optional-column';
import { fmtHours, fmtNum, PRICE_KIND_LABEL as KIND, shortGpu, usd } from './estimate-format';
import type { EstimateRow as Row, OfferMode } from './estimate-rows';
import { ReservedNote } from './ReservedNote';

/** Columns the buy mode hides: throughput, bound and peak memory. */
export const BUY_HIDDEN_COLUMNS = ['thr', 'bound', 'peak'] as const;
export const NO_HIDDEN_COLUMNS: readonly string[] = [];

export function estimateColumns(mode: OfferMode): Array<ColumnDef<Row, any>> {
  return [
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
          <span title={c.row.original.cost.setup ? `${c.getValue<string>()} — ${c.row.original.cost.setup.text}` : c.getValue<string>()}>
            {c.getValue<string>()}
            {c.row.original.cost.setup && c.row.original.cost.setup.gpus > 1 && (
              <span className="muted est-setup"> · {c.row.original.cost.setup.label}</span>
            )}
          </span>
        ) : (
          <span className="muted">{c.row.original.gpu.largestBatch < 1 ? 'does not fit — not priced' : 'not offered in the catalog'}</span>
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
      accessorFn: (r) => r.cost?.setup?.samplesPerSecond ?? r.gpu.throughput.samplesPerSecond,
      cell: (c) => {
        const t = c.row.original.gpu.throughput;
        const setup = c.row.original.cost?.setup;
        const own = setup && setup.gpus !== c.row.original.gpu.gpuCount;
        return (
          <span
            title={
              own
                ? `on all ${setup.gpus} GPUs of ${setup.label}`
                : `${t.tokensPerSecond ? `${fmtNum(t.tokensPerSecond)} tokens/s · ` : ''}step ${fmtNum(t.stepSeconds * 1000)} ms`
            }
          >
            {fmtNum(c.getValue<number>())}
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
          <span title={hoursTitle(c.getValue<number>(), c.row.original.cost?.setup)}>{fmtNum(c.getValue<number>())}</span>
        ) : (
          <span className="muted">—</span>
        ),
      meta: { numeric: true },
      size: 66,
    },
    optionalColumn<Row, RankedRow>({
      id: 'cost',
      header: 'Cost of the run',
      value: (r) => r.cost,
      sortValue: (k) => k.usd,
      render: (k) => (
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
      ),
      empty: <span className="muted">—</span>,
      meta: { numeric: true },
      size: 120,
    }),
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
          <span title={`${priceUnitText(k)} · ${k.source}`}>
            {KIND[k.priceKind]} ${k.price.usd}/{k.price.per === 'hour' ? 'h' : k.price.per === 'month' ? 'mo' : 'once'}
            {k.setup && k.setup.gpusPerInstance > 1 ? ` per ${k.setup.gpusPerInstance}-GPU instance` : ''} · {k.asOf}
          </span>
        ) : (
          ''
        );
      },
      size: 230,
    },
    ...(mode === 'buy'
      ? [
          optionalColumn<Row, RankedRow>({
            id: 'purchase',
            header: 'Machine price',
            value: (r) => r.cost,
            sortValue: (k) => k.price.usd,
            render: (k) => <strong>{usd(k.price.usd)}</strong>,
            meta: { numeric: true },
            size: 100,
          }),
          optionalColumn<Row, BreakEven>({
            id: 'breakeven',
            header: 'Pays off against renting after',
            value: (r) => r.breakEven,
            sortValue: (b) => b.runs,
            render: (b) => (
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
            ),
            meta: { numeric: false },
            size: 330,
          }),
        ]
      : []),
  ];
}

/** What the hours are of: wall-clock hours of the run on all the GPUs of the instances it rents (issue 28 item 8). */
function hoursTitle(hours: number, setup: OfferingSetup | undefined): string {
  if (!setup || setup.gpus <= 1) return fmtHours(hours);
  return `${fmtHours(hours)} wall-clock on ${setup.label} (${fmtNum(hours * setup.gpus)} GPU-hours${setup.instances > 1 ? `, ${fmtNum(hours * setup.instances)} instance-hours` : ''})`;
}

/** The price's unit in words: a multi-GPU offering's price is of its whole instance, here also per GPU-hour. */
function priceUnitText(k: RankedRow): string {
  const n = k.setup?.gpusPerInstance ?? k.gpuCount;
  if (n <= 1) return k.price.per === 'hour' ? 'price per GPU-hour (one GPU per instance)' : 'price of the offering';
  return k.price.per === 'hour'
    ? `price per instance-hour of ${n} GPUs = $${Math.round((k.price.usd / n) * 1e4) / 1e4} per GPU-hour`
    : `price of the whole ${n}-GPU instance`;
}

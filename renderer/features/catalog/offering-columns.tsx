/** The columns of the Offerings table: provider, offering, GPU with its memory, bf16 peak, price kind, the price (editable in
 * place), $/GPU-hour, as of, source — 1,160 px, inside a 1440 px window (the GPUs tab has every datasheet figure). */
import type { ColumnDef } from '@tanstack/react-table';
import type { PerGpuHour } from '../../../shared/domain/catalog-price';
import { describeAge } from '../../../shared/domain/price-health';
import { optionalColumn } from '../../ui/optional-column';
import { formatUsd, PRICE_KIND_LABELS, type CatalogRow } from './catalog-rows';
import { shortGpuName, todayIso } from './catalog-text';
import { InlinePriceEdit } from './InlinePriceEdit';
import { tflopsCell } from './tflops-cell';
import { readableSource, shortSource } from '../../../shared/domain/source-documents';

/** The comparable price per GPU-hour; offerings without one sort last. */
const PER_GPU_HOUR_COLUMN = optionalColumn<CatalogRow, PerGpuHour>({
  id: 'perGpuHour',
  header: '$/GPU-hour',
  value: (r) => r.perGpuHour,
  sortValue: (p) => p.usd,
  render: (p) => <span title={p.basis}>{formatUsd(p.usd)}</span>,
  meta: { numeric: true, title: 'Comparable price per GPU-hour; hover a figure for how it was derived' },
  size: 84,
});

/** `onPriceSaved` is told of a price recorded in place (the row it was recorded on). */
export function offeringColumns(onPriceSaved: (row: CatalogRow) => void): Array<ColumnDef<CatalogRow, any>> {
  return [
    {
      id: 'provider',
      header: 'Provider',
      accessorFn: (r) => r.offering.providerName,
      cell: (c) => (
        <span className="ellipsis" title={c.getValue<string>()}>
          {c.getValue<string>()}
        </span>
      ),
      size: 108,
    },
    {
      id: 'offering',
      header: 'Offering',
      accessorFn: (r) => r.offering.sku,
      size: 150,
      cell: (c) => (
        <span className="ellipsis" title={c.row.original.offering.notes ?? undefined}>
          {c.row.original.offering.sku}
          {c.row.original.offering.userDefined && (
            <span className="badge info" style={{ marginLeft: 6 }}>
              yours
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'gpu',
      header: 'GPU · memory',
      accessorFn: (r) => `${r.offering.gpuCount}× ${shortGpuName(r.gpu?.name ?? r.offering.gpuId)}`,
      cell: (c) => (
        <span className="ellipsis" title={c.row.original.gpu?.name}>
          {c.getValue<string>()}
          {c.row.original.gpu && <span className="muted"> · {c.row.original.gpu.memoryGiB} GiB</span>}
        </span>
      ),
      meta: { title: 'GPUs in the offering, and the memory of each' },
      size: 150,
    },
    {
      id: 'bf16',
      header: 'BF16 TF/s',
      accessorFn: (r) => r.gpu?.tflops.bf16 ?? r.gpu?.tflops.fp16 ?? -1,
      cell: (c) => tflopsCell(c.row.original.gpu?.tflops.bf16 ?? null),
      meta: { numeric: true, title: 'Dense datasheet peak per GPU, bf16 with FP32 accumulate (TFLOP/s)' },
      size: 76,
    },
    {
      id: 'kind',
      header: 'Price kind',
      accessorFn: (r) => PRICE_KIND_LABELS[r.price.kind],
      cell: (c) => (
        <span className="nowrap">
          {c.getValue<string>()}
          {c.row.original.flag && (
            <span
              className="badge bad"
              style={{ marginLeft: 4 }}
              title={`${c.row.original.flag.reason} Left out of estimates unless you include flagged prices.`}
            >
              flagged
            </span>
          )}
        </span>
      ),
      size: 108,
    },
    {
      id: 'price',
      header: 'Price (USD)',
      accessorFn: (r) => r.price.usd,
      cell: (c) => <InlinePriceEdit price={c.row.original.price} today={todayIso()} onSaved={() => onPriceSaved(c.row.original)} />,
      meta: { numeric: true },
      size: 140,
    },
    PER_GPU_HOUR_COLUMN,
    {
      id: 'asOf',
      header: 'As of',
      accessorFn: (r) => r.price.asOf,
      cell: (c) => (
        <span className="nowrap asof-cell">
          {c.row.original.price.asOf}
          {c.row.original.stale && (
            <span
              className="badge warn"
              style={{ marginLeft: 4 }}
              title={`${describeAge(c.row.original.price.asOf, todayIso())}: older than the age set in Settings`}
            >
              stale
            </span>
          )}
        </span>
      ),
      size: 156, // the date and the whole “stale” badge
    },
    {
      id: 'source',
      header: 'Source',
      accessorFn: (r) => r.price.source,
      cell: (c) => (
        <span
          className="source-text"
          title={`${readableSource(c.row.original.price.source)}${c.row.original.price.notes ? `\n${c.row.original.price.notes}` : ''}`}
        >
          {shortSource(c.row.original.price.source)}
        </span>
      ),
      meta: { title: 'Document the price comes from; hover for the full reference and how its date was chosen' },
      // A readable name (“VitalDB … One-Pager”, a provider's page): the table scrolls sideways before it cuts the source to “See…”.
      size: 170,
    },
  ];
}

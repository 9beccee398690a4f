/** The GPUs tab of the Catalog: every GPU with its memory, bandwidth, datasheet peaks per precision, power, link and source. */
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { Gpu } from '../../../shared/domain/catalog';
import { DataTable } from '../../ui/DataTable';
import { sourceLabel } from './catalog-text';
import { tflopsCell } from './tflops-cell';
import { readableSource } from '../../../shared/domain/source-documents';

export function GpuTable({ gpus }: { gpus: Gpu[] }) {
  const columns = useMemo<Array<ColumnDef<Gpu, any>>>(
    () => [
      {
        id: 'name',
        header: 'GPU',
        accessorFn: (g) => g.name,
        cell: (c) => (
          <span className="ellipsis" title={c.row.original.notes ? readableSource(c.row.original.notes) : undefined}>
            {c.getValue<string>()}
          </span>
        ),
        size: 190,
      },
      {
        id: 'arch',
        header: 'Architecture',
        accessorFn: (g) => g.architecture ?? '',
        cell: (c) => (
          <span className="ellipsis" title={c.getValue<string>()}>
            {c.getValue<string>()}
          </span>
        ),
        size: 142,
      },
      {
        id: 'mem',
        header: 'Memory',
        accessorFn: (g) => g.memoryGiB,
        cell: (c) => `${c.getValue<number>()} GiB`,
        meta: { numeric: true },
        size: 72,
      },
      {
        id: 'bw',
        header: 'Bandwidth',
        accessorFn: (g) => g.memoryBandwidthGBs,
        cell: (c) => `${c.getValue<number>().toLocaleString('en-US')} GB/s`,
        meta: { numeric: true, title: 'Memory bandwidth, GB/s (10⁹ bytes per second)' },
        size: 92,
      },
      ...(['fp32', 'tf32', 'fp16', 'bf16', 'fp8'] as const).map<ColumnDef<Gpu, any>>((p) => ({
        id: p,
        header: p.toUpperCase(),
        accessorFn: (g) => g.tflops[p] ?? -1,
        cell: (c) => tflopsCell(c.row.original.tflops[p]),
        meta: {
          numeric: true,
          title: `${p.toUpperCase()} dense datasheet peak in TFLOP/s (no sparsity)${p === 'fp16' || p === 'bf16' ? ', tensor cores with FP32 accumulate' : ''}`,
        },
        size: 62,
      })),
      {
        id: 'tdp',
        header: 'Power',
        accessorFn: (g) => g.tdpWatts ?? 0,
        cell: (c) => (c.row.original.tdpWatts ? `${c.row.original.tdpWatts} W` : '—'),
        meta: { numeric: true, title: 'Board power (TDP / TGP)' },
        size: 62,
      },
      {
        id: 'link',
        header: 'GPU link',
        accessorFn: (g) => g.interconnectGBs ?? 0,
        cell: (c) => (c.row.original.interconnectGBs ? `${c.row.original.interconnectGBs.toLocaleString('en-US')} GB/s` : '—'),
        meta: { numeric: true, title: 'GPU-to-GPU bandwidth per direction (NVLink, else PCIe), GB/s' },
        size: 92,
      },
      {
        id: 'source',
        header: 'Datasheet / source',
        accessorFn: (g) => g.source,
        cell: (c) => (
          <span
            className="ellipsis source-text"
            title={`${readableSource(c.row.original.source)}${c.row.original.notes ? `\n${readableSource(c.row.original.notes)}` : ''}`}
          >
            {sourceLabel(c.getValue<string>())}
          </span>
        ),
        size: 150,
      },
    ],
    [],
  );
  return (
    <>
      <DataTable
        label="GPUs"
        data={gpus}
        columns={columns}
        getRowId={(g) => g.id}
        initialSorting={[{ id: 'mem', desc: false }]}
        height="calc(100vh - 160px)"
        rowHeight={32}
      />
      <p className="muted small assumptions">
        TFLOP/s are dense datasheet peaks per GPU (no sparsity); FP16/BF16 with FP32 accumulate, as mixed-precision training uses — GeForce
        cards run that at half their FP16-accumulate rate. “—”: the GPU lacks the precision. Hover a name for its notes, a source for the
        full reference.
      </p>
    </>
  );
}

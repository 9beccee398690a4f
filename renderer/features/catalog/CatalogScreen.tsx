import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { PRICE_KINDS, type Gpu } from '../../../shared/domain/catalog';
import { SettingsNote } from '../settings/SettingsDialog';
import { selectCostSettings, useSettings } from '../settings/store';
import { api } from '../../app/api';
import { DataTable } from '../../ui/DataTable';
import { catalogRows, formatUsd, PRICE_KIND_LABELS, shortSource, type CatalogRow } from './catalog-rows';
import { InlinePriceEdit } from './InlinePriceEdit';
import { OfferingDetail } from './OfferingDetail';
import { OfferingDialog } from './OfferingDialog';
import { StorageRatesPanel } from './StorageRatesPanel';
import { useCatalog } from './store';
import './catalog.css';

type Tab = 'offerings' | 'gpus' | 'storage' | 'discrepancies';
const today = () => new Date().toISOString().slice(0, 10);
/** GPU names without vendor, product line and memory (the Memory column beside it says that), so the table stays narrow. */
const shortGpuName = (name: string) =>
  name
    .replace(/^NVIDIA /, '')
    .replace(/^GeForce /, '')
    .replace(/ \d+GB$/, '');
/** A datasheet reference as `host · what it says`, the full text stays in the hover. */
const sourceLabel = (source: string) => {
  const url = /https?:\/\/([^/\s]+)\S*/.exec(source);
  if (!url) return source;
  const host = url[1]!.replace(/^(www|images|resources)\./, '');
  const detail = /\(([^)]*)\)/.exec(source.slice(url.index + url[0].length))?.[1];
  return detail ? `${host} · ${detail}` : host;
};
const tf = (v: number | null) =>
  v === null ? (
    <span className="muted" title="Not supported by this GPU">
      —
    </span>
  ) : (
    v.toLocaleString('en-US', { maximumFractionDigits: 1 })
  );

export function CatalogScreen() {
  const { status, error, gpus, providers, offerings, discrepancies, load } = useCatalog();
  const [tab, setTab] = useState<Tab>('offerings');
  const [search, setSearch] = useState('');
  const [provider, setProvider] = useState('');
  const [gpuId, setGpuId] = useState('');
  const [kind, setKind] = useState('');
  const [minMemory, setMinMemory] = useState('');
  const [maxPerGpuHour, setMaxPerGpuHour] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | { mode: 'create' } | { mode: 'edit'; id: string }>(null);
  const [message, setMessage] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    void load();
  }, [load]);
  const refresh = async () => {
    await load();
    setVersion((v) => v + 1);
  };

  const costSettings = useSettings(selectCostSettings);
  const rows = useMemo(() => catalogRows(offerings, gpus, costSettings), [offerings, gpus, costSettings]);
  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const minMem = Number(minMemory) || 0;
    const maxPrice = maxPerGpuHour.trim() === '' ? Infinity : Number(maxPerGpuHour);
    return rows.filter(
      (r) =>
        (!provider || r.offering.providerId === provider) &&
        (!gpuId || r.offering.gpuId === gpuId) &&
        (!kind || r.price.kind === kind) &&
        (r.gpu?.memoryGiB ?? 0) >= minMem &&
        (r.perGpuHour === null || r.perGpuHour.usd <= maxPrice) &&
        (!needle ||
          `${r.offering.providerName} ${r.offering.sku} ${r.gpu?.name ?? ''} ${r.offering.notes ?? ''} ${r.price.source}`
            .toLowerCase()
            .includes(needle)),
    );
  }, [rows, search, provider, gpuId, kind, minMemory, maxPerGpuHour]);

  const columns = useMemo<Array<ColumnDef<CatalogRow, any>>>(
    () => [
      {
        id: 'provider',
        header: 'Provider',
        accessorFn: (r) => r.offering.providerName,
        cell: (c) => (
          <span className="ellipsis" title={c.getValue<string>()}>
            {c.getValue<string>()}
          </span>
        ),
        size: 128,
      },
      {
        id: 'offering',
        header: 'Offering',
        accessorFn: (r) => r.offering.sku,
        size: 192,
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
        header: 'GPU',
        accessorFn: (r) => `${r.offering.gpuCount}× ${shortGpuName(r.gpu?.name ?? r.offering.gpuId)}`,
        cell: (c) => (
          <span className="ellipsis" title={c.row.original.gpu?.name}>
            {c.getValue<string>()}
          </span>
        ),
        size: 118,
      },
      {
        id: 'memory',
        header: 'Memory',
        accessorFn: (r) => r.gpu?.memoryGiB ?? 0,
        cell: (c) => `${c.getValue<number>()} GiB`,
        meta: { numeric: true, title: 'Memory per GPU' },
        size: 66,
      },
      {
        id: 'bf16',
        header: 'BF16 TF/s',
        accessorFn: (r) => r.gpu?.tflops.bf16 ?? r.gpu?.tflops.fp16 ?? -1,
        cell: (c) => tf(c.row.original.gpu?.tflops.bf16 ?? null),
        meta: { numeric: true, title: 'Dense datasheet peak per GPU, bf16 with FP32 accumulate (TFLOP/s)' },
        size: 76,
      },
      {
        id: 'fp32',
        header: 'FP32 TF/s',
        accessorFn: (r) => r.gpu?.tflops.fp32 ?? -1,
        cell: (c) => tf(c.row.original.gpu?.tflops.fp32 ?? null),
        meta: { numeric: true, title: 'Dense datasheet FP32 peak per GPU (TFLOP/s, CUDA cores)' },
        size: 76,
      },
      { id: 'kind', header: 'Price kind', accessorFn: (r) => PRICE_KIND_LABELS[r.price.kind], size: 100 },
      {
        id: 'price',
        header: 'Price (USD)',
        accessorFn: (r) => r.price.usd,
        cell: (c) => (
          <InlinePriceEdit
            price={c.row.original.price}
            today={today()}
            onSaved={() =>
              void refresh().then(() =>
                setMessage({
                  kind: 'info',
                  text: `New ${c.row.original.price.kind} price recorded for ${c.row.original.offering.sku}; the previous one stays in its history.`,
                }),
              )
            }
          />
        ),
        meta: { numeric: true },
        size: 152,
      },
      {
        id: 'perGpuHour',
        header: '$/GPU-hour',
        accessorFn: (r) => r.perGpuHour?.usd ?? Infinity,
        cell: (c) => {
          const p = c.row.original.perGpuHour;
          return p ? <span title={p.basis}>{formatUsd(p.usd)}</span> : '—';
        },
        meta: { numeric: true, title: 'Comparable price per GPU-hour; hover a figure for how it was derived' },
        size: 84,
      },
      { id: 'asOf', header: 'As of', accessorFn: (r) => r.price.asOf, size: 92 },
      {
        id: 'source',
        header: 'Source',
        accessorFn: (r) => r.price.source,
        cell: (c) => (
          <span
            className="ellipsis source-text"
            title={`${c.row.original.price.source}${c.row.original.price.notes ? `\n${c.row.original.price.notes}` : ''}`}
          >
            {shortSource(c.row.original.price.source).replace(/ · .*/, '')}
          </span>
        ),
        meta: { title: 'Document the price comes from; hover for the full reference and how its date was chosen' },
        size: 150, // DataTable: 150 (the default) = takes the remaining width
      },
    ],
    [],
  );

  const selected = offerings.find((o) => o.id === selectedId) ?? null;
  const gpuById = useMemo(() => new Map(gpus.map((g) => [g.id, g])), [gpus]);

  const exportCsv = async () => {
    const result = await api.catalog.exportCsv({ bom: false });
    if (!result.ok) return setMessage({ kind: 'error', text: result.error.message });
    if (result.value.file) setMessage({ kind: 'info', text: `Exported ${result.value.rows} price rows to ${result.value.file}` });
  };
  const importCsv = async () => {
    const result = await api.catalog.importCsv({});
    if (!result.ok) {
      const problems = result.error.details?.problems ?? [];
      return setMessage({
        kind: 'error',
        text: `${result.error.message}${
          problems.length > 0
            ? `\n${problems
                .slice(0, 12)
                .map((p) => `line ${p.line}, ${p.column}: ${p.message}${p.value !== undefined ? ` (“${p.value}”)` : ''}`)
                .join('\n')}`
            : ''
        }`,
      });
    }
    if (result.value.file) {
      await refresh();
      setMessage({
        kind: 'info',
        text: `Imported ${result.value.file}: ${result.value.offeringsAdded} offerings and ${result.value.pricesAdded} prices added, ${result.value.unchanged} rows already present.`,
      });
    }
  };
  const deleteSelected = async () => {
    if (!selected) return;
    const result = await api.catalog.deleteOffering({ id: selected.id });
    if (!result.ok) return setMessage({ kind: 'error', text: result.error.message });
    setSelectedId(null);
    await refresh();
    setMessage({ kind: 'info', text: `Deleted ${selected.sku}.` });
  };

  return (
    <section className="screen catalog-screen">
      <header className="screen-header">
        <h1>Catalog</h1>
        <span className="muted">
          {gpus.length} GPUs · {offerings.length} offerings · {rows.length} current prices — every price dated and sourced
        </span>
        <span className="spacer" />
        <div className="tabs" role="tablist" aria-label="Catalog views">
          {(['offerings', 'gpus', 'storage', 'discrepancies'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              className={tab === t ? 'tab active' : 'tab'}
              onClick={() => setTab(t)}
            >
              {t === 'offerings'
                ? 'Offerings & prices'
                : t === 'gpus'
                  ? 'GPUs'
                  : t === 'storage'
                    ? 'Storage & transfer'
                    : `Seed discrepancies (${discrepancies.length})`}
            </button>
          ))}
        </div>
      </header>
      {status === 'error' && (
        <div className="banner error" role="alert">
          Could not load the catalog: {error}
        </div>
      )}
      {message && (
        <div className={`banner ${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'} style={{ whiteSpace: 'pre-line' }}>
          {message.text}
          <button type="button" className="btn small" style={{ marginLeft: 10 }} onClick={() => setMessage(null)}>
            Dismiss
          </button>
        </div>
      )}
      {tab === 'offerings' && (
        <>
          <div className="toolbar filters">
            <input
              className="input"
              type="search"
              placeholder="Search offerings, GPUs, sources…"
              aria-label="Search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 240 }}
            />
            <select className="input" aria-label="Provider" value={provider} onChange={(e) => setProvider(e.target.value)}>
              <option value="">All providers</option>
              {providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            <select className="input" aria-label="GPU" value={gpuId} onChange={(e) => setGpuId(e.target.value)}>
              <option value="">All GPUs</option>
              {gpus.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
            <select className="input" aria-label="Price kind" value={kind} onChange={(e) => setKind(e.target.value)}>
              <option value="">All price kinds</option>
              {PRICE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {PRICE_KIND_LABELS[k]}
                </option>
              ))}
            </select>
            <label className="inline-filter">
              Memory ≥{' '}
              <input
                className="input"
                aria-label="Minimum memory (GiB)"
                inputMode="numeric"
                value={minMemory}
                onChange={(e) => setMinMemory(e.target.value)}
                style={{ width: 56 }}
              />{' '}
              GiB
            </label>
            <label className="inline-filter">
              $/GPU-h ≤{' '}
              <input
                className="input"
                aria-label="Maximum price per GPU-hour (USD)"
                inputMode="decimal"
                value={maxPerGpuHour}
                onChange={(e) => setMaxPerGpuHour(e.target.value)}
                style={{ width: 64 }}
              />
            </label>
            <span className="spacer" />
            <button type="button" className="btn" onClick={() => void importCsv()}>
              Import CSV…
            </button>
            <button type="button" className="btn" onClick={() => void exportCsv()}>
              Export CSV…
            </button>
            <button type="button" className="btn primary" onClick={() => setDialog({ mode: 'create' })}>
              + Add offering
            </button>
          </div>
          <div className={selected ? 'catalog-body with-detail' : 'catalog-body'}>
            <DataTable
              label="Offerings and prices"
              data={filtered}
              columns={columns}
              getRowId={(r) => r.id}
              selectedRowId={selected ? (filtered.find((r) => r.offering.id === selected.id)?.id ?? null) : null}
              onRowClick={(r) => setSelectedId(r.offering.id)}
              initialSorting={[{ id: 'perGpuHour', desc: false }]}
              hiddenColumns={selected ? ['bf16', 'fp32', 'source', 'memory', 'provider'] : []}
              height="calc(100vh - 190px)"
              rowHeight={32}
              emptyText={status === 'loading' ? 'Loading the catalog…' : 'No offering matches these filters.'}
            />
            {selected && (
              <OfferingDetail
                offering={selected}
                gpu={gpuById.get(selected.gpuId)}
                limits={providers.find((p) => p.id === selected.providerId)?.limits ?? null}
                version={version}
                onEdit={() => setDialog({ mode: 'edit', id: selected.id })}
                onDelete={() => void deleteSelected()}
              />
            )}
          </div>
          <p className="muted small assumptions">
            $/GPU-hour: hourly prices ÷ GPUs in the offering (a reservation's rate holds only at 100% use of its term); subscriptions ÷ the
            GPU-hours a month their notes state, else {costSettings.subscriptionHoursPerMonth}; purchases over{' '}
            {costSettings.purchaseLifetimeYears} years × {costSettings.purchaseHoursPerYear.toLocaleString('en-US')} training hours a year
            plus electricity: <SettingsNote />. Hover a figure for its derivation.
          </p>
        </>
      )}
      {tab === 'gpus' && <GpuTable gpus={gpus} />}
      {tab === 'storage' && <StorageRatesPanel />}
      {tab === 'discrepancies' && (
        <div className="discrepancies">
          {discrepancies.map((d) => (
            <article key={d.id} className="panel discrepancy">
              <h3>{d.subject}</h3>
              <p>
                <span className="badge warn">seed says</span> {d.claim} <span className="muted">— {d.document}</span>
              </p>
              <p>
                <span className="badge ok">primary source</span> {d.primaryValue}
              </p>
              <p className="muted small">Source: {d.primarySource}</p>
              {d.note && <p className="small">{d.note}</p>}
            </article>
          ))}
        </div>
      )}
      {dialog && (
        <OfferingDialog
          providers={providers}
          gpus={gpus}
          offering={dialog.mode === 'edit' ? offerings.find((o) => o.id === dialog.id) : undefined}
          today={today()}
          onClose={() => setDialog(null)}
          onSaved={(id) => {
            setDialog(null);
            setSelectedId(id);
            void refresh().then(() =>
              setMessage({ kind: 'info', text: dialog.mode === 'edit' ? 'Offering saved.' : 'Offering added to your catalog.' }),
            );
          }}
        />
      )}
    </section>
  );
}

function GpuTable({ gpus }: { gpus: Gpu[] }) {
  const columns = useMemo<Array<ColumnDef<Gpu, any>>>(
    () => [
      {
        id: 'name',
        header: 'GPU',
        accessorFn: (g) => g.name,
        cell: (c) => (
          <span className="ellipsis" title={c.row.original.notes ?? undefined}>
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
        cell: (c) => tf(c.row.original.tflops[p]),
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
            title={`${c.row.original.source}${c.row.original.notes ? `\n${c.row.original.notes}` : ''}`}
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

/**
 * Catalog: every offering with its current prices (filtered, sorted, edited in place; CSV in and out; an offering's
 * detail and history beside the table), the GPUs with their datasheet figures, and where the seeds disagree with
 * primary sources.
 */
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { SettingsNote } from '../settings/SettingsDialog';
import { selectCostSettings, useSettings } from '../settings/store';
import { DataTable } from '../../ui/DataTable';
import { Tabs } from '../../ui/Tabs';
import { ANY_OFFERING, filterCatalogRows } from './catalog-filter';
import { catalogRows } from './catalog-rows';
import { todayIso } from './catalog-text';
import { CatalogFilters } from './CatalogFilters';
import { DiscrepancyList } from './DiscrepancyList';
import { GpuTable } from './GpuTable';
import { offeringColumns } from './offering-columns';
import { OfferingDetail } from './OfferingDetail';
import { OfferingDialog } from './OfferingDialog';
import { useMediaQuery } from '../../ui/use-media-query';
import { NARROW_WINDOW } from '../../app/navigation';
import { AddPriceDialog } from './AddPriceDialog';
import { StorageRatesPanel } from './StorageRatesPanel';
import { useCatalog } from './store';
import { useCatalogActions } from './use-catalog-actions';
import './catalog.css';

type Tab = 'offerings' | 'gpus' | 'storage' | 'discrepancies';
const TABS: readonly Tab[] = ['offerings', 'gpus', 'storage', 'discrepancies'];
/** Columns the table hides while an offering's detail takes the right side (the detail shows the dates and sources). */
const HIDDEN_BESIDE_DETAIL = ['bf16', 'source', 'asOf'];
/** Columns a narrow window hides (the GPUs tab has the peaks, the offering's detail its sources). */
const HIDDEN_NARROW = ['bf16', 'source'];
/** Beside the detail in a narrow window: the offering, its GPU, the price kind and $/GPU-hour (the detail has the rest). */
const HIDDEN_NARROW_BESIDE_DETAIL = [...HIDDEN_BESIDE_DETAIL, 'provider', 'price'];
const NO_HIDDEN: string[] = [];

export function CatalogScreen() {
  const { status, error, gpus, providers, offerings, discrepancies, load } = useCatalog();
  const [tab, setTab] = useState<Tab>('offerings');
  const [filter, setFilter] = useState(ANY_OFFERING);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | { mode: 'create' } | { mode: 'edit'; id: string } | { mode: 'add-price'; id: string }>(null);
  const { message, setMessage, version, refreshSaying, exportCsv, importCsv, deleteOffering } = useCatalogActions();

  useEffect(() => {
    void load();
  }, [load]);

  const narrow = useMediaQuery(NARROW_WINDOW);
  const costSettings = useSettings(selectCostSettings);
  const rows = useMemo(
    () => catalogRows(offerings, gpus, costSettings, { today: todayIso(), months: costSettings.stalePriceMonths }),
    [offerings, gpus, costSettings],
  );
  const filtered = useMemo(() => filterCatalogRows(rows, filter), [rows, filter]);
  const columns = useMemo(
    () =>
      offeringColumns((row) =>
        refreshSaying(`New ${row.price.kind} price recorded for ${row.offering.sku}; the previous one stays in its history.`),
      ),
    // refreshSaying reaches only stable setters and the store's load.
    [],
  );

  // The detail follows the filter: an offering the filters hide is not shown beside the table.
  const selected = filtered.some((r) => r.offering.id === selectedId) ? (offerings.find((o) => o.id === selectedId) ?? null) : null;
  const closeDetail = () => {
    const row = selected ? filtered.find((r) => r.offering.id === selected.id) : undefined;
    setSelectedId(null);
    if (row) requestAnimationFrame(() => document.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(row.id)}"]`)?.focus());
  };
  const onBodyKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Escape' || !selected || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    event.preventDefault();
    closeDetail();
  };
  const gpuById = useMemo(() => new Map(gpus.map((g) => [g.id, g])), [gpus]);
  const tabLabel = (t: Tab) =>
    t === 'offerings'
      ? 'Offerings & prices'
      : t === 'gpus'
        ? 'GPUs'
        : t === 'storage'
          ? 'Storage & transfer'
          : `Documents vs primary sources (${discrepancies.length})`;

  return (
    <section className="screen catalog-screen">
      <header className="screen-header">
        <h1>Catalog</h1>
        <span className="muted">
          {gpus.length} GPUs · {offerings.length} offerings · {rows.length} current prices — every price dated and sourced
        </span>
        <span className="spacer" />
        <Tabs label="Catalog views" tabs={TABS.map((t) => ({ id: t, label: tabLabel(t) }))} value={tab} onChange={setTab} />
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
            <CatalogFilters filter={filter} onChange={setFilter} providers={providers} gpus={gpus} />
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
          <div className={selected ? 'catalog-body with-detail' : 'catalog-body'} onKeyDown={onBodyKeyDown}>
            <DataTable
              label="Offerings and prices"
              data={filtered}
              columns={columns}
              getRowId={(r) => r.id}
              selectedRowId={selected ? (filtered.find((r) => r.offering.id === selected.id)?.id ?? null) : null}
              onRowClick={(r) => setSelectedId(r.offering.id)}
              initialSorting={[{ id: 'perGpuHour', desc: false }]}
              hiddenColumns={selected ? (narrow ? HIDDEN_NARROW_BESIDE_DETAIL : HIDDEN_BESIDE_DETAIL) : narrow ? HIDDEN_NARROW : NO_HIDDEN}
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
                staleMonths={costSettings.stalePriceMonths}
                flags={rows.filter((r) => r.offering.id === selected.id && r.flag).map((r) => r.flag!)}
                onClose={closeDetail}
                onEdit={() => setDialog({ mode: 'edit', id: selected.id })}
                onDelete={() => void deleteOffering(selected, () => setSelectedId(null))}
                onAddPrice={() => setDialog({ mode: 'add-price', id: selected.id })}
              />
            )}
          </div>
          <p className="muted small assumptions">
            $/GPU-hour: hourly prices ÷ GPUs in the offering (a reservation's rate holds only at 100% use of its term); subscriptions ÷ the
            GPU-hours a month their catalog allowance gives (Colab: compute units a month ÷ units per hour), else{' '}
            {costSettings.subscriptionHoursPerMonth}; purchases over {costSettings.purchaseLifetimeYears} years ×{' '}
            {costSettings.purchaseHoursPerYear.toLocaleString('en-US')} training hours a year plus electricity: <SettingsNote />. Hover a
            figure for its derivation.
          </p>
        </>
      )}
      {tab === 'gpus' && <GpuTable gpus={gpus} />}
      {tab === 'storage' && <StorageRatesPanel />}
      {tab === 'discrepancies' && <DiscrepancyList discrepancies={discrepancies} />}
      {dialog?.mode === 'add-price' && offerings.some((o) => o.id === dialog.id) && (
        <AddPriceDialog
          offering={offerings.find((o) => o.id === dialog.id)!}
          today={todayIso()}
          onClose={() => setDialog(null)}
          onSaved={(text) => {
            setDialog(null);
            refreshSaying(text);
          }}
        />
      )}
      {dialog && dialog.mode !== 'add-price' && (
        <OfferingDialog
          providers={providers}
          gpus={gpus}
          offering={dialog.mode === 'edit' ? offerings.find((o) => o.id === dialog.id) : undefined}
          today={todayIso()}
          onClose={() => setDialog(null)}
          onSaved={(id) => {
            setDialog(null);
            setSelectedId(id);
            refreshSaying(dialog.mode === 'edit' ? 'Offering saved.' : 'Offering added to your catalog.');
          }}
        />
      )}
    </section>
  );
}

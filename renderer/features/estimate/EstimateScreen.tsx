/**
 * Estimate: describe a training workload and see, for every GPU and offering, whether it fits, its memory split,
 * throughput and bound, hours and cost per price kind (with the price's date) — ranked, charted, explained.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { DataTable } from '../../ui/DataTable';
import { GuidedFlavorPanel } from './GuidedFlavorPanel';
import { ExplanationPanel } from './ExplanationPanel';
import { TimeCostChart } from './TimeCostChart';
import { BuyOrRentPanel } from './BuyOrRentPanel';
import { useSettings } from '../settings/store';
import { SettingsNote } from '../settings/SettingsDialog';
import { SweepPanel } from './SweepPanel';
import { useEstimate } from './store';
import { presetOf, workloadOf } from './workload-form';
import { WorkloadPanel } from './WorkloadPanel';
import { EstimateKpis } from './EstimateKpis';
import { LeftOutPrices } from './LeftOutPrices';
import { ALL_OFFERS, OfferFilters } from './OfferFilters';
import { BUY_HIDDEN_COLUMNS, estimateColumns, NO_HIDDEN_COLUMNS } from './estimate-columns';
import { buyRowKeyOf, estimateRowClass, estimateRows, priceKindsOf, providerNamesOf } from './estimate-rows';
import { useEstimateSelection, useReliabilityCatalog } from './use-estimate-selection';
import './estimate.css';

/** What the table's title says of the offers shown. */
function tableSubtitle(mode: 'rent' | 'buy', rankBy: string): string {
  if (mode === 'buy') return 'the machine’s full price, and when it pays off against the cheapest rental that fits';
  return rankBy === 'reliable'
    ? 'cheapest reliable first: only offers rated 4 of 5 stars or more (reliability data from the catalog, after the source document “Cloud Platform Recommendations for PRS-Med Training”) are numbered'
    : 'ranked by the cost of the run (★ best trade-off of time and cost)';
}

export function EstimateScreen() {
  const { presets, form, estimate, errors, running, lastLatencyMs, message, init, run, includeFlagged, setIncludeFlagged } = useEstimate();
  const changedAt = useRef<number>(0);
  const [filter, setFilter] = useState(ALL_OFFERS);
  const { mode } = filter;
  const reliabilityCatalog = useReliabilityCatalog();
  // A change of the cost settings (electricity, lifetime, hours a year) re-prices the estimate.
  const settingsRevision = useSettings((st) => st.revision);

  useEffect(() => {
    void init();
  }, [init]);
  // Re-estimate shortly after the last keystroke (the estimate itself takes a few ms).
  useEffect(() => {
    if (presets.length === 0) return;
    const t = setTimeout(() => void run(changedAt.current || performance.now()), 0);
    return () => clearTimeout(t);
  }, [form, presets.length, run, settingsRevision]);

  const rows = useMemo(() => estimateRows(estimate, filter, reliabilityCatalog), [estimate, filter, reliabilityCatalog]);
  const providerNames = useMemo(() => providerNamesOf(estimate), [estimate]);
  const kindsShown = useMemo(() => priceKindsOf(estimate, mode), [estimate, mode]);
  const columns = useMemo(() => estimateColumns(mode), [mode]);
  const [selected, setSelected] = useEstimateSelection(estimate, rows);
  const selectedRow = rows.find((r) => r.key === selected) ?? null;
  const buyRowKey = buyRowKeyOf(rows, selected, mode);
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
        <WorkloadPanel onEdit={() => (changedAt.current = performance.now())} />
        <div className="est-main">
          <EstimateKpis estimate={estimate} onSelect={setSelected} />
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
            {tableSubtitle(mode, filter.rankBy)}{' '}
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
        <OfferFilters
          filter={filter}
          onChange={setFilter}
          providers={providerNames}
          gpus={estimate?.results ?? []}
          kinds={kindsShown}
          shownCount={rows.filter((r) => r.cost).length}
        />
        {estimate && <LeftOutPrices leftOut={estimate.leftOut} included={includeFlagged} onInclude={setIncludeFlagged} />}
        <DataTable
          data={rows}
          columns={columns}
          label="Estimates by GPU and offering"
          getRowId={(r) => r.key}
          onRowClick={(r) => setSelected(r.key)}
          selectedRowId={selected}
          height={420}
          initialSorting={[{ id: 'rank', desc: false }]}
          rowClassName={estimateRowClass}
          hiddenColumns={mode === 'buy' ? BUY_HIDDEN_COLUMNS : NO_HIDDEN_COLUMNS}
        />
      </div>
      {estimate && <GuidedFlavorPanel estimate={estimate} />}
      {mode === 'buy' && estimate && buyRowKey && <BuyOrRentPanel estimate={estimate} purchaseKey={buyRowKey} />}
      <SweepPanel workload={workloadOf(form, presetOf(presets, form.preset))} />
    </div>
  );
}

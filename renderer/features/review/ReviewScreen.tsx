/**
 * Review: the plan as a PDF for review. Options (scenario, sections, page size), a live preview of the very print
 * view the PDF is made from, "Export PDF…" with progress, and CSV exports of every table.
 */
import { useEffect, useRef, useState } from 'react';
import { REPORT_SECTIONS } from '../../../shared/domain/report/report-model';
import { REPORT_TABLES, type ReportTable } from '../../../shared/domain/report/report-tables';
import { api } from '../../app/api';
import { useNavigation } from '../../app/navigation';
import { ReportDocument } from './print/ReportDocument';
import './print/print.css';
import './review.css';
import { useReview, type SpendGroupBy } from './store';

const TABLE_LABELS: Record<ReportTable, string> = {
  catalog: 'Catalog (offerings and price history)',
  estimates: 'Estimates (hardware alternatives per milestone)',
  allocations: 'Allocations (weekly bookings)',
  milestones: 'Milestones',
  tracks: 'Tracks',
  spend: 'Actual spend within the project’s dates (imported billing)',
  'costs-by-track': 'Planned cost by track',
  'costs-by-month': 'Planned cost by month',
  'costs-by-provider': 'Planned cost by provider',
  weeks: 'Weekly totals',
  prices: 'Catalog prices used',
  problems: 'Open problems',
};

export function ReviewScreen() {
  const s = useReview();
  const pendingCommand = useNavigation((n) => n.pendingCommand);
  const exportButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void useReview.getState().load();
    return api.events.on('report:export-progress', (p) => useReview.getState().onProgress(p));
  }, []);

  // File › Export plan PDF…: this screen is the export dialog; the button takes the focus once the preview is there.
  const [fromMenu, setFromMenu] = useState(false);
  useEffect(() => {
    if (pendingCommand === 'export-pdf' && useNavigation.getState().takeCommand() === 'export-pdf') setFromMenu(true);
  }, [pendingCommand]);
  useEffect(() => {
    if (fromMenu && s.model) exportButton.current?.focus();
  }, [fromMenu, s.model]);

  const scenarios = s.model?.assumptions.scenarios ?? [];
  return (
    <div className="rv-screen">
      <header className="rv-header">
        <h1>Review</h1>
        <span className="muted">The plan as a PDF for whoever approves the money, and CSV exports of every table.</span>
      </header>
      <div className="rv-body">
        <aside className="rv-options panel" aria-label="Export options">
          <h2>Export plan PDF</h2>
          {fromMenu && <p className="banner info">Choose the scenario, sections and page size, check the preview, then Export PDF…</p>}
          <label className="field">
            <span>Scenario</span>
            <select
              className="input"
              value={s.scenarioId ?? ''}
              onChange={(e) => s.setScenario(e.target.value || null)}
              aria-label="Scenario"
            >
              {scenarios.map((sc) => (
                <option key={sc.scenarioId ?? 'current'} value={sc.scenarioId ?? ''}>
                  {sc.name}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="rv-sections">
            <legend>Appendix (the two-page brief always comes first)</legend>
            {REPORT_SECTIONS.map((sec) => (
              <label key={sec.id}>
                <input type="checkbox" checked={s.sections.includes(sec.id)} onChange={() => s.toggleSection(sec.id)} /> {sec.title}
              </label>
            ))}
          </fieldset>
          <fieldset className="rv-page">
            <legend>Page size</legend>
            {(['A4', 'Letter'] as const).map((p) => (
              <label key={p}>
                <input type="radio" name="page-size" checked={s.pageSize === p} onChange={() => s.setPageSize(p)} /> {p}
              </label>
            ))}
          </fieldset>
          <button
            ref={exportButton}
            type="button"
            className="btn primary"
            disabled={s.exporting || !s.model}
            onClick={() => void s.exportPdf()}
          >
            Export PDF…
          </button>
          {s.progress && (
            <div className="rv-progress" role="status">
              <progress className="progress" max={s.progress.total} value={s.progress.done} aria-label="Export progress" />
              <span>{s.progress.message}</span>
            </div>
          )}
          {s.lastExport && (
            <p className="rv-result" role="status">
              {s.lastExport}
            </p>
          )}
          {s.error && (
            <p className="banner error" role="alert">
              {s.error}
            </p>
          )}

          <h2>CSV export</h2>
          <label className="field">
            <span>Table</span>
            <select
              className="input"
              aria-label="CSV table"
              value={s.csvTable}
              onChange={(e) => s.setCsv({ csvTable: e.target.value as ReportTable })}
            >
              {REPORT_TABLES.map((t) => (
                <option key={t} value={t}>
                  {TABLE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          {s.csvTable === 'spend' && (
            <label className="field">
              <span>Group by</span>
              <select
                className="input"
                aria-label="Group spend by"
                value={s.csvGroupBy}
                onChange={(e) => s.setCsv({ csvGroupBy: e.target.value as SpendGroupBy })}
              >
                {(['month', 'week', 'track', 'provider', 'service'] as const).map((g) => (
                  <option key={g} value={g}>
                    {g}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label>
            <input type="checkbox" checked={s.csvBom} onChange={(e) => s.setCsv({ csvBom: e.target.checked })} /> Add a byte-order mark (for
            Excel)
          </label>
          <button type="button" className="btn" onClick={() => void s.exportCsv()}>
            Export CSV…
          </button>
          {s.csvResult && (
            <p className="rv-result" role="status">
              {s.csvResult}
            </p>
          )}
        </aside>
        <section className="rv-preview" aria-label="Preview" tabIndex={0}>
          {s.loading && !s.model && <p className="muted">Building the preview…</p>}
          {s.model && (
            <div className={`rv-paper rv-${s.pageSize}`} data-testid="review-preview">
              <ReportDocument model={s.model} />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

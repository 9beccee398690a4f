/**
 * The billing import dialog: choose a file (native dialog in main), preview with the detected dialect, a column mapping
 * for any other CSV, import with a progress bar and cancel, then a summary — or every error (line, column, message).
 */
import { useEffect, useState } from 'react';
import type { SerializedError } from '../../../shared/domain/errors';
import type { Response } from '../../../shared/ipc/contract';
import { IMPORT_FORMATS } from '../../../shared/ipc/contract/budget-import';
import { api } from '../../app/api';
import { ColumnMappingForm, emptyMapping, type MappingDraft } from './ColumnMappingForm';
import { groupThousands, totalsText } from './format';

type Preview = Response<'budget:choose-import-file'>;
type Result = Response<'budget:import-file'>;
type Phase = 'choose' | 'preview' | 'running' | 'done' | 'failed';
type Format = (typeof IMPORT_FORMATS)[number];

export function ImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [phase, setPhase] = useState<Phase>('choose');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [format, setFormat] = useState<Format>('auto');
  const [mapping, setMapping] = useState<MappingDraft>(emptyMapping());
  const [mappingNames, setMappingNames] = useState<string[]>([]);
  const [useMapping, setUseMapping] = useState('');
  const [progress, setProgress] = useState<{ bytesRead: number; totalBytes: number; rowsRead: number } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<SerializedError | null>(null);

  useEffect(() => api.events.on('budget:import-progress', (p) => setProgress(p)), []);
  useEffect(() => {
    void api.budget.listMappings({}).then((r) => { if (r.ok) setMappingNames(r.value.mappings.map((m) => m.name)); });
  }, []);

  async function choose() {
    setError(null);
    const r = await api.budget.chooseImportFile({ previewRows: 8 });
    if (!r.ok) return setError(r.error);
    if (!r.value.file) return;
    setPreview(r.value);
    setFormat('auto');
    setMapping(emptyMapping(r.value.header));
    setPhase('preview');
  }

  const generic = preview !== null && (format === 'generic' || (format === 'auto' && (preview.format === null || preview.format === 'generic')));

  async function start(skipInvalid = false) {
    if (!preview?.file) return;
    setPhase('running');
    setProgress({ bytesRead: 0, totalBytes: preview.bytes, rowsRead: 0 });
    setError(null);
    const request: Parameters<typeof api.budget.importFile>[0] = { file: preview.file, format: generic ? 'generic' : format, skipInvalid };
    if (generic) {
      if (useMapping) request.mappingName = useMapping;
      else request.mapping = mapping.toMapping();
    }
    if (generic && !useMapping && mapping.saveAs.trim()) {
      const saved = await api.budget.saveMapping({ name: mapping.saveAs.trim(), mapping: mapping.toMapping() });
      if (!saved.ok) {
        setError(saved.error);
        setPhase('preview');
        return;
      }
    }
    const r = await api.budget.importFile(request);
    if (r.ok) {
      setResult(r.value);
      setPhase('done');
      onImported();
    } else {
      setError(r.error);
      setPhase(r.error.code === 'IMPORT_CANCELLED' || r.error.code === 'CANCELLED' ? 'preview' : 'failed');
    }
  }

  const pct = progress && progress.totalBytes > 0 ? Math.min(100, Math.round((progress.bytesRead / progress.totalBytes) * 100)) : 0;
  const problems = error?.details?.problems ?? [];
  return (
    <div className="dialog-backdrop" role="presentation">
      <div className="dialog bu-import" role="dialog" aria-modal="true" aria-label="Import billing export">
        <div className="panel-title"><h2>Import a billing export</h2><span className="muted">FOCUS, AWS CUR / Cost Explorer, Azure EA / MCA, GCP, or any CSV with a column mapping; .gz and .zip read as they are</span></div>

        {phase === 'choose' && (
          <div className="bu-choose">
            <p>Choose the month’s export downloaded from the cloud console. Nothing is written until you confirm the import; a file with invalid rows is refused whole.</p>
            <button className="btn primary" onClick={() => void choose()}>Choose file…</button>
          </div>
        )}

        {preview && phase !== 'choose' && (
          <div className="bu-file">
            <div><strong data-testid="import-file-name">{preview.fileName}</strong> <span className="muted">{groupThousands(String(preview.bytes))} bytes · {preview.container}{preview.delimiter ? ` · delimiter ${JSON.stringify(preview.delimiter)}` : ''}</span></div>
            <div>Detected: <span className={`badge ${preview.format ? 'info' : 'warn'}`} data-testid="import-dialect">{preview.format ?? 'unknown — map the columns'}</span> <span className="muted">{preview.description}</span></div>
          </div>
        )}

        {phase === 'preview' && preview && (
          <>
            <div className="toolbar">
              <label className="field-label" htmlFor="import-format">Read as</label>
              <select id="import-format" className="input" value={format} onChange={(e) => setFormat(e.target.value as Format)}>
                {IMPORT_FORMATS.map((f) => <option key={f} value={f}>{f === 'auto' ? `auto (${preview.format ?? 'unknown'})` : f}</option>)}
              </select>
              <button className="btn small" onClick={() => void choose()}>Choose another file…</button>
            </div>
            <div className="bu-preview-table" aria-label="First rows of the file">
              <table className="data bu-compact">
                <thead><tr>{preview.header.map((h, i) => <th key={`${h}-${i}`}>{h}</th>)}</tr></thead>
                <tbody>{preview.rows.map((row, i) => <tr key={i}>{row.map((v, j) => <td key={j} className="bu-ellipsis">{v}</td>)}</tr>)}</tbody>
              </table>
            </div>
            {generic && (
              <div className="panel bu-mapping">
                <div className="panel-title"><strong>Column mapping</strong><span className="muted">this file is not a known billing dialect: say which column is which</span></div>
                {mappingNames.length > 0 && (
                  <div className="toolbar">
                    <label className="field-label" htmlFor="use-mapping">Saved mapping</label>
                    <select id="use-mapping" className="input" value={useMapping} onChange={(e) => setUseMapping(e.target.value)}>
                      <option value="">— map below —</option>
                      {mappingNames.map((n) => <option key={n} value={n}>{n}</option>)}
                    </select>
                  </div>
                )}
                {!useMapping && <ColumnMappingForm header={preview.header} value={mapping} onChange={setMapping} />}
              </div>
            )}
          </>
        )}

        {phase === 'running' && (
          <div className="bu-running" aria-live="polite">
            <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}><div style={{ width: `${pct}%` }} /></div>
            <div className="muted">{pct}% · {groupThousands(String(progress?.rowsRead ?? 0))} rows read</div>
          </div>
        )}

        {phase === 'done' && result && (
          <div className="banner info" data-testid="import-summary">
            <div><strong>Imported {groupThousands(String(result.rowsImported))} line(s)</strong> of {groupThousands(String(result.rowsRead))} row(s) read ({result.format}, {result.costBasis} cost){result.rowsSkipped > 0 ? `, ${result.rowsSkipped} invalid row(s) skipped and kept in the import record` : ''}.</div>
            <div>Total as the file states it: <strong data-testid="import-total">{totalsText(result.totals)}</strong> <span className="muted" data-testid="import-total-exact">(exact: {Object.entries(result.totals).map(([c, v]) => `${c} ${v}`).join(' + ')})</span></div>
            {result.periods.length > 0 && <div className="muted">Billing period(s): {result.periods.map((p) => `${p.start.slice(0, 10)} → ${p.end.slice(0, 10)}`).join(', ')}</div>}
            {result.replacedImportIds.length > 0 && <div>Replaced the earlier import(s) #{result.replacedImportIds.join(', #')} (same data or a newer export of the same period).</div>}
            {result.warnings.length > 0 && <div className="muted">{result.warnings.length} warning(s): {result.warnings.slice(0, 3).map((w) => `line ${w.line} ${w.column}: ${w.message}`).join('; ')}</div>}
          </div>
        )}

        {error && (
          <div className="banner error" role="alert" data-testid="import-error">
            <div><strong>{error.message.split('\n')[0]!.replace(/ \(use --skip-invalid[^)]*\)/, '')}</strong></div>
            {problems.length > 0 && (
              <div className="bu-errors">
                <table className="data bu-compact" aria-label="Import errors">
                  <thead><tr><th className="num">Line</th><th>Column</th><th>Problem</th><th>Value</th></tr></thead>
                  <tbody>{problems.slice(0, 200).map((p, i) => <tr key={i}><td className="num">{p.line ?? ''}</td><td>{String(p.column ?? p.field ?? '')}</td><td>{p.message}</td><td className="mono">{p.value ?? ''}</td></tr>)}</tbody>
                </table>
                {problems.length > 200 && <div className="muted">… and {problems.length - 200} more</div>}
              </div>
            )}
          </div>
        )}

        <div className="dialog-actions">
          {phase === 'running' && <button className="btn danger" onClick={() => void api.budget.cancelImport({})}>Cancel import</button>}
          {phase === 'failed' && problems.length > 0 && <button className="btn" onClick={() => void start(true)}>Import the valid rows only</button>}
          {phase === 'failed' && <button className="btn" onClick={() => { setError(null); setPhase('preview'); }}>Back</button>}
          {phase === 'preview' && <button className="btn primary" onClick={() => void start(false)}>Import</button>}
          <button className="btn" disabled={phase === 'running'} onClick={onClose}>{phase === 'done' ? 'Done' : 'Close'}</button>
        </div>
      </div>
    </div>
  );
}

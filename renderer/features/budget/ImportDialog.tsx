/**
 * The billing import dialog: drop a file or choose it (native dialog in main), preview with the detected dialect, a
 * column mapping for any other CSV (saved by name, applied again to the next file with the same columns, exported for
 * the CLI), import with a progress bar and cancel, then a summary with the exact total per currency — or every error
 * (line, column, message) and the choice to import the valid rows only.
 */
import { Dialog } from '../../ui/Dialog';
import { useEffect, useRef, useState } from 'react';
import type { ColumnMapping } from '../../../shared/domain/billing/column-mapping';
import { missingMappingColumns } from '../../../shared/domain/billing/dialects';
import { NO_CURRENCY } from '../../../shared/domain/billing/spend-line';
import type { SerializedError } from '../../../shared/domain/errors';
import type { Response } from '../../../shared/ipc/contract';
import type { Result as ApiResult } from '../../../shared/ipc/channel';
import { IMPORT_FORMATS } from '../../../shared/ipc/contract/budget-import';
import { api } from '../../app/api';
import type { DropOutcome } from '../../ui/file-drop';
import {
  checkMapping,
  ColumnMappingForm,
  draftFromMapping,
  emptyMapping,
  MappingPreview,
  withMapping,
  type MappingDraft,
} from './ColumnMappingForm';
import { bytesText, groupThousands, totalsText } from './format';
import { ImportReachNote, ImportWarnings } from './ImportOutcomeNotes';

type Preview = Response<'budget:choose-import-file'>;
type Result = Response<'budget:import-file'>;
type SavedMapping = Response<'budget:list-mappings'>['mappings'][number];
type Phase = 'choose' | 'preview' | 'running' | 'done' | 'failed';
type Format = (typeof IMPORT_FORMATS)[number];

/** A drop on the Budget screen or the dialog, numbered so the same file dropped twice is read twice. */
export interface Dropped {
  outcome: DropOutcome;
  seq: number;
}

const PREVIEW_ROWS = 8;

export function ImportDialog({
  dropped,
  dragOver,
  onClose,
  onImported,
}: {
  dropped: Dropped | null;
  dragOver: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const [phase, setPhase] = useState<Phase>('choose');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [format, setFormat] = useState<Format>('auto');
  const [mapping, setMapping] = useState<MappingDraft>(emptyMapping());
  const [savedMappings, setSavedMappings] = useState<SavedMapping[]>([]);
  const [mappingNote, setMappingNote] = useState<string | null>(null);
  const [exportedTo, setExportedTo] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ bytesRead: number; totalBytes: number; rowsRead: number } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<SerializedError | null>(null);
  const [dropMessage, setDropMessage] = useState<string | null>(null);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  useEffect(() => api.events.on('budget:import-progress', (p) => setProgress(p)), []);

  async function refreshMappings(): Promise<SavedMapping[]> {
    const r = await api.budget.listMappings({});
    const list = r.ok ? r.value.mappings : [];
    setSavedMappings(list);
    return list;
  }
  useEffect(() => void refreshMappings(), []);

  /** A new file's preview: a saved mapping whose columns are all in this header is applied (the newest first). */
  async function showPreview(r: ApiResult<Preview>) {
    setDropMessage(null);
    if (!r.ok) {
      setError(r.error);
      if (phaseRef.current === 'done' || phaseRef.current === 'failed') setPhase('choose');
      return;
    }
    if (!r.value.file) return; // the native dialog was cancelled
    setError(null);
    setResult(null);
    setExportedTo(null);
    setPreview(r.value);
    setFormat('auto');
    const list = await refreshMappings();
    const fitting =
      r.value.format === null || r.value.format === 'generic'
        ? [...list]
            .filter((m) => missingMappingColumns(r.value.header, m.mapping).length === 0)
            .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0]
        : undefined;
    if (fitting) {
      setMapping(draftFromMapping(r.value.header, fitting.mapping, fitting.name));
      setMappingNote(
        `Applied your saved mapping “${fitting.name}”: this file has every column it names. Check the rows below, then import.`,
      );
    } else {
      setMapping(emptyMapping(r.value.header, r.value.rows));
      setMappingNote(null);
    }
    setPhase('preview');
  }

  const choose = async () => showPreview(await api.budget.chooseImportFile({ previewRows: PREVIEW_ROWS }));

  useEffect(() => {
    if (!dropped) return;
    if (phaseRef.current === 'running') return setDropMessage('An import is running: wait for it or cancel it, then drop the file again.');
    if (!dropped.outcome.ok) return setDropMessage(dropped.outcome.message);
    const { file, name } = dropped.outcome;
    // Main reads only what it granted: the preload turns the dropped File into a token (never a path from here).
    void api.files.grantFile(file).then((grant) => {
      if (!grant)
        return setDropMessage(
          `“${name}” is not a file on disk (dragged from a web page or another app?): save it first, then drop the saved file.`,
        );
      return api.budget.previewFile({ fileToken: grant.token, previewRows: PREVIEW_ROWS }).then(showPreview);
    });
  }, [dropped?.seq]); // a new drop (seq) is the only trigger

  const generic =
    preview !== null && (format === 'generic' || (format === 'auto' && (preview.format === null || preview.format === 'generic')));
  const checked = generic ? checkMapping(mapping) : null;

  function loadSaved(name: string) {
    setExportedTo(null);
    if (!preview) return;
    if (!name) {
      setMapping(emptyMapping(preview.header, preview.rows));
      setMappingNote(null);
      return;
    }
    const saved = savedMappings.find((m) => m.name === name);
    if (!saved) return;
    const missing = missingMappingColumns(preview.header, saved.mapping);
    setMapping(draftFromMapping(preview.header, saved.mapping, saved.name));
    setMappingNote(
      missing.length > 0
        ? `“${name}” names column(s) this file lacks: ${missing.join(', ')}. Choose them again below.`
        : `Saved mapping “${name}” loaded.`,
    );
  }

  async function saveMapping(): Promise<ColumnMapping | null> {
    if (!checked?.ok || !mapping.saveAs.trim()) return null;
    const saved = await api.budget.saveMapping({ name: mapping.saveAs.trim(), mapping: checked.mapping });
    if (!saved.ok) {
      setError(saved.error);
      return null;
    }
    await refreshMappings();
    setMappingNote(
      `Saved as “${saved.value.name}”: the next file with these columns gets it automatically; export it for \`gpu-planner import FILE --mapping\`.`,
    );
    return saved.value.mapping;
  }

  async function exportMapping() {
    const name = mapping.saveAs.trim();
    if (!name) return;
    if (!(await saveMapping())) return;
    const r = await api.budget.exportMapping({ name });
    if (!r.ok) return setError(r.error);
    if (r.value.file) setExportedTo(r.value.file);
  }

  async function start(skipInvalid = false) {
    if (!preview?.fileToken) return;
    const request: Parameters<typeof api.budget.importFile>[0] = {
      fileToken: preview.fileToken,
      format: generic ? 'generic' : format,
      skipInvalid,
    };
    if (generic) {
      if (!checked?.ok) return;
      request.mapping = checked.mapping;
      if (mapping.saveAs.trim() && !(await saveMapping())) return;
    }
    setPhase('running');
    setProgress({ bytesRead: 0, totalBytes: preview.bytes, rowsRead: 0 });
    setError(null);
    setDropMessage(null);
    const r = await api.budget.importFile(request);
    if (r.ok) {
      setResult(r.value);
      setPhase('done');
      onImported();
    } else if (r.error.code === 'IMPORT_CANCELLED' || r.error.code === 'CANCELLED') {
      setError({ ...r.error, message: 'Import cancelled: nothing was imported, the database is as it was.' });
      setPhase('preview');
    } else {
      setError(r.error);
      setPhase('failed');
    }
  }

  const pct = progress && progress.totalBytes > 0 ? Math.min(100, Math.round((progress.bytesRead / progress.totalBytes) * 100)) : 0;
  const problems = error?.details?.problems ?? [];
  const empty = result !== null && result.rowsImported === 0 && Object.keys(result.totals).length === 0;
  const actions = (
    <>
      {phase === 'preview' && generic && checked && !checked.ok && (
        <span className="muted bu-actions-note">To import: {checked.message}.</span>
      )}
      {phase === 'running' && (
        <button className="btn danger" onClick={() => void api.budget.cancelImport({})}>
          Cancel import
        </button>
      )}
      {phase === 'failed' && problems.length > 0 && (
        <button className="btn primary" onClick={() => void start(true)}>
          Import the valid rows only
        </button>
      )}
      {phase === 'failed' && (
        <button
          className="btn"
          onClick={() => {
            setError(null);
            setPhase('preview');
          }}
        >
          Back
        </button>
      )}
      {phase === 'preview' && (
        <button className="btn primary" disabled={generic && !checked?.ok} onClick={() => void start(false)}>
          Import
        </button>
      )}
      {phase === 'done' && (
        <button className="btn" onClick={() => void choose()}>
          Import another file…
        </button>
      )}
      <button className="btn" disabled={phase === 'running'} onClick={onClose}>
        {phase === 'done' ? 'Done' : 'Close'}
      </button>
    </>
  );
  return (
    <Dialog
      title="Import a billing export"
      label="Import billing export"
      sub="FOCUS, AWS CUR / Cost Explorer, Azure EA / MCA, GCP, or any CSV with a column mapping; .gz, .zip and Parquet read as they are"
      className={`bu-import${dragOver ? ' bu-drag-over' : ''}`}
      onClose={phase === 'running' ? undefined : onClose}
      actions={actions}
    >
      {phase === 'choose' && (
        <div className={`bu-dropzone${dragOver ? ' over' : ''}`} data-testid="import-drop-zone">
          <strong>{dragOver ? 'Release to preview this file' : 'Drop the month’s billing export here'}</strong>
          <span className="muted">or</span>
          <button className="btn primary" onClick={() => void choose()}>
            Choose file…
          </button>
          <span className="muted">
            Nothing is written until you confirm the import. A file with invalid rows is refused whole; you then see every error and may
            import its valid rows only.
          </span>
        </div>
      )}
      {phase !== 'choose' && dragOver && (
        <div className="bu-drop-hint" data-testid="import-drop-hint">
          Release to preview the dropped file instead{phase === 'running' ? ' (after this import)' : ''}
        </div>
      )}

      {dropMessage && (
        <div className="banner warn" role="alert" data-testid="import-drop-message">
          {dropMessage}
        </div>
      )}

      {preview && phase !== 'choose' && (
        <div className="bu-file">
          <div>
            <strong data-testid="import-file-name">{preview.fileName}</strong>{' '}
            <span className="muted">
              {bytesText(preview.bytes)} · {preview.container}
              {preview.delimiter ? ` · delimiter ${preview.delimiter === '\t' ? 'tab' : JSON.stringify(preview.delimiter)}` : ''} ·{' '}
              {preview.header.length} columns
            </span>
          </div>
          {phase !== 'done' && (
            <div>
              Detected:{' '}
              <span className={`badge ${preview.format ? 'info' : 'warn'}`} data-testid="import-dialect">
                {preview.format ?? 'unknown — map the columns'}
              </span>{' '}
              <span className="muted">{preview.description}</span>
            </div>
          )}
        </div>
      )}

      {phase === 'preview' && preview && (
        <>
          <div className="toolbar">
            <label className="field-label" htmlFor="import-format">
              Read as
            </label>
            <select id="import-format" className="input" value={format} onChange={(e) => setFormat(e.target.value as Format)}>
              {IMPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f === 'auto' ? `auto (${preview.format ?? 'unknown'})` : f === 'generic' ? 'generic (column mapping)' : f}
                </option>
              ))}
            </select>
            <button className="btn small" onClick={() => void choose()}>
              Choose another file…
            </button>
            <span className="muted">or drop another file</span>
          </div>
          <div className="bu-preview-caption muted">The file’s first {preview.rows.length} row(s), as written</div>
          <div className="bu-preview-table" aria-label="First rows of the file">
            <table className="data bu-compact">
              <thead>
                <tr>
                  {preview.header.map((h, i) => (
                    <th key={`${h}-${i}`}>{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row, i) => (
                  <tr key={i}>
                    {row.map((v, j) => (
                      <td key={j} className="bu-ellipsis" title={v.length > 24 ? v : undefined}>
                        {v}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {generic && (
            <div className="panel bu-mapping" role="group" aria-label="Column mapping">
              <div className="panel-title">
                <strong>Column mapping</strong>
                <span className="muted">
                  {preview.format === null
                    ? 'this file is not a known billing dialect: say which column is which'
                    : 'read this file through your own mapping'}
                </span>
              </div>
              <div className="toolbar bu-mapping-bar">
                <label className="field-label" htmlFor="use-mapping">
                  Saved mapping
                </label>
                <select
                  id="use-mapping"
                  className="input"
                  value={savedMappings.some((m) => m.name === mapping.saveAs.trim()) ? mapping.saveAs.trim() : ''}
                  onChange={(e) => loadSaved(e.target.value)}
                >
                  <option value="">{savedMappings.length === 0 ? '— none saved yet —' : '— a new mapping —'}</option>
                  {savedMappings.map((m) => (
                    <option key={m.name} value={m.name}>
                      {m.name}
                    </option>
                  ))}
                </select>
                <label className="field-label" htmlFor="map-save-as">
                  Name
                </label>
                <input
                  id="map-save-as"
                  className="input"
                  value={mapping.saveAs}
                  placeholder="e.g. runpod-invoices"
                  onChange={(e) => {
                    setExportedTo(null);
                    setMapping(withMapping({ ...mapping, saveAs: e.target.value }));
                  }}
                />
                <button className="btn small" disabled={!checked?.ok || !mapping.saveAs.trim()} onClick={() => void saveMapping()}>
                  Save mapping
                </button>
                <button
                  className="btn small"
                  disabled={!checked?.ok || !mapping.saveAs.trim()}
                  title="Write the mapping as JSON for gpu-planner import FILE --mapping MAPPING.json"
                  onClick={() => void exportMapping()}
                >
                  Export for the CLI…
                </button>
              </div>
              {mappingNote && !exportedTo && (
                <div className="banner info bu-mapping-note" data-testid="mapping-note">
                  {mappingNote}
                </div>
              )}
              {exportedTo && (
                <div className="banner ok bu-mapping-note" data-testid="mapping-exported">
                  Exported to <span className="mono">{exportedTo}</span> · on the command line:{' '}
                  <span className="mono">gpu-planner import FILE --mapping {exportedTo}</span>
                </div>
              )}
              <ColumnMappingForm
                header={preview.header}
                value={mapping}
                onChange={(m) => {
                  setExportedTo(null);
                  setMapping(m);
                }}
              />
              <MappingPreview header={preview.header} rows={preview.rows} draft={mapping} />
            </div>
          )}
        </>
      )}

      {phase === 'running' && (
        <div className="bu-running" aria-live="polite">
          <div
            className="progress"
            role="progressbar"
            aria-label="Import progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
          >
            <div style={{ width: `${pct}%` }} />
          </div>
          <div className="muted" data-testid="import-progress-text">
            Importing {preview?.fileName}: {pct}% · {bytesText(progress?.bytesRead ?? 0)} of{' '}
            {bytesText(progress?.totalBytes ?? preview?.bytes ?? 0)} · {groupThousands(String(progress?.rowsRead ?? 0))} rows read. Cancel
            leaves the database as it was.
          </div>
        </div>
      )}

      {phase === 'done' && result && empty && (
        <div className="banner warn" data-testid="import-summary">
          <div>
            <strong>No line items in {result.file}</strong>:{' '}
            {result.rowsRead === 0
              ? 'the file has its header and no rows'
              : `none of its ${groupThousands(String(result.rowsRead))} row(s) is a line item`}{' '}
            (an empty export). Nothing was added to the spend; the import is kept in the history.
          </div>
          <div className="muted">
            {result.description} ({result.format})
          </div>
        </div>
      )}

      {phase === 'done' && result && !empty && (
        <div className="banner info bu-summary" data-testid="import-summary">
          <div>
            <strong>Imported {groupThousands(String(result.rowsImported))} line item(s)</strong> of{' '}
            {groupThousands(String(result.rowsRead))} row(s) read · {result.description} ({result.format}, {result.costBasis} cost)
            {result.rowsSkipped > 0
              ? ` · ${groupThousands(String(result.rowsSkipped))} invalid row(s) skipped, listed in the import history`
              : ''}
          </div>
          <div>
            Billed total as the file states it: <strong data-testid="import-total">{totalsText(result.totals)}</strong>
          </div>
          <table className="data bu-compact bu-totals" aria-label="Import totals" data-testid="import-total-exact">
            <thead>
              <tr>
                <th>Currency</th>
                <th className="num">Billed total, exact (as the file states it)</th>
              </tr>
            </thead>
            <tbody>
              {Object.keys(result.totals)
                .sort()
                .map((c) => (
                  <tr key={c} data-currency={c}>
                    <td>{c === NO_CURRENCY ? 'not stated in the file' : c}</td>
                    <td className="num mono" data-testid={`import-total-exact-${c}`}>
                      {c === NO_CURRENCY ? '' : `${c} `}
                      {result.totals[c]}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
          {result.periods.length > 0 && (
            <div className="muted" data-testid="import-periods">
              Billing period(s): {result.periods.map((p) => `${p.start.slice(0, 10)} → ${p.end.slice(0, 10)}`).join(', ')} (end exclusive)
            </div>
          )}
          {result.replacedImportIds.length > 0 && (
            <div>
              Replaces the earlier import(s) #{result.replacedImportIds.join(', #')} (the same data, or a newer export of the same period):
              their lines no longer count.
            </div>
          )}
          <ImportReachNote result={result} />
          <ImportWarnings result={result} />
        </div>
      )}

      {error && (
        <div className="banner error" role="alert" data-testid="import-error">
          <div>
            <strong>{error.message.split('\n')[0]!.replace(/ \(use --skip-invalid[^)]*\)/, '')}</strong>
          </div>
          {problems.length > 0 && (
            <div>
              Import the valid rows only to leave these rows out (they stay listed in the import history), or fix the file and import it
              again.
            </div>
          )}
          {problems.length > 0 && (
            <div className="bu-errors">
              <table className="data bu-compact" aria-label="Import errors">
                <thead>
                  <tr>
                    <th className="num">Line</th>
                    <th>Column</th>
                    <th>Problem</th>
                    <th>Value</th>
                  </tr>
                </thead>
                <tbody>
                  {problems.slice(0, 200).map((p, i) => (
                    <tr key={i}>
                      <td className="num">{p.line ?? ''}</td>
                      <td>{String(p.column ?? p.field ?? '')}</td>
                      <td>{p.message}</td>
                      <td className="mono">{p.value ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {problems.length > 200 && <div className="muted">… and {problems.length - 200} more</div>}
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

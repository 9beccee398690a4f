/** The import's preview step: the file and its detected dialect, how to read it, its first rows, and the column mapping. */
import { SliceFields } from './SliceFields';
import { IMPORT_FORMATS } from '../../../shared/ipc/contract/budget-import';
import { ToolbarSelect } from '../../ui/ToolbarSelect';
import { withMapping } from './column-mapping-draft';
import { ColumnMappingForm } from './ColumnMappingForm';
import { bytesText } from './format';
import { MappingPreview } from './MappingPreview';
import type { ImportFlow, ImportPreview } from './use-import-flow';

/** The file's name, size, container, delimiter and columns; and, until it is imported, the dialect detected. */
export function ImportFileInfo({ preview, showDialect }: { preview: ImportPreview; showDialect: boolean }) {
  return (
    <div className="bu-file">
      <div>
        <strong data-testid="import-file-name">{preview.fileName}</strong>{' '}
        <span className="muted">
          {bytesText(preview.bytes)} · {preview.container}
          {preview.delimiter ? ` · delimiter ${preview.delimiter === '\t' ? 'tab' : JSON.stringify(preview.delimiter)}` : ''} ·{' '}
          {preview.header.length} columns
        </span>
      </div>
      {showDialect && (
        <div>
          Detected:{' '}
          <span className={`badge ${preview.format ? 'info' : 'warn'}`} data-testid="import-dialect">
            {preview.format ?? 'unknown — map the columns'}
          </span>{' '}
          <span className="muted">{preview.description}</span>
        </div>
      )}
    </div>
  );
}

/** How to read the file (a dialect, or a column mapping), its first rows as written, and the mapping when it has one. */
export function ImportPreviewStep({ flow, preview }: { flow: ImportFlow; preview: ImportPreview }) {
  return (
    <>
      <div className="toolbar">
        <ToolbarSelect
          id="import-format"
          label="Read as"
          value={flow.format}
          options={IMPORT_FORMATS}
          optionLabel={(f) => (f === 'auto' ? `auto (${preview.format ?? 'unknown'})` : f === 'generic' ? 'generic (column mapping)' : f)}
          onChange={flow.setFormat}
        />
        <button className="btn small" onClick={() => void flow.choose()}>
          Choose another file…
        </button>
        <span className="muted">or drop another file</span>
      </div>
      <SliceFields idPrefix="import-slice" fields={flow.slice} checked={flow.sliceChecked} onChange={flow.setSlice} />
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
      {flow.generic && <MappingPanel flow={flow} preview={preview} />}
    </>
  );
}

/** The column mapping of a file read as generic CSV: saved mappings, save and export for the CLI, the form, the rows as read. */
function MappingPanel({ flow, preview }: { flow: ImportFlow; preview: ImportPreview }) {
  const { mapping, savedMappings, mappingNote, exportedTo, checked, editMapping, loadSaved, saveMapping, exportMapping } = flow;
  return (
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
        <ToolbarSelect
          id="use-mapping"
          label="Saved mapping"
          value={savedMappings.some((m) => m.name === mapping.saveAs.trim()) ? mapping.saveAs.trim() : ''}
          options={['', ...savedMappings.map((m) => m.name)]}
          optionLabel={(name) => name || (savedMappings.length === 0 ? '— none saved yet —' : '— a new mapping —')}
          onChange={loadSaved}
        />
        <label className="field-label" htmlFor="map-save-as">
          Name
        </label>
        <input
          id="map-save-as"
          className="input"
          value={mapping.saveAs}
          placeholder="e.g. runpod-invoices"
          onChange={(e) => editMapping(withMapping({ ...mapping, saveAs: e.target.value }))}
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
      <ColumnMappingForm header={preview.header} value={mapping} onChange={editMapping} />
      <MappingPreview header={preview.header} rows={preview.rows} draft={mapping} />
    </div>
  );
}

/**
 * The billing import dialog: drop a file or choose it (native dialog in main), preview with the detected dialect, a
 * column mapping for any other CSV (saved by name, applied again to the next file with the same columns, exported for
 * the CLI), import with a progress bar and cancel, then a summary with the exact total per currency — or every error
 * (line, column, message) and the choice to import the valid rows only.
 */
import { Dialog } from '../../ui/Dialog';
import { ImportErrorBanner, ImportRunning, ImportSummary } from './ImportOutcome';
import { ImportFileInfo, ImportPreviewStep } from './ImportPreviewStep';
import { useImportFlow, type Dropped } from './use-import-flow';

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
  const flow = useImportFlow({ dropped, onImported });
  const { phase, preview, result, error, dropMessage, generic, checked } = flow;
  const problems = error?.details?.problems ?? [];
  const actions = (
    <>
      {phase === 'preview' && generic && checked && !checked.ok && (
        <span className="muted bu-actions-note">To import: {checked.message}.</span>
      )}
      {phase === 'running' && (
        <button className="btn danger" onClick={flow.cancel}>
          Cancel import
        </button>
      )}
      {phase === 'failed' && problems.length > 0 && (
        <button className="btn primary" onClick={() => void flow.start(true)}>
          Import the valid rows only
        </button>
      )}
      {phase === 'failed' && (
        <button className="btn" onClick={flow.back}>
          Back
        </button>
      )}
      {phase === 'preview' && (
        <button
          className="btn primary"
          disabled={(generic && !checked?.ok) || !flow.sliceChecked.ok}
          onClick={() => void flow.start(false)}
        >
          Import
        </button>
      )}
      {phase === 'done' && (
        <button className="btn" onClick={() => void flow.choose()}>
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
          <button className="btn primary" onClick={() => void flow.choose()}>
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

      {preview && phase !== 'choose' && <ImportFileInfo preview={preview} showDialect={phase !== 'done'} />}
      {phase === 'preview' && preview && <ImportPreviewStep flow={flow} preview={preview} />}
      {phase === 'running' && <ImportRunning preview={preview} progress={flow.progress} />}
      {phase === 'done' && result && <ImportSummary result={result} sliced={flow.sliceChecked.ok && flow.sliceChecked.filter !== null} />}
      {error && <ImportErrorBanner error={error} />}
    </Dialog>
  );
}

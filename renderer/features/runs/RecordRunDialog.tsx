/**
 * "Record a finished run" (issue 29 item 2): what the run trained (a milestone or a saved workload), the offering it ran
 * on, its wall-clock time with its unit and, if known, its samples per second — or its figures read from the training
 * tool's file (chosen in main, read with the CLI's reader, shown before anything is recorded).
 */
import { useState } from 'react';
import { RUN_FILE_FORMAT_LABELS } from '../../../shared/domain/runs/run-files';
import type { SerializedError } from '../../../shared/domain/errors';
import type { RunFilePreview } from '../../../shared/ipc/contract/runs';
import { Dialog } from '../../ui/Dialog';
import { Field, NumberField } from '../../ui/Field';
import { runFiguresOf, runHoursText, TIME_UNITS, type RunDraft, type TimeUnit } from './run-form';
import { useRuns, type RunTarget } from './store';
import './runs.css';

export function RecordRunDialog({ target }: { target: RunTarget }) {
  const { record, chooseFile, importFile, open, busy, error } = useRuns();
  const [offeringId, setOfferingId] = useState(target.offeringId ?? '');
  const [draft, setDraft] = useState<RunDraft>({ time: '', unit: 'hours', samplesPerSecond: '' });
  const [errors, setErrors] = useState<Partial<Record<'time' | 'samplesPerSecond' | 'offeringId', string>>>({});
  const [file, setFile] = useState<RunFilePreview | null>(null);
  const close = () => open(null);
  const chosen = { ...target, offeringId: offeringId || null };

  async function submit() {
    if (!offeringId) return setErrors({ offeringId: 'the offering the run ran on' });
    if (file?.fileToken) {
      if (await importFile(chosen, file.fileToken)) close();
      return;
    }
    const read = runFiguresOf(draft);
    if ('errors' in read) return setErrors(read.errors);
    setErrors({});
    if (await record(chosen, read.figures.hours, read.figures.samplesPerSecond)) close();
  }

  const serverField = error?.details?.field;
  const fieldError = (f: 'time' | 'samplesPerSecond' | 'offeringId') =>
    errors[f] ?? ((f === 'time' ? serverField === 'hours' : serverField === f) ? error?.message : undefined);
  const otherError = error && !['hours', 'samplesPerSecond', 'offeringId'].includes(String(serverField ?? '')) ? error : null;

  return (
    <Dialog
      title="Record a finished run"
      sub={
        <>
          Of <strong>{target.label}</strong>. Your runs correct the plan’s estimates of this model on this offering (and on the same GPU
          elsewhere); the correction is shown where the estimate is, and can be changed or removed.
        </>
      }
      onClose={close}
      className="runs-dialog"
      actions={
        <>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="button" className="btn primary" onClick={() => void submit()} disabled={busy}>
            {file ? `Record ${file.runs.length} run${file.runs.length === 1 ? '' : 's'}` : 'Record run'}
          </button>
        </>
      }
    >
      <form
        className="runs-form"
        aria-label="The run"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field id="run-offering" label="Ran on (offering)" error={fieldError('offeringId')} className="runs-wide">
          <select id="run-offering" className="input" value={offeringId} onChange={(e) => setOfferingId(e.target.value)}>
            {!offeringId && <option value="">— choose the offering —</option>}
            {target.offerings.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        {file ? (
          <FileFigures file={file} onClear={() => setFile(null)} />
        ) : (
          <>
            <div className="runs-time">
              <NumberField
                id="run-time"
                label="Wall-clock time, start to trained model"
                hint="setup, data loading, validation and checkpoints included"
                error={fieldError('time')}
                value={draft.time}
                onChange={(time) => {
                  setDraft({ ...draft, time });
                  setErrors({ ...errors, time: undefined });
                }}
                width={110}
                autoFocus
              />
              <Field id="run-unit" label="Unit">
                <select
                  id="run-unit"
                  className="input"
                  value={draft.unit}
                  onChange={(e) => setDraft({ ...draft, unit: e.target.value as TimeUnit })}
                >
                  {Object.keys(TIME_UNITS).map((u) => (
                    <option key={u} value={u}>
                      {u}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <NumberField
              id="run-samples"
              label="Training throughput (samples/s, optional)"
              hint="train_samples_per_second, if your tool printed it"
              error={fieldError('samplesPerSecond')}
              value={draft.samplesPerSecond}
              onChange={(samplesPerSecond) => {
                setDraft({ ...draft, samplesPerSecond });
                setErrors({ ...errors, samplesPerSecond: undefined });
              }}
              width={110}
            />
          </>
        )}
        <div className="runs-wide runs-file-row">
          <button
            type="button"
            className="btn"
            onClick={() =>
              void chooseFile().then((f) => {
                if (f) setFile(f);
              })
            }
            disabled={busy}
          >
            {file ? 'Choose another file…' : 'Import from a run file…'}
          </button>
          <span className="muted">{Object.values(RUN_FILE_FORMAT_LABELS).join(', ')}</span>
        </div>
      </form>
      {otherError && (
        <div className="banner error" role="alert">
          {errorText(otherError)}
        </div>
      )}
    </Dialog>
  );
}

/** A refusal in words: a run file's name and the line and column where its reader stopped. */
export function errorText(error: SerializedError): string {
  const d = error.details;
  const name = typeof d?.file === 'string' ? (d.file.split(/[\\/]/).pop() ?? '') : '';
  const file = name && !error.message.includes(name) ? `${name} ` : '';
  const where = d?.line ? ` (line ${d.line}${d.column ? `, column ${d.column}` : ''})` : '';
  return `${file}${error.message}${where}`;
}

/** What the chosen file holds, before it is recorded. */
function FileFigures({ file, onClear }: { file: RunFilePreview; onClear: () => void }) {
  return (
    <div className="runs-wide runs-file" data-testid="run-file-preview">
      <p>
        <strong>{file.fileName}</strong> — {file.formatLabel}: {file.runs.length} finished run{file.runs.length === 1 ? '' : 's'}{' '}
        <button type="button" className="btn small" onClick={onClear}>
          Type the figures instead
        </button>
      </p>
      <ul>
        {file.runs.map((r, i) => (
          <li key={i}>
            {r.name ? `${r.name}: ` : ''}
            {runHoursText(r.hours)} wall-clock{r.samplesPerSecond ? `, ${r.samplesPerSecond.toLocaleString('en-US')} samples/s` : ''}
          </li>
        ))}
      </ul>
      {file.skipped.length > 0 && <p className="muted">Left out: {file.skipped.map((s) => `line ${s.line} (${s.reason})`).join('; ')}</p>}
    </div>
  );
}

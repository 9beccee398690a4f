/**
 * The project's recorded runs and the corrections they make (issue 29 item 2): each run with the estimator's hours now
 * and the ratio, editable and removable; each correction (model family × offering) with its evidence and spread, set
 * by hand, set aside, or back to what the runs measure. Opened from an estimate, it marks the runs that estimate rests on.
 */
import { useState } from 'react';
import { formatRatio } from '../../../shared/domain/runs/corrections';
import { RUN_FILE_FORMAT_LABELS } from '../../../shared/domain/runs/run-files';
import type { RunCorrectionView, RunRowView } from '../../../shared/ipc/contract/runs';
import { Dialog } from '../../ui/Dialog';
import { NumberField } from '../../ui/Field';
import { errorText } from './RecordRunDialog';
import { correctionWordsAfterRatio, runFiguresOf, runHoursText } from './run-form';
import { useRuns, type RunsFocus } from './store';
import './runs.css';

export function RecordedRunsDialog({ focus }: { focus: RunsFocus | null }) {
  const { view, open, error } = useRuns();
  const close = () => open(null);
  const marked = new Set(focus?.runIds ?? []);
  return (
    <Dialog
      title="Your recorded runs"
      sub="Finished runs you recorded, each against the estimator’s hours for the same workload on the same offering now; per model and offering, their ratio corrects the plan’s estimates."
      onClose={close}
      className="runs-dialog runs-list-dialog"
      actions={
        <button type="button" className="btn" onClick={close}>
          Close
        </button>
      }
    >
      {focus && (
        <p className="runs-focus" data-testid="runs-focus">
          The estimate you came from is corrected <strong>{focus.text}</strong>; its runs are marked ●.
        </p>
      )}
      {error && (
        <div className="banner error" role="alert">
          {errorText(error)}
        </div>
      )}
      {!view ? (
        <p className="muted">Loading…</p>
      ) : view.runs.length === 0 ? (
        <p className="muted">
          No run recorded yet: “Record a finished run…” on a milestone or on the Estimate screen (or `gpu-planner run record`).
        </p>
      ) : (
        <div className="runs-table-wrap">
          <table className="runs-table" aria-label="Recorded runs">
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Learned from by this estimate</span>
                </th>
                <th scope="col">Recorded</th>
                <th scope="col">Workload</th>
                <th scope="col">Offering</th>
                <th scope="col" className="num">
                  Took
                </th>
                <th scope="col" className="num">
                  Estimated now
                </th>
                <th scope="col" className="num">
                  Ratio
                </th>
                <th scope="col">From</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.runs.map((r) => (
                <RunRow key={r.id} run={r} marked={marked.has(r.id)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {view && view.corrections.length > 0 && (
        <section aria-label="Corrections" className="runs-corrections">
          <h3>Corrections (model × offering)</h3>
          {view.corrections.map((c) => (
            <CorrectionRow key={`${c.modelFamily}|${c.offeringId}`} correction={c} />
          ))}
        </section>
      )}
    </Dialog>
  );
}

function RunRow({ run: r, marked }: { run: RunRowView; marked: boolean }) {
  const { edit, remove, busy } = useRuns();
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const save = async () => {
    const read = runFiguresOf({
      time: editing ?? '',
      unit: 'hours',
      samplesPerSecond: r.samplesPerSecond ? String(r.samplesPerSecond) : '',
    });
    if ('errors' in read) return setProblem(read.errors.time ?? read.errors.samplesPerSecond);
    if (await edit(r.id, read.figures.hours, read.figures.samplesPerSecond)) setEditing(null);
  };
  return (
    <tr className={marked ? 'marked' : undefined} data-run-id={r.id}>
      <td aria-label={marked ? 'learned from' : undefined}>{marked ? '●' : ''}</td>
      <td>{r.recordedAt.slice(0, 10)}</td>
      <td>{r.workloadName}</td>
      <td>{r.offeringLabel}</td>
      <td className="num">
        {editing === null ? (
          <>
            {runHoursText(r.hours)}
            {r.samplesPerSecond ? <div className="muted">{r.samplesPerSecond.toLocaleString('en-US')} samples/s</div> : null}
          </>
        ) : (
          <NumberField id={`run-${r.id}-hours`} label="Hours" value={editing} onChange={setEditing} error={problem} width={80} autoFocus />
        )}
      </td>
      <td className="num">{runHoursText(r.estimatedHours)}</td>
      <td className="num">{r.ratio ? formatRatio(r.ratio) : '—'}</td>
      <td>{r.source.kind === 'file' ? `${r.source.file} (${RUN_FILE_FORMAT_LABELS[r.source.format]})` : 'typed'}</td>
      <td className="runs-actions">
        {editing === null ? (
          <>
            <button type="button" className="btn small" onClick={() => setEditing(String(Math.round(r.hours * 1000) / 1000))}>
              Edit<span className="sr-only"> run {r.id}</span>
            </button>
            <button type="button" className="btn small danger" onClick={() => void remove(r.id)} disabled={busy}>
              Remove<span className="sr-only"> run {r.id}</span>
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn small primary" onClick={() => void save()} disabled={busy}>
              Save
            </button>
            <button type="button" className="btn small" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

function CorrectionRow({ correction: c }: { correction: RunCorrectionView }) {
  const { setCorrection, busy } = useRuns();
  const [ratio, setRatio] = useState<string | null>(null);
  const key = { modelFamily: c.modelFamily, offeringId: c.offeringId };
  const id = `corr-${c.modelFamily}-${c.offeringId}`.replace(/[^a-zA-Z0-9-]/g, '-');
  const [problem, setProblem] = useState<string | undefined>();
  const saveRatio = async () => {
    const n = Number(ratio);
    if (!ratio || !Number.isFinite(n) || n <= 0 || n > 1000) return setProblem('a factor more than 0 and at most 1000, e.g. 1.8');
    if (await setCorrection(key, { ratio: n })) setRatio(null);
  };
  return (
    <div className={`runs-correction${c.ignored ? ' ignored' : ''}`} data-correction={`${c.modelFamily}|${c.offeringId}`}>
      <p>
        {/* the text names the offering and, after the ratio, the evidence: the ratio and the offering are shown once */}
        <strong>{c.modelLabel}</strong>: <strong>{c.ratio !== null ? formatRatio(c.ratio) : 'not applied'}</strong>{' '}
        <span className="muted">
          {c.ratio === null ? '— ' : ''}
          {correctionWordsAfterRatio(c.text, c.ratio)}
        </span>
      </p>
      {ratio === null ? (
        <div className="runs-correction-actions">
          <button type="button" className="btn small" onClick={() => setRatio(c.ratio ? String(Number(c.ratio.toPrecision(3))) : '1')}>
            Set by hand…
          </button>
          <button type="button" className="btn small" onClick={() => void setCorrection(key, { ignored: !c.ignored })} disabled={busy}>
            {c.ignored ? 'Apply again' : 'Set aside'}
          </button>
          {(c.override !== null || c.ignored) && c.measured && (
            <button type="button" className="btn small" onClick={() => void setCorrection(key, { reset: true })} disabled={busy}>
              Back to your runs’ {formatRatio(c.measured.geometricMean)}
            </button>
          )}
        </div>
      ) : (
        <div className="runs-correction-actions">
          <NumberField
            id={id}
            label="Factor (× the estimator’s hours)"
            value={ratio}
            onChange={setRatio}
            error={problem}
            width={90}
            autoFocus
          />
          <button type="button" className="btn small primary" onClick={() => void saveRatio()} disabled={busy}>
            Save
          </button>
          <button type="button" className="btn small" onClick={() => setRatio(null)}>
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}

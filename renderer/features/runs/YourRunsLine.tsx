/**
 * Where an estimate is shown (a milestone's phase, the Estimate screen's selected offering): the correction the lead's
 * own runs make to it, one click from the runs it was learned from, and "Record a finished run…" (issue 29 item 2).
 */
import { useEffect } from 'react';
import { formatRatio } from '../../../shared/domain/runs/corrections';
import { useProjects } from '../projects/store';
import { correctionWordsAfterRatio, estimateCorrection } from './run-form';
import { useRuns, type RunTarget } from './store';

export function YourRunsLine({
  workload,
  offeringId,
  gpuId,
  target,
  why,
  as = 'div',
}: {
  workload: Record<string, unknown> | null;
  offeringId: string | null;
  gpuId: string | null;
  /** What "Record a finished run…" records against; null with `why` when it cannot yet. */
  target: RunTarget | null;
  why?: string;
  /** 'dl': a dt/dd pair inside the explanation's definition list. */
  as?: 'div' | 'dl';
}) {
  const view = useRuns((s) => s.view);
  const load = useRuns((s) => s.load);
  const open = useRuns((s) => s.open);
  const projectId = useProjects((s) => s.projectId);
  useEffect(() => {
    if (!view || (projectId && view.projectId !== projectId)) void load();
  }, [view, projectId, load]);
  const correction = estimateCorrection(view, workload, offeringId, gpuId);
  const label = 'Your runs';
  const body = (
    <>
      {correction ? (
        <>
          <strong>corrected {formatRatio(correction.ratio)}</strong>{' '}
          <span className="muted">{correctionWordsAfterRatio(correction.text, correction.ratio)}</span>
          <button
            type="button"
            className="btn small"
            onClick={() => open({ kind: 'list', focus: { text: correction.text, runIds: correction.runIds } })}
          >
            Which runs?
          </button>
        </>
      ) : (
        <span className="muted">
          none recorded for this model here: the estimator’s figure alone
          {view && view.runs.length > 0 ? (
            <button type="button" className="btn small" onClick={() => open({ kind: 'list', focus: null })}>
              All recorded runs
            </button>
          ) : null}
        </span>
      )}
      {target ? (
        <button type="button" className="btn small" onClick={() => open({ kind: 'record', target })}>
          Record a finished run…
        </button>
      ) : why ? (
        <span className="muted"> · {why}</span>
      ) : null}
    </>
  );
  return as === 'dl' ? (
    <div className="runs-line" data-testid="your-runs">
      <dt>{label}</dt>
      <dd>{body}</dd>
    </div>
  ) : (
    <div className="runs-line" data-testid="your-runs">
      <span className="field-label">{label}</span> {body}
    </div>
  );
}

/**
 * On a milestone's phase, beside "Your runs": the GPU-hours billed for it (billing lines allocated to its track, charged
 * in its dates) against its estimate, as billed ÷ estimated (issue 29 item 2). Nothing when no GPU line is billed there.
 */
import type { RunsViewData } from '../../../shared/ipc/contract/runs';
import { useRuns } from './store';

/** The line's words beside its ratio (shown once, in bold): what was billed, when, and the estimate it is held against. */
export function billedWords(b: RunsViewData['billed'][number]): string {
  const e = b.estimatedGpuHours;
  const estimate = e ? (e.low === e.high ? `${e.high}` : `${e.low}–${e.high}`) : null;
  return `${b.billedGpuHours} GPU-h in ${b.lines} GPU line${b.lines === 1 ? '' : 's'} from ${b.start} to ${b.end}${estimate ? `, against the estimate's ${estimate} GPU-h` : ': no estimate to compare with'}`;
}

export function BilledUsageLine({ phaseId }: { phaseId: string | null }) {
  const billed = useRuns((s) => (phaseId ? s.view?.billed.find((b) => b.phaseId === phaseId) : undefined));
  if (!billed) return null;
  return (
    <div className="runs-line" data-testid="billed-usage">
      <span className="field-label">Billed usage</span>{' '}
      {billed.ratio !== null ? <strong>billed {`×${Number(billed.ratio.toPrecision(3))}`} of the estimate</strong> : null}{' '}
      <span className="muted">{billedWords(billed)}</span>
    </div>
  );
}

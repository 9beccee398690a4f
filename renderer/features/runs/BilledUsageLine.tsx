/**
 * On a milestone's phase, beside "Your runs": the GPU-hours billed for it (billing lines allocated to its track, charged
 * in its dates) against its estimate, as billed ÷ estimated (issue 29 item 2). Nothing when no GPU line is billed there.
 */
import { useRuns } from './store';

export function BilledUsageLine({ phaseId }: { phaseId: string | null }) {
  const billed = useRuns((s) => (phaseId ? s.view?.billed.find((b) => b.phaseId === phaseId) : undefined));
  if (!billed) return null;
  return (
    <div className="runs-line" data-testid="billed-usage">
      <span className="field-label">Billed usage</span>{' '}
      {billed.ratio !== null ? <strong>billed {`×${Number(billed.ratio.toPrecision(3))}`} of the estimate</strong> : null}{' '}
      <span className="muted">{billed.text}</span>
    </div>
  );
}

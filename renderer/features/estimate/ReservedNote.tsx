/** Under a reserved row's cost: it is a commitment, how much of it the run uses, and the use that beats on-demand. */
import type { OfferingCost } from '../../../shared/estimate/cost';

const pct = (x: number) => `${(x * 100).toFixed(x < 0.01 ? 2 : 0)}%`;

export function ReservedNote({ reserved }: { reserved: NonNullable<OfferingCost['reserved']> }) {
  return (
    <span className="muted est-reserved" data-testid="reserved-note">
      {' '}
      {reserved.termYears}-y commitment $
      {reserved.commitmentUsd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}, {pct(reserved.utilisation)}{' '}
      used
      {reserved.breakEvenUtilisation !== null ? ` · beats on-demand above ${pct(reserved.breakEvenUtilisation)}` : ''}
    </span>
  );
}

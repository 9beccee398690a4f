/** A reserved row's cost is a commitment: how much of it the run uses, and the use that beats on-demand. */
import type { OfferingCost } from '../../../shared/estimate/cost';

const pct = (x: number) => `${(x * 100).toFixed(x < 0.01 ? 2 : 0)}%`;

export function reservedText(reserved: NonNullable<OfferingCost['reserved']>): string {
  const commitment = reserved.commitmentUsd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const breakEven = reserved.breakEvenUtilisation !== null ? ` · beats on-demand above ${pct(reserved.breakEvenUtilisation)}` : '';
  return `${reserved.termYears}-y commitment $${commitment}, ${pct(reserved.utilisation)} used${breakEven}`;
}

/** In the table a marker (the cost column is narrow), the full sentence on hover; in the explanation the sentence. */
export function ReservedNote({ reserved, compact }: { reserved: NonNullable<OfferingCost['reserved']>; compact?: boolean }) {
  const text = reservedText(reserved);
  return compact ? (
    <span className="est-reserved-mark" title={text} aria-label={text}>
      {' '}
      †
    </span>
  ) : (
    <div className="est-reserved" data-testid="reserved-note">
      {text}
    </div>
  );
}

/**
 * Prices the app flags as inconsistent and leaves out of the estimate (issue 19 item 13): each with its reason, and a
 * switch to price them anyway.
 */
import type { LeftOutPrice } from '../../../shared/estimate/estimate';
import { PRICE_KIND_LABEL, usd } from './estimate-format';
import { readableSource } from '../../../shared/domain/source-documents';

export function LeftOutPrices(props: { leftOut: readonly LeftOutPrice[]; included: boolean; onInclude: (include: boolean) => void }) {
  const { leftOut, included } = props;
  if (leftOut.length === 0 && !included) return null;
  return (
    <div className="est-left-out small" role="note" aria-label="Prices left out">
      {leftOut.length > 0 ? (
        <>
          <strong>
            {leftOut.length} price{leftOut.length > 1 ? 's' : ''} the app flags {leftOut.length > 1 ? 'are' : 'is'} left out:
          </strong>
          <ul>
            {leftOut.map((p) => (
              <li key={`${p.offeringId}/${p.priceKind}`}>
                {p.providerName} {p.sku} {(PRICE_KIND_LABEL[p.priceKind] ?? p.priceKind).toLowerCase()} {usd(p.usd)}/
                {p.per === 'hour' ? 'h' : p.per} (as of {p.asOf}) — {readableSource(p.reason)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <strong>Flagged prices are included in this estimate.</strong>
      )}
      <label>
        <input type="checkbox" checked={included} onChange={(e) => props.onInclude(e.target.checked)} /> Include flagged prices
      </label>
    </div>
  );
}

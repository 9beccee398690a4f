/** The Catalog's discrepancies tab: what a source document says against what the primary source says. */
import type { Discrepancy } from '../../../shared/ipc/contract/catalog';
import { readableSource } from '../../../shared/domain/source-documents';

export function DiscrepancyList({ discrepancies }: { discrepancies: readonly Discrepancy[] }) {
  return (
    <div className="discrepancies">
      {discrepancies.map((d) => (
        <article key={d.id} className="panel discrepancy">
          <h3>{d.subject}</h3>
          <p>
            <span className="badge warn">document says</span> {readableSource(d.claim)}{' '}
            <span className="muted">— {readableSource(d.document)}</span>
          </p>
          <p>
            <span className="badge ok">primary source</span> {readableSource(d.primaryValue)}
          </p>
          <p className="muted small">Source: {readableSource(d.primarySource)}</p>
          {d.note && <p className="small">{readableSource(d.note)}</p>}
        </article>
      ))}
    </div>
  );
}

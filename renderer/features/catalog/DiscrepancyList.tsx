/** The Catalog's seed discrepancies tab: what a seed document says against what the primary source says. */
import type { Discrepancy } from '../../../shared/ipc/contract/catalog';

export function DiscrepancyList({ discrepancies }: { discrepancies: readonly Discrepancy[] }) {
  return (
    <div className="discrepancies">
      {discrepancies.map((d) => (
        <article key={d.id} className="panel discrepancy">
          <h3>{d.subject}</h3>
          <p>
            <span className="badge warn">seed says</span> {d.claim} <span className="muted">— {d.document}</span>
          </p>
          <p>
            <span className="badge ok">primary source</span> {d.primaryValue}
          </p>
          <p className="muted small">Source: {d.primarySource}</p>
          {d.note && <p className="small">{d.note}</p>}
        </article>
      ))}
    </div>
  );
}

/**
 * Storage and data transfer the lead states (issue 19 item 15): each line with its quantity, its cost, and the price
 * it is priced at — unit, date and source one click away. Totals are their own lines, never in the GPU cost.
 */
import type { PlanCommand } from '../../../shared/domain/plan/commands';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import type { EditorTarget } from './PlanEditors';
import { fmtMoney } from './timeline-model';
import { TableHead } from '../../ui/TableHead';
import { DeleteButton } from '../../ui/DeleteButton';

const KIND_TEXT = { dataset: 'Dataset', checkpoints: 'Checkpoints', downloads: 'Downloads (egress)' } as const;

export function DataCostsPanel({
  view,
  onOpen,
  onEdit,
}: {
  view: PlanView;
  onOpen: (target: EditorTarget) => void;
  onEdit: (command: PlanCommand) => Promise<boolean>;
}) {
  const { totals } = view.analysis;
  const trackName = new Map(view.plan.tracks.map((t) => [t.id, t.name]));
  return (
    <section className="panel" aria-label="Storage and transfer">
      <div className="panel-title">
        <strong>Storage &amp; data transfer</strong>
        <span className="muted">
          storage {fmtMoney(totals.storageUsd, totals.currency)} · transfer {fmtMoney(totals.transferUsd, totals.currency)} — own lines, not
          in the GPU cost ({fmtMoney(totals.usd, totals.currency)})
        </span>
        <span className="spacer" />
        <button type="button" className="btn" onClick={() => onOpen({ kind: 'dataCost', id: null })}>
          + Add storage or transfer
        </button>
      </div>
      {totals.dataCosts.lines.length === 0 ? (
        <p className="muted">
          No dataset size, checkpoint volume or download stated yet. Add them to count storage and egress in the plan's cost.
        </p>
      ) : (
        <table className="table" aria-label="Storage and transfer lines">
          <TableHead columns={['What', 'For', 'Quantity', 'Priced at', { label: `Cost (${totals.currency})`, num: true }, '']} />
          <tbody>
            {totals.dataCosts.lines.map((line) => (
              <tr key={line.itemId}>
                <td>
                  <strong>{line.label}</strong>
                  <div className="muted">
                    {KIND_TEXT[line.kind]} · {line.category}
                  </div>
                </td>
                <td>{line.trackId ? (trackName.get(line.trackId) ?? line.trackId) : 'whole project'}</td>
                <td>{line.quantity}</td>
                <td>
                  {line.rate ? (
                    <details>
                      <summary>
                        {line.rate.sku} — {line.rate.price}
                      </summary>
                      <div className="muted">
                        as of {line.rate.asOf} · {line.rate.region} · source: {line.rate.source}
                        <br />
                        {line.rate.notes}
                      </div>
                    </details>
                  ) : (
                    <span className="pt-bad-text">{line.unpriced}</span>
                  )}
                  {line.rate && line.unpriced && <div className="pt-bad-text">{line.unpriced}</div>}
                </td>
                <td className="num">{fmtMoney(line.usd, totals.currency)}</td>
                <td>
                  <button
                    type="button"
                    className="btn small"
                    aria-label={`Edit ${line.label}`}
                    onClick={() => onOpen({ kind: 'dataCost', id: line.itemId })}
                  >
                    Edit
                  </button>{' '}
                  <DeleteButton
                    label={`Delete ${line.label}`}
                    onDelete={() => onEdit({ type: 'remove', entity: 'dataCost', id: line.itemId })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted">How they are priced: {totals.dataCosts.rule}.</p>
    </section>
  );
}

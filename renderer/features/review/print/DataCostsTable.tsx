/** The report's storage and data-transfer lines: own lines beside the GPU cost, each with its price, date and source. */
import { dataCostsSentence } from '../../../../shared/domain/report/report-data-costs';
import type { ReportModel } from '../../../../shared/domain/report/report-model';
import { usd } from './format';
import { TableHead } from '../../../ui/TableHead';

/** The brief's one sentence (nothing when the plan states no storage or transfer). */
export function DataCostsSentence({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  const text = dataCostsSentence(model.dataCosts);
  return text ? <p data-testid="brief-data-costs">{text}</p> : null;
}

export function DataCostsTable({ model }: { model: ReportModel }) {
  const cur = model.cover.currency;
  const d = model.dataCosts;
  return (
    <div>
      <h3>Storage and data transfer (not in the GPU cost above)</h3>
      {d.lines.length === 0 ? (
        <p>The plan states no dataset size, checkpoint volume or download, so no storage or transfer is counted.</p>
      ) : (
        <table className="rp-table" aria-label="Storage and data transfer">
          <TableHead columns={['Line', 'For', 'Quantity', 'Price (as of, source)', { label: 'Cost', num: true }]} />
          <tbody>
            {d.lines.map((l, i) => (
              <tr key={i}>
                <td>
                  {l.label} ({l.category})
                </td>
                <td>{l.track}</td>
                <td>{l.quantity}</td>
                <td>
                  {l.price}
                  {l.asOf ? `, as of ${l.asOf}` : ''}; {l.source}
                </td>
                <td className="num">{usd(l.usd, cur)}</td>
              </tr>
            ))}
            <tr className="rp-total">
              <td colSpan={4}>
                GPU {usd(d.gpuUsd, cur)} + storage {usd(d.storageUsd, cur)} + transfer {usd(d.transferUsd, cur)} ={' '}
                <strong>all costs</strong>
              </td>
              <td className="num">
                <strong>{usd(d.allCostsUsd, cur)}</strong>
              </td>
            </tr>
          </tbody>
        </table>
      )}
      <p className="rp-source">
        <strong>Rule:</strong> {d.rule}.
      </p>
    </div>
  );
}

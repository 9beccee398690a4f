/**
 * Run-rates of the project's setups (seed 003's example): each setup's lines priced from the catalog at the kind the
 * setup names, on the plan's bookings, plus storage; per run, month and year, the reservation as committed, and the
 * author's figure beside the app's.
 */
import { useEffect, useState } from 'react';
import type { RunRate } from '../../../shared/domain/plan/run-rate';
import { api } from '../../app/api';
import { amountText } from '../../../shared/domain/money-format';

const usd = (v: string | null) => (v === null ? '—' : amountText('USD', v));
const authorFigure = (a: RunRate['author']) => `${a.low === a.high ? usd(a.low) : `${usd(a.low)}–${usd(a.high)}`} per ${a.per}`;
const KIND: Record<string, string> = {
  spot: 'spot',
  'on-demand': 'pay-as-you-go',
  'reserved-1y': '1-year reserved',
  'reserved-3y': '3-year reserved',
};

function lineText(l: RunRate['lines'][number]): string {
  const price = l.price
    ? `$${l.price.usd}/h (${KIND[l.priceKind] ?? l.priceKind}, as of ${l.price.asOf})`
    : `no ${l.priceKind} price in the catalog`;
  const commitment = l.commitment
    ? ` · the reservation bills ${usd(l.commitment.usdPerMonth)}/month whatever the use: ${(l.commitment.utilisation * 100).toFixed(1)}% used`
    : '';
  return `${l.offeringId}: ${l.boxHours.toLocaleString('en-US')} h × ${price} = ${usd(l.usd)}${commitment}`;
}

export function RunRatesPanel({ projectId, revision }: { projectId: string; revision: number }) {
  const [rates, setRates] = useState<RunRate[]>([]);
  useEffect(() => {
    let live = true;
    void api.plan.getRunRates({ projectId }).then((r) => live && setRates(r.ok ? r.value.runRates : []));
    return () => {
      live = false;
    };
  }, [projectId, revision]);
  if (rates.length === 0) return null;
  return (
    <section className="panel" aria-label="Run-rates">
      <div className="panel-title">
        <strong>Run-rates: cost per month and per year of each setup</strong>
        <span className="muted">
          catalog prices × this plan’s bookings, at the price kind each setup names, plus storage · the author’s figure beside the app’s
        </span>
      </div>
      <table className="data run-rates">
        <thead>
          <tr>
            <th>Setup</th>
            <th>Compute lines (hours from the bookings)</th>
            <th>Storage /month</th>
            <th>App: per run / month</th>
            <th>App: per year</th>
            <th>Reserved as committed /month</th>
            <th>Author</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((r) => (
            <tr key={r.id} data-run-rate={r.id}>
              <td>
                <strong>{r.name}</strong>
              </td>
              <td className="pt-basis">
                {r.lines.map((l) => (
                  <div key={`${l.trackId}|${l.offeringId}|${l.priceKind}`}>{lineText(l)}</div>
                ))}
              </td>
              <td title={r.storage.map((s) => `${s.label}: ${usd(s.usdPerMonth)} (${s.source})`).join('\n')}>
                {usd(r.storageUsdPerMonth)}
              </td>
              <td>
                <strong>{r.period === 'run' ? `${usd(r.usdPerRun)} per run` : `${usd(r.usdPerMonth)}/month`}</strong>
              </td>
              <td>{r.period === 'run' ? '—' : usd(r.usdPerYear)}</td>
              <td>{r.period === 'run' ? '—' : usd(r.usdPerMonthAsCommitted)}</td>
              <td title={r.author.text}>{authorFigure(r.author)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

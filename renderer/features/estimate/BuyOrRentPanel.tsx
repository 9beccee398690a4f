/** Buy or rent for the selected machine: break-even runs a month against each rental, seed 003's rule, cumulative cost. */
import { useMemo, useState } from 'react';
import { buyVsRent } from '../../../shared/estimate/buy-vs-rent';
import type { WorkloadEstimate } from '../../../shared/estimate/estimate';
import { NumberField, parseNumber } from '../../ui/Field';
import { SettingsNote } from '../settings/SettingsDialog';
import { selectCostSettings, useSettings } from '../settings/store';
import { CumulativeCostChart } from './CumulativeCostChart';

const thisMonth = () => new Date().toISOString().slice(0, 7);

export function BuyOrRentPanel({ estimate, purchaseKey }: { estimate: WorkloadEstimate; purchaseKey: string }) {
  const settings = useSettings(selectCostSettings);
  const [runsText, setRunsText] = useState('10');
  const runs = parseNumber(runsText);
  const runsError = runs === null || runs <= 0 || runs > 10_000 ? 'a number of runs above 0' : undefined;
  const result = useMemo(
    () => buyVsRent(estimate, purchaseKey, settings, runsError ? 10 : runs!, thisMonth()),
    [estimate, purchaseKey, settings, runs, runsError],
  );
  if (!result) return null;
  const m = result.machine;
  return (
    <section className="panel est-buy-rent" aria-label="Buy or rent">
      <div className="panel-title">
        <strong>Buy or rent: {m.label}</strong>
        <span className="muted">
          ${m.purchaseUsd.toLocaleString('en-US')} over {m.lifetimeYears} y, {m.powerWatts} W, {m.hoursPerRun.toFixed(2)} h a run ·{' '}
          <SettingsNote />
        </span>
      </div>
      <div className="est-buy-rent-body">
        <div>
          <NumberField id="buy-rent-runs" label="Runs a month" value={runsText} onChange={setRunsText} error={runsError} width={90} />
          <h4>Break-even against each rental</h4>
          <ul className="est-breakevens">
            {result.breakEvens.map((b) => (
              <li key={b.rental.key}>{b.text}</li>
            ))}
          </ul>
          <p data-testid="seed-rule">
            <strong>The rule of the source document “Training Hardware Recommendations and Azure Costing”</strong> ({result.seedRule.rule}):{' '}
            {result.seedRule.verdict}
          </p>
        </div>
        <CumulativeCostChart series={result.series} runsPerMonth={result.runsPerMonth} />
      </div>
    </section>
  );
}

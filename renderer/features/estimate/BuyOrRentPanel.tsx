/** Buy or rent for the selected machine: break-even runs a month against each rental, seed 003's rule, cumulative cost. */
import { useMemo, useState } from 'react';
import { buyVsRent, rentableOfferings } from '../../../shared/estimate/buy-vs-rent';
import type { WorkloadEstimate } from '../../../shared/estimate/estimate';
import { Field, NumberField, parseNumber } from '../../ui/Field';
import { SettingsNote } from '../settings/SettingsDialog';
import { selectCostSettings, useSettings } from '../settings/store';
import { CumulativeCostChart } from './CumulativeCostChart';

const thisMonth = () => new Date().toISOString().slice(0, 7);

export function BuyOrRentPanel({ estimate, purchaseKey }: { estimate: WorkloadEstimate; purchaseKey: string }) {
  const settings = useSettings(selectCostSettings);
  const [runsText, setRunsText] = useState('10');
  const runs = parseNumber(runsText);
  const runsError = runs === null || runs <= 0 || runs > 10_000 ? 'a number of runs above 0' : undefined;
  // The lead's own choices (issue 31 item 8): a rental to compare with, and hours a run instead of the estimator's.
  const [rental, setRental] = useState('');
  const [hoursText, setHoursText] = useState('');
  const [rentalHoursText, setRentalHoursText] = useState('');
  const hoursOf = (text: string) => {
    if (text.trim() === '') return { value: undefined, error: undefined };
    const n = parseNumber(text);
    return n === null || n <= 0 || n > 100_000
      ? { value: undefined, error: 'a number of hours above 0, or empty' }
      : { value: n, error: undefined };
  };
  const hours = hoursOf(hoursText);
  const rentalHours = hoursOf(rentalHoursText);
  const rentals = useMemo(() => rentableOfferings(estimate.ranking), [estimate]);
  const result = useMemo(
    () =>
      buyVsRent(estimate, purchaseKey, settings, runsError ? 10 : runs!, thisMonth(), 36, {
        rentalOfferingIds: rental ? [rental] : undefined,
        hoursPerRun: hours.value,
        rentalHoursPerRun: rentalHours.value,
      }),
    [estimate, purchaseKey, settings, runs, runsError, rental, hours.value, rentalHours.value],
  );
  if (!result) return null;
  const m = result.machine;
  return (
    <section className="panel est-buy-rent" aria-label="Buy or rent">
      <div className="panel-title">
        <strong>Buy or rent: {m.label}</strong>
        <span className="muted">
          ${m.purchaseUsd.toLocaleString('en-US')} over {m.lifetimeYears} y, {m.powerWatts} W, {m.hoursPerRun.toFixed(2)} h a run
          {m.hoursSource === 'yours' ? ' (your figure)' : ''} · <SettingsNote />
        </span>
      </div>
      <div className="est-buy-rent-body">
        <div>
          <div className="est-buy-rent-fields">
            <NumberField id="buy-rent-runs" label="Runs a month" value={runsText} onChange={setRunsText} error={runsError} width={90} />
            <Field id="buy-rent-rental" label="Rent instead" hint="its on-demand and spot">
              <select id="buy-rent-rental" className="input" value={rental} onChange={(e) => setRental(e.target.value)}>
                <option value="">The 5 cheapest fitting rentals</option>
                {rentals.map((o) => (
                  <option key={o.offeringId} value={o.offeringId}>
                    {o.label}
                  </option>
                ))}
              </select>
            </Field>
            <NumberField
              id="buy-rent-hours"
              label="Your hours a run"
              hint="empty: the estimate's"
              value={hoursText}
              onChange={setHoursText}
              error={hours.error}
              width={80}
            />
            <NumberField
              id="buy-rent-rental-hours"
              label="On the rental"
              hint="empty: as on the machine"
              value={rentalHoursText}
              onChange={setRentalHoursText}
              error={rentalHours.error}
              width={80}
            />
          </div>
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

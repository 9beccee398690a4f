/**
 * Buy or rent, over months: the runs a month from which a bought machine pays for itself against renting, the
 * utilisation that takes, and the cumulative cost of each over its lifetime (36 months by default). Seed 003's rule of
 * thumb ("cloud under about 10 trainings a month, local over 20") is checked against it. Money in big.js.
 */
import { offerLabel } from '../domain/offer-label';
import Big from 'big.js';
import { addMonths, parseISO } from 'date-fns';
import type { RankedRow, WorkloadEstimate } from './estimate';
import type { CostSettings } from '../domain/settings/cost-settings';
import { moneyFigure } from '../domain/money-format';

/** Hours in an average month (8,760 ÷ 12). */
export const HOURS_PER_MONTH = 730;

export interface LocalMachine {
  label: string;
  purchaseUsd: number;
  lifetimeYears: number;
  /** Whole-box power under load, watts. */
  powerWatts: number;
  electricityUsdPerKwh: number;
  /** Hours one training run takes on the machine. */
  hoursPerRun: number;
  /** Whose the hours a run are: the estimator's, or the lead's own figure (`--hours`, the panel's hours field). */
  hoursSource?: 'estimate' | 'yours';
  /** Largest share of a month's 730 h the machine can train (0–1); runs beyond it do not fit. */
  maxUtilisation: number;
}

export interface RentalOption {
  key: string;
  label: string;
  /** Cost of one run on the rental, USD. */
  usdPerRun: number;
}

export interface BuyVsRentBreakEven {
  rental: RentalOption;
  electricityPerRunUsd: number;
  /** Purchase ÷ lifetime months: what owning costs a month whether used or not. */
  purchasePerMonthUsd: number;
  /** Runs a month from which buying costs less over the lifetime; null when renting a run costs no more than its electricity. */
  runsPerMonth: number | null;
  /** Machine hours a month those runs take, and that as a share of the month's 730 h. */
  hoursPerMonth: number | null;
  utilisation: number | null;
  /** false when the break-even needs more hours than the machine's maximum utilisation allows. */
  reachable: boolean;
  text: string;
}

const usd = (v: number) => moneyFigure('USD', v);
const round = (b: Big, dp: number) => Number(b.round(dp, Big.roundHalfUp));

/** Electricity of one run on the machine: kW × hours × $/kWh. */
export function electricityPerRun(m: LocalMachine): Big {
  return new Big(m.powerWatts).div(1000).times(m.hoursPerRun).times(m.electricityUsdPerKwh);
}

export function breakEvenRunsPerMonth(m: LocalMachine, rental: RentalOption): BuyVsRentBreakEven {
  const months = m.lifetimeYears * 12;
  const perMonth = new Big(m.purchaseUsd).div(months);
  const electricity = electricityPerRun(m);
  const saving = new Big(rental.usdPerRun).minus(electricity);
  const base = { rental, electricityPerRunUsd: round(electricity, 4), purchasePerMonthUsd: round(perMonth, 2) };
  if (saving.lte(0))
    return {
      ...base,
      runsPerMonth: null,
      hoursPerMonth: null,
      utilisation: null,
      reachable: false,
      text: `${rental.label} costs ${usd(rental.usdPerRun)} a run, no more than the machine's electricity (${usd(round(electricity, 2))}): buying never pays off.`,
    };
  const runs = perMonth.div(saving);
  const hours = runs.times(m.hoursPerRun);
  const utilisation = hours.div(HOURS_PER_MONTH);
  const reachable = utilisation.lte(m.maxUtilisation);
  const runsText = round(runs, 1).toLocaleString('en-US');
  return {
    ...base,
    runsPerMonth: round(runs, 2),
    hoursPerMonth: round(hours, 1),
    utilisation: round(utilisation, 4),
    reachable,
    text:
      `Against ${rental.label} at ${usd(rental.usdPerRun)} a run: buying pays off from ${runsText} runs a month ` +
      `(${round(runs.times(months), 0).toLocaleString('en-US')} over ${m.lifetimeYears} y), ${round(hours, 0).toLocaleString('en-US')} h a month = ` +
      `${(round(utilisation, 3) * 100).toFixed(1)}% of the machine's time` +
      (reachable ? '.' : ` — more than the ${(m.maxUtilisation * 100).toFixed(0)}% it can train: buying does not pay off.`),
  };
}

export interface CostSeries {
  key: string;
  label: string;
  /** One point a month: month index (1 = end of the first month), its month (YYYY-MM) and the cumulative cost, USD. */
  points: Array<{ month: number; date: string; usd: number }>;
}

/** Cumulative cost month by month: the machine (bought at the start, plus electricity) and each rental. */
export function cumulativeCosts(
  m: LocalMachine,
  rentals: readonly RentalOption[],
  runsPerMonth: number,
  startMonth: string,
  months = 36,
): CostSeries[] {
  // mid-month, so that no time zone moves a point into the month before
  const start = parseISO(`${startMonth}-15T12:00:00Z`);
  const series = (key: string, label: string, upfront: Big, perMonth: Big): CostSeries => ({
    key,
    label,
    points: Array.from({ length: months + 1 }, (_, i) => ({
      month: i,
      date: addMonths(start, i).toISOString().slice(0, 7),
      usd: round(upfront.plus(perMonth.times(i)), 2),
    })),
  });
  const local = series('local', m.label, new Big(m.purchaseUsd), electricityPerRun(m).times(runsPerMonth));
  return [local, ...rentals.map((r) => series(r.key, r.label, new Big(0), new Big(r.usdPerRun).times(runsPerMonth)))];
}

export interface SeedRuleCheck {
  /** Seed 003: "Use Cloud if training < 10 times per month … Buy Local Hardware if training > 20 times per month". */
  rule: string;
  breakEvens: BuyVsRentBreakEven[];
  holds: boolean;
  verdict: string;
}

/** Seed 003's rule against the calculator: it holds for a rental when that rental's break-even lies between 10 and 20 runs a month. */
export function checkSeedRule(m: LocalMachine, rentals: readonly RentalOption[]): SeedRuleCheck {
  const breakEvens = rentals.map((r) => breakEvenRunsPerMonth(m, r));
  const within = (b: BuyVsRentBreakEven) => b.runsPerMonth !== null && b.reachable && b.runsPerMonth >= 10 && b.runsPerMonth <= 20;
  const holds = breakEvens.every(within);
  const parts = breakEvens.map((b) =>
    b.runsPerMonth === null
      ? `against ${b.rental.label} buying never pays off`
      : !b.reachable
        ? `against ${b.rental.label} buying would need ${b.runsPerMonth.toFixed(0)} runs a month, more than the machine can train`
        : `against ${b.rental.label} buying pays off from ${b.runsPerMonth.toFixed(1)} runs a month${within(b) ? ' (within the rule)' : b.runsPerMonth < 10 ? ' (below 10: the rule keeps renting too long)' : ' (above 20: the rule buys too early)'}`,
  );
  return {
    rule: 'cloud under about 10 trainings a month, local over 20',
    breakEvens,
    holds,
    verdict: `${holds ? 'Holds' : 'Does not hold'} for ${m.label} at ${usd(m.purchaseUsd)}, ${m.powerWatts} W, $${m.electricityUsdPerKwh}/kWh, ${round(new Big(m.hoursPerRun), 2)} h a run over ${m.lifetimeYears} y: ${parts.join('; ')}.`,
  };
}

const rentalLabel = (r: RankedRow, hours: number | undefined) =>
  `${offerLabel(r.providerName, r.sku)} (${r.priceKind}${hours === undefined ? '' : `, your ${hours} h a run`})`;

/** A rental's cost of one run: the estimate's, or at the lead's hours a run (hours paid, spot rework included) its hourly price × instances × those hours. */
function usdPerRun(r: RankedRow, hours: number | undefined): number {
  if (hours === undefined) return r.usd;
  return round(new Big(r.price.usd).times(r.setup?.instances ?? 1).times(hours), 4);
}

/** Rentals compared with a machine: the cheapest fitting run of each offering, hourly on-demand or spot (a reservation is a commitment, not a per-run price). */
export function rentalOptions(rows: readonly RankedRow[], limit = 5, hoursPerRun?: number): RentalOption[] {
  const best = new Map<string, RankedRow>();
  for (const r of rows) {
    if (!r.fits || r.price.per !== 'hour' || (r.priceKind !== 'on-demand' && r.priceKind !== 'spot')) continue;
    const seen = best.get(r.offeringId);
    if (!seen || r.usd < seen.usd) best.set(r.offeringId, r);
  }
  return [...best.values()]
    .sort((a, b) => a.usd - b.usd)
    .slice(0, limit)
    .map((r) => ({ key: r.key, label: rentalLabel(r, hoursPerRun), usdPerRun: usdPerRun(r, hoursPerRun) }));
}

/** Offerings an estimate can rent by the hour (on-demand or spot): the choices of `--rental` and of the panel's rental select. */
export function rentableOfferings(rows: readonly RankedRow[]): Array<{ offeringId: string; label: string }> {
  const seen = new Map<string, string>();
  for (const r of rows)
    if (r.price.per === 'hour' && (r.priceKind === 'on-demand' || r.priceKind === 'spot') && !seen.has(r.offeringId))
      seen.set(r.offeringId, offerLabel(r.providerName, r.sku));
  return [...seen].map(([offeringId, label]) => ({ offeringId, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The rentals of the offerings the lead names, in the order named: each one's on-demand and spot runs (whether they fit the batch or not: the lead chose them). */
export function namedRentalOptions(rows: readonly RankedRow[], offeringIds: readonly string[], hoursPerRun?: number): RentalOption[] {
  return offeringIds.flatMap((id) =>
    rows
      .filter((r) => r.offeringId === id && r.price.per === 'hour' && (r.priceKind === 'on-demand' || r.priceKind === 'spot'))
      .sort((a, b) => (a.priceKind === b.priceKind ? 0 : a.priceKind === 'on-demand' ? -1 : 1))
      .map((r) => ({
        key: r.key,
        label: rentalLabel(r, hoursPerRun) + (r.fits ? '' : ' — does not fit the batch'),
        usdPerRun: usdPerRun(r, hoursPerRun),
      })),
  );
}

/** The machine of a purchase row of an estimate, priced with the settings' lifetime, electricity and hours a year. */
export function localMachineOf(purchase: RankedRow, settings: CostSettings, hoursPerRun?: number): LocalMachine {
  return {
    label: purchase.sku,
    purchaseUsd: purchase.price.usd,
    lifetimeYears: settings.purchaseLifetimeYears,
    powerWatts: purchase.powerWatts ?? 0,
    electricityUsdPerKwh: settings.electricityUsdPerKwh,
    hoursPerRun: hoursPerRun ?? purchase.hours,
    hoursSource: hoursPerRun === undefined ? 'estimate' : 'yours',
    maxUtilisation: Math.min(1, settings.purchaseHoursPerYear / (HOURS_PER_MONTH * 12)),
  };
}

export interface BuyVsRent {
  machine: LocalMachine;
  rentals: RentalOption[];
  breakEvens: BuyVsRentBreakEven[];
  seedRule: SeedRuleCheck;
  runsPerMonth: number;
  series: CostSeries[];
  /** Named rental offerings (`--rental`) that the estimate cannot rent by the hour. */
  unknownRentals: string[];
}

/** The lead's own choices: the rentals to compare with, and hours a run instead of the estimator's. */
export interface BuyVsRentChoice {
  /** Offerings whose on-demand and spot runs are compared (instead of the five cheapest fitting rentals). */
  rentalOfferingIds?: readonly string[];
  /** Hours a run, the lead's figure: on the machine, and on the rentals unless `rentalHoursPerRun` is given. */
  hoursPerRun?: number;
  /** Hours a run on the rentals, the lead's figure (seed 003: 13 h on the RTX 4090 box, 10 h on the NC6s v3). */
  rentalHoursPerRun?: number;
}

/** Everything the "Buy or rent" panel and `gpu-planner estimate buy-vs-rent` show for a purchase row. */
export function buyVsRent(
  estimate: Pick<WorkloadEstimate, 'ranking'>,
  purchaseKey: string,
  settings: CostSettings,
  runsPerMonth: number,
  startMonth: string,
  months = 36,
  choice: BuyVsRentChoice = {},
): BuyVsRent | null {
  const purchase = estimate.ranking.find((r) => r.key === purchaseKey && r.priceKind === 'purchase');
  if (!purchase) return null;
  const machine = localMachineOf(purchase, settings, choice.hoursPerRun);
  const rentalHours = choice.rentalHoursPerRun ?? choice.hoursPerRun;
  const named = choice.rentalOfferingIds?.length ? [...new Set(choice.rentalOfferingIds)] : null;
  const rentable = new Set(rentableOfferings(estimate.ranking).map((o) => o.offeringId));
  const rentals = named ? namedRentalOptions(estimate.ranking, named, rentalHours) : rentalOptions(estimate.ranking, 5, rentalHours);
  const seedRule = checkSeedRule(machine, rentals);
  return {
    machine,
    rentals,
    breakEvens: seedRule.breakEvens,
    seedRule,
    runsPerMonth,
    series: cumulativeCosts(machine, rentals, runsPerMonth, startMonth, months),
    unknownRentals: named ? named.filter((id) => !rentable.has(id)) : [],
  };
}

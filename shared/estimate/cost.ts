/**
 * Cost of a training run on an offering, for each of its dated prices: on-demand, spot (with the expected rework
 * of interruptions), reserved, subscription (months needed) and a local purchase (amortized + electricity).
 * Money is computed with big.js and rounded once, at the end.
 */
import Big from 'big.js';
import type { Gpu, OfferingWithPrices, Price, PriceKind } from '../domain/catalog';
import { describeReserved, reservedCommitment, reservedTermYears, type ReservedCommitment } from '../domain/reserved';
import { DEFAULT_COST_SETTINGS, purchaseLifetimeHours, type CostSettings } from '../domain/settings/cost-settings';
import { cheapestTopUps } from '../domain/plan/subscription-pricing';
import { subscriptionOf, unitWord } from '../domain/subscriptions';
import { readableSource } from '../domain/source-documents';

export const COST_ASSUMPTIONS = {
  ...DEFAULT_COST_SETTINGS,
  /** interruptions per hour of a spot/preemptible instance (stated assumption: about one per 20 h; providers publish 5–20% per month-long bands). */
  spotInterruptionsPerHour: 0.05,
  /** minutes to get a new spot instance running again after an interruption. */
  spotRestartMinutes: 10,
  /** hours of a subscription usable per day (session limits), for the months needed. */
  subscriptionHoursPerDay: 24,
  /** machine-hours a month a reservation is used in all, this run included (0: this run only — the whole commitment is its cost). */
  reservedHoursPerMonth: 0,
} as const;
/** The estimator's assumptions: the shared cost settings (electricity, lifetime, hours a year) plus its own. */
export type CostAssumptions = Flat<
  CostSettings & {
    spotInterruptionsPerHour: number;
    spotRestartMinutes: number;
    subscriptionHoursPerDay: number;
    reservedHoursPerMonth: number;
  }
>;
/** One object type instead of an intersection (the same type, said flat: the contract's schema check compares them). */
type Flat<T> = { [K in keyof T]: T[K] };

export interface OfferingCost {
  offeringId: string;
  providerName: string;
  sku: string;
  gpuId: string;
  gpuCount: number;
  priceKind: PriceKind;
  /** total cost of the run, USD (point figure) and the range where the catalog has one. */
  usd: number;
  usdLow: number | null;
  usdHigh: number | null;
  /** wall-clock hours paid (training hours plus spot rework). */
  hours: number;
  /** the price used: figure, unit, date and source. */
  price: { usd: number; per: Price['per']; asOf: string; source: string };
  asOf: string;
  source: string;
  /** how the cost was computed, with every assumption. */
  basis: string;
  /** a purchase: the whole box's power under load, watts (the offering's figure, else GPUs' board power + host). */
  powerWatts?: number;
  /** a reservation: what is committed, how much of it this use fills, and the utilisation that beats on-demand. */
  reserved?: { termYears: number; commitmentUsd: number; hoursUsed: number; utilisation: number; breakEvenUtilisation: number | null };
}

/** GPU-hours a month a subscription includes, where its notes say ("about 55 T4-hours a month", or "100 compute units … 1.8 CU/h"). */
export function includedHoursPerMonth(notes: string): number | null {
  const direct = /about (\d+(?:\.\d+)?) [\w-]*hours a month/i.exec(notes);
  if (direct) return Number(direct[1]);
  const units = /(\d+) compute units/i.exec(notes) ?? /compute units \((\d+)\/month\)/i.exec(notes);
  const rate = /(\d+(?:\.\d+)?) CU\/h/i.exec(notes);
  if (units && rate && Number(rate[1]) > 0) return Number(units[1]) / Number(rate[1]);
  return null;
}

function money(b: Big): number {
  const n = Number(b.abs().gte(1) ? b.round(2) : b.round(4));
  return Number.isFinite(n) ? n : 0;
}

export function costOfRun(
  hours: number,
  offering: OfferingWithPrices,
  price: Price,
  gpu: Gpu | undefined,
  checkpointEveryMinutes: number,
  assumptions: CostAssumptions = COST_ASSUMPTIONS,
): OfferingCost | null {
  if (!Number.isFinite(hours) || hours < 0) return null;
  const h = new Big(hours.toFixed(6));
  const per = (x: number | null) => (x === null ? null : new Big(x));
  let wallHours = hours;
  let factor: (usd: Big) => Big;
  let basis: string;
  let reserved: OfferingCost['reserved'];
  let powerWatts: number | undefined;
  switch (price.kind) {
    case 'spot': {
      const reworkHours = (checkpointEveryMinutes / 2 + assumptions.spotRestartMinutes) / 60;
      const overhead = assumptions.spotInterruptionsPerHour * reworkHours;
      wallHours = hours * (1 + overhead);
      factor = (usd) => usd.times(wallHours.toFixed(6));
      basis = `spot $${price.usd}/h × ${wallHours.toFixed(2)} h (training ${hours.toFixed(2)} h + rework: ${assumptions.spotInterruptionsPerHour} interruptions/h × (checkpoint every ${checkpointEveryMinutes} min ÷ 2 + ${assumptions.spotRestartMinutes} min restart))`;
      break;
    }
    case 'subscription': {
      const sessionHours = assumptions.subscriptionHoursPerDay * 30;
      const allowance = subscriptionOf(offering.id);
      if (allowance && allowance.subscription.unitsPerMonth > 0) {
        // The catalog's allowance (issue 25 item 5): each month its fee, and the top-up packs its share of the units needs.
        const { subscription: sub, rate } = allowance;
        const unit = unitWord(sub.unit);
        const months = Math.max(1, Math.ceil(hours / sessionHours));
        const unitsPerMonth = new Big((hours / months).toFixed(6)).times(rate.unitsPerHour);
        const packs = cheapestTopUps(unitsPerMonth.minus(sub.unitsPerMonth), sub.topUps);
        const packUsd = (packs ?? []).reduce((sum, t) => sum.plus(new Big(t.usd).times(t.count)), new Big(0));
        factor = (usd) => usd.plus(packUsd).times(months);
        const bought = packs?.length ? ` + ${packs.map((t) => `${t.count} × ${t.units} ${unit} top-up at $${t.usd}`).join(' + ')}` : '';
        const short = packs === null && unitsPerMonth.gt(sub.unitsPerMonth) ? '; more than the allowance and no top-up to buy' : '';
        basis = `subscription $${price.usd}/${price.per}${bought} × ${months} month${months > 1 ? 's' : ''} (${hours.toFixed(2)} h × ${rate.unitsPerHour} ${unit}/h = ${unitsPerMonth.times(months).round(2).toString()} ${unit}; ${sub.name} includes ${sub.unitsPerMonth} ${unit} a month, about ${Math.round(sub.unitsPerMonth / rate.unitsPerHour)} GPU-hours: catalog allowance as of ${rate.asOf})${short}`;
        break;
      }
      const hourly = offering.prices.find((x) => x.kind === 'on-demand' && x.per === 'hour' && x.usd > 0);
      const fromNotes = includedHoursPerMonth(`${price.notes ?? ''} ${offering.notes ?? ''}`);
      // compute units are spent per GPU-hour: the subscription buys what its price pays at the offering's hourly rate
      const included = fromNotes ?? (hourly ? price.usd / hourly.usd : null);
      const monthHours = Math.min(sessionHours, included ?? Infinity);
      const months = Math.max(1, Math.ceil(hours / monthHours));
      factor = (usd) => usd.times(months);
      basis = `subscription $${price.usd}/${price.per} × ${months} month${months > 1 ? 's' : ''} (${hours.toFixed(2)} h at ${included !== null ? `the ~${Math.round(included)} GPU-hours a month its compute units buy${fromNotes === null && hourly ? ` ($${price.usd} ÷ $${hourly.usd}/h)` : ''}` : `up to ${assumptions.subscriptionHoursPerDay} h/day of sessions; no usage cap stated`})${price.notes ? `; ${price.notes}` : ''}${offering.notes ? `; ${offering.notes}` : ''}`;
      break;
    }
    case 'purchase': {
      const lifetimeHours = purchaseLifetimeHours(assumptions);
      const watts = offering.powerWatts ?? (gpu?.tdpWatts ?? 300) * offering.gpuCount + assumptions.hostWatts;
      powerWatts = watts;
      const kwh = (watts / 1000) * hours;
      const electricity = new Big(kwh.toFixed(6)).times(assumptions.electricityUsdPerKwh);
      factor = (usd) => usd.div(lifetimeHours).times(h).plus(electricity);
      basis = `purchase $${price.usd} amortized over ${assumptions.purchaseLifetimeYears} y × ${assumptions.purchaseHoursPerYear} h/y (${lifetimeHours} h) × ${hours.toFixed(2)} h + electricity ${watts} W × ${hours.toFixed(2)} h × $${assumptions.electricityUsdPerKwh}/kWh = $${electricity.toFixed(2)}`;
      break;
    }
    default: {
      if (price.per !== 'hour') return null;
      const termYears = reservedTermYears(price.kind);
      if (termYears !== null) {
        const commitment = reservedOf(hours, termYears, price, offering, assumptions);
        // this run's share of the commitment: commitment × run hours ÷ hours used in the term
        const share = new Big(commitment.termHours * commitment.reservations)
          .times(hours.toFixed(6))
          .div(Math.max(hours, commitment.hoursUsed) || 1);
        factor = (usd) => usd.times(share);
        reserved = {
          termYears,
          commitmentUsd: money(commitment.commitmentUsd),
          hoursUsed: commitment.hoursUsed,
          utilisation: commitment.utilisation,
          breakEvenUtilisation: commitment.breakEvenUtilisation,
        };
        basis = `${describeReserved(price.usd, commitment)}; this run's ${hours.toFixed(2)} h carry ${hours >= commitment.hoursUsed ? 'all of it' : 'their share'}`;
        break;
      }
      factor = (usd) => usd.times(h);
      basis = `${price.kind} $${price.usd}/h × ${hours.toFixed(2)} h`;
    }
  }
  if (offering.gpuCount > 1)
    basis +=
      price.per === 'hour'
        ? `; $${price.usd}/h is the price of the whole ${offering.gpuCount}-GPU instance (instance-hour), $${Math.round((price.usd / offering.gpuCount) * 1e4) / 1e4} per GPU-hour`
        : `; the price is of the whole ${offering.gpuCount}-GPU machine`;
  const low = per(price.usdLow);
  const high = per(price.usdHigh);
  return {
    offeringId: offering.id,
    providerName: offering.providerName,
    sku: offering.sku,
    gpuId: offering.gpuId,
    gpuCount: offering.gpuCount,
    priceKind: price.kind,
    usd: money(factor(new Big(price.usd))),
    usdLow: low ? money(factor(low)) : null,
    usdHigh: high ? money(factor(high)) : null,
    hours: Math.round(wallHours * 1e4) / 1e4,
    price: { usd: price.usd, per: price.per, asOf: price.asOf, source: price.source },
    asOf: price.asOf,
    source: price.source,
    basis: `${basis}; price as of ${price.asOf} (${readableSource(price.source)})`,
    ...(reserved ? { reserved } : {}),
    ...(powerWatts !== undefined ? { powerWatts } : {}),
  };
}

/** The reservation behind a reserved price: hours used in its term are this run plus the stated monthly use. */
function reservedOf(
  hours: number,
  termYears: number,
  price: Price,
  offering: OfferingWithPrices,
  assumptions: CostAssumptions,
): ReservedCommitment {
  const onDemand = offering.prices.find((x) => x.kind === 'on-demand' && x.per === 'hour' && x.usd > 0);
  const otherUse = assumptions.reservedHoursPerMonth * 12 * termYears;
  return reservedCommitment(price.usd, termYears, Math.max(hours, otherUse), onDemand?.usd ?? null);
}

/**
 * Monthly run-rates of setups (seed 003's recommended setups and its research-lab mix): each line prices a track's
 * bookings on one offering at one price kind from the catalog, plus the setup's storage per month; then per month and
 * per year, with the author's figure beside the app's. A reserved line also shows what the commitment bills (every
 * hour of the term, used or not) and the utilisation it assumes.
 */
import Big from 'big.js';
import { z } from 'zod';
import { toMoney } from './pricing';
import type { Plan, PlanCatalog } from './types';
import { readableSource } from '../source-documents';

const money = z.string().regex(/^\d+(\.\d+)?$/, 'a decimal amount');
export const runRateSetupSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  /** 'run': one training run (no monthly rate); 'month': the bookings cover `months` months. */
  period: z.enum(['run', 'month']),
  months: z.number().positive(),
  lines: z.array(z.object({ trackId: z.string(), offeringId: z.string(), priceKind: z.string() })).min(1),
  storage: z.array(z.object({ label: z.string(), usdPerMonth: money, source: z.string() })),
  author: z.object({ low: money, high: money, per: z.enum(['run', 'month', 'year']), text: z.string() }),
});
export type RunRateSetup = z.infer<typeof runRateSetupSchema>;
export const runRatesFileSchema = z.object({ runRates: z.array(runRateSetupSchema).default([]) });

export const HOURS_PER_YEAR = 8760;

export const runRateSchema = z.object({
  id: z.string(),
  name: z.string(),
  period: z.enum(['run', 'month']),
  lines: z.array(
    z.object({
      trackId: z.string(),
      offeringId: z.string(),
      priceKind: z.string(),
      boxHours: z.number(),
      price: z.object({ usd: z.string(), asOf: z.string(), source: z.string() }).nullable(),
      usd: z.string(),
      commitment: z.object({ usdPerMonth: z.string(), utilisation: z.number() }).nullable(),
    }),
  ),
  storageUsdPerMonth: z.string(),
  storage: runRateSetupSchema.shape.storage,
  usdPerRun: z.string().nullable(),
  usdPerMonth: z.string().nullable(),
  usdPerYear: z.string().nullable(),
  usdPerMonthAsCommitted: z.string().nullable(),
  author: runRateSetupSchema.shape.author,
  unpriced: z.array(z.string()),
});

export interface RunRateLine {
  trackId: string;
  offeringId: string;
  priceKind: string;
  /** hours of the whole offering (booked GPU-hours ÷ the offering's GPUs) over the setup's period */
  boxHours: number;
  price: { usd: string; asOf: string; source: string } | null;
  usd: string;
  /** reserved kinds: what the term bills a month (8,760 h × rate ÷ 12) and the share of it the bookings use */
  commitment: { usdPerMonth: string; utilisation: number } | null;
}

export interface RunRate {
  id: string;
  name: string;
  period: RunRateSetup['period'];
  lines: RunRateLine[];
  storageUsdPerMonth: string;
  storage: RunRateSetup['storage'];
  /** 'run': the run's compute; else compute ÷ months + storage */
  usdPerRun: string | null;
  usdPerMonth: string | null;
  usdPerYear: string | null;
  /** the same with every reserved line billed as its commitment */
  usdPerMonthAsCommitted: string | null;
  author: RunRateSetup['author'];
  unpriced: string[];
}

export function computeRunRate(plan: Plan, catalog: PlanCatalog, setup: RunRateSetup): RunRate {
  const offerings = new Map(catalog.offerings.map((o) => [o.id, o]));
  const unpriced: string[] = [];
  let compute = new Big(0);
  let committed = new Big(0);
  const lines = setup.lines.map((line): RunRateLine => {
    const offering = offerings.get(line.offeringId);
    const price = offering?.prices.find((p) => p.kind === line.priceKind && p.per === 'hour');
    const gpuHours = plan.allocations
      .filter((a) => a.trackId === line.trackId && a.offeringId === line.offeringId)
      .reduce((s, a) => s.plus(new Big(a.hours).times(a.gpuCount)), new Big(0));
    const boxHours = offering ? gpuHours.div(offering.gpuCount) : gpuHours;
    if (!offering || !price) {
      unpriced.push(`${line.offeringId} (${line.priceKind})`);
      return { ...line, boxHours: Number(boxHours), price: null, usd: '0.00', commitment: null };
    }
    const usd = boxHours.times(price.usd);
    compute = compute.plus(usd);
    const reserved = line.priceKind.startsWith('reserved');
    const perMonth = new Big(price.usd).times(HOURS_PER_YEAR).div(12);
    committed = committed.plus(reserved ? perMonth.times(setup.months) : usd);
    return {
      ...line,
      boxHours: Number(boxHours),
      price: { usd: String(price.usd), asOf: price.asOf, source: readableSource(price.source) },
      usd: toMoney(usd),
      commitment: reserved
        ? {
            usdPerMonth: toMoney(perMonth),
            utilisation: Number(
              boxHours
                .div(setup.months)
                .div(HOURS_PER_YEAR / 12)
                .toFixed(4),
            ),
          }
        : null,
    };
  });
  const storage = setup.storage.reduce((s, x) => s.plus(x.usdPerMonth), new Big(0));
  const monthly = (total: Big) => total.div(setup.months).plus(storage);
  const isRun = setup.period === 'run';
  return {
    id: setup.id,
    name: setup.name,
    period: setup.period,
    lines,
    storageUsdPerMonth: toMoney(storage),
    storage: setup.storage.map((s) => ({ ...s, source: readableSource(s.source) })),
    usdPerRun: isRun ? toMoney(compute) : null,
    usdPerMonth: isRun ? null : toMoney(monthly(compute)),
    usdPerYear: isRun ? null : toMoney(monthly(compute).times(12)),
    usdPerMonthAsCommitted: isRun ? null : toMoney(monthly(committed)),
    author: setup.author,
    unpriced,
  };
}

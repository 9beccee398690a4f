/**
 * Whether a catalog price can be trusted as it stands (issue 19 item 13):
 * - **stale**: its "as of" date is older than the age set in Settings (a price list moves; an old figure is a guess);
 * - **flagged**: the app itself finds it inconsistent with the rest of the catalog, by two stated rules:
 *   1. a spot price more than 91% below the same machine's on-demand price — beyond the largest discount the providers
 *      publish (AWS and Azure "up to 90%", Google Cloud "up to 91%");
 *   2. an on-demand price per GPU-hour under a third of the next-cheapest on-demand offer of the same GPU anywhere in
 *      the catalog, which is what a whole machine's price read as one GPU's (or the reverse) looks like. Spot prices are
 *      not compared across providers (a market's spot can be 88% off, as Azure's T4 is): rule 1 checks them.
 * A flagged price is kept in the catalog, shown with its reason, and left out of estimates unless the lead includes it.
 */
import type { OfferingWithPrices, Price } from './catalog';
import { currentPrices } from './catalog-price';
import { moneyFigure } from './money-format';

/** The largest published spot discount: Google Cloud's "up to 91%" (AWS and Azure say "up to 90%"). */
export const LARGEST_SPOT_DISCOUNT = 0.91;
/** An on-demand price per GPU-hour this many times below the next-cheapest on-demand offer of the same GPU is flagged. */
export const NEXT_CHEAPEST_FACTOR = 3;
/** Default age after which a price is stale, in months (editable in Settings). */
export const DEFAULT_STALE_PRICE_MONTHS = 12;

export interface PriceFlag {
  offeringId: string;
  priceKind: Price['kind'];
  priceId: number;
  /** Why, in words a lead reads, with the figures compared. */
  reason: string;
}

const DAY_MS = 86_400_000;

/** Whole days from `asOf` (YYYY-MM-DD) to `today` (YYYY-MM-DD); negative for a future date. */
export function priceAgeDays(asOf: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${asOf}T00:00:00Z`)) / DAY_MS);
}

/** The date before which a price is stale: `months` calendar months before `today`. */
export function staleBefore(today: string, months: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  const whole = Math.floor(months);
  d.setUTCMonth(d.getUTCMonth() - whole);
  d.setUTCDate(d.getUTCDate() - Math.round((months - whole) * 30));
  return d.toISOString().slice(0, 10);
}

export function isStale(asOf: string, today: string, months: number = DEFAULT_STALE_PRICE_MONTHS): boolean {
  return asOf < staleBefore(today, months);
}

/** "14 months old (as of 2025-09-01)" — the age of a price in the words the catalog and the estimate show. */
export function describeAge(asOf: string, today: string): string {
  const days = priceAgeDays(asOf, today);
  const months = Math.floor(days / 30.44);
  const age = months >= 1 ? `${months} month${months === 1 ? '' : 's'}` : `${Math.max(0, days)} day${days === 1 ? '' : 's'}`;
  return `${age} old (as of ${asOf})`;
}

function hourlyPerGpu(o: OfferingWithPrices, p: Price): number | null {
  if (p.per !== 'hour' || p.usd <= 0 || p.kind.startsWith('reserved')) return null;
  return p.usd / Math.max(1, o.gpuCount);
}

function usd(n: number): string {
  return moneyFigure('USD', n, 'rate');
}

/** Every current price of the catalog the app finds inconsistent, with its reason. Pure; order follows the catalog. */
export function flagInconsistentPrices(offerings: readonly OfferingWithPrices[]): PriceFlag[] {
  const hourly = offerings.flatMap((o) =>
    currentPrices(o.prices).flatMap((p) => {
      const perGpu = hourlyPerGpu(o, p);
      return perGpu === null ? [] : [{ o, p, perGpu }];
    }),
  );
  const flags: PriceFlag[] = [];
  for (const { o, p, perGpu } of hourly) {
    const reasons: string[] = [];
    if (p.kind === 'spot') {
      const onDemand = hourly.find((h) => h.o === o && h.p.kind === 'on-demand')?.p;
      if (onDemand && p.usd < onDemand.usd * (1 - LARGEST_SPOT_DISCOUNT)) {
        const off = Math.round((1 - p.usd / onDemand.usd) * 1000) / 10;
        reasons.push(
          `spot ${usd(p.usd)}/h is ${off}% below this machine's on-demand ${usd(onDemand.usd)}/h, more than the largest spot discount providers publish (${Math.round(LARGEST_SPOT_DISCOUNT * 100)}%)`,
        );
      }
    }
    const others = p.kind === 'on-demand' ? hourly.filter((h) => h.o.gpuId === o.gpuId && h.o.id !== o.id && h.p.kind === 'on-demand') : [];
    const next = others.reduce<(typeof others)[number] | null>((best, h) => (!best || h.perGpu < best.perGpu ? h : best), null);
    if (next && perGpu * NEXT_CHEAPEST_FACTOR < next.perGpu) {
      reasons.push(
        `${usd(perGpu)} per GPU-hour is under a third of the next-cheapest on-demand offer of this GPU (${usd(next.perGpu)} per GPU-hour, ${next.o.providerName} ${next.o.sku}); a whole machine's price read as one GPU's, or the reverse, looks like this`,
      );
    }
    if (reasons.length)
      flags.push({ offeringId: o.id, priceKind: p.kind, priceId: p.id, reason: `${capitalize(reasons.join('; and '))}.` });
  }
  return flags;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A lookup of the flags by offering and price kind. */
export function flagIndex(flags: readonly PriceFlag[]): Map<string, PriceFlag> {
  return new Map(flags.map((f) => [flagKey(f.offeringId, f.priceKind), f]));
}
export function flagKey(offeringId: string, kind: Price['kind']): string {
  return `${offeringId}|${kind}`;
}

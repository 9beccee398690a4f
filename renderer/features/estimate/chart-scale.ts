/**
 * The time-against-cost chart's scales, pure: tick values that always fall inside the drawn domain (a log axis
 * whose ticks all fall outside it leaves Victory with none, and it draws the axis at NaN), and the split of the
 * reserved full-term commitments, whose $30k–$100k would squash the range where the runs' costs differ.
 */
import type { RankedRow } from '../../../shared/estimate/estimate';

const MANTISSAS = [
  [1, 3],
  [1, 2, 5],
  [1, 1.5, 2, 3, 5, 7],
] as const;

/** Round to two significant digits (tick values a person reads). */
const nice = (v: number) => Number(v.toPrecision(2));

/**
 * Tick values for a log axis over [min, max]: the coarsest series of 1-3, 1-2-5 or finer steps giving at least
 * three ticks inside the domain, else three evenly spaced values inside it. Empty only for an unusable domain.
 */
export function logTicks(min: number, max: number): number[] {
  if (!(min > 0) || !(max >= min) || !Number.isFinite(max)) return [];
  let best: number[] = [];
  for (const mantissas of MANTISSAS) {
    const out: number[] = [];
    for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e += 1)
      for (const m of mantissas) {
        const v = nice(m * 10 ** e);
        if (v >= min && v <= max) out.push(v);
      }
    if (out.length > best.length) best = out;
    if (out.length >= 3) return out;
  }
  if (best.length >= 2) return best;
  if (min === max) return [min];
  const ratio = max / min;
  const digits = Math.min(15, 2 + Math.max(0, Math.ceil(-Math.log10((max - min) / max))));
  const spread = [min * ratio ** 0.1, min * ratio ** 0.5, min * ratio ** 0.9]
    .map((v) => Number(v.toPrecision(digits)))
    .filter((v) => v >= min && v <= max);
  return [...new Set(spread)];
}

export interface ChartPoints {
  /** What the chart draws: every priced offering that fits, except reserved full-term commitments. */
  drawn: RankedRow[];
  /** Reserved prices, whose cost is the term's commitment: listed beside the chart, not drawn. */
  reserved: RankedRow[];
}

/** The rows the chart can place (they fit, have hours and a cost), split into drawn and reserved. */
export function chartPoints(rows: readonly RankedRow[]): ChartPoints {
  const placed = rows.filter((r) => r.fits && Number.isFinite(r.hours) && r.hours > 0 && Number.isFinite(r.usd) && r.usd > 0);
  const reserved = placed.filter((r) => r.reserved !== undefined);
  const drawn = placed.filter((r) => r.reserved === undefined);
  // Nothing but reservations: draw them (an empty chart says less).
  return drawn.length === 0 ? { drawn: reserved, reserved: [] } : { drawn, reserved };
}

/** Texts of the plan's figures as the scenario and milestone tables show them: ranges, signed differences, day shifts. */
import Big from 'big.js';
import { fmtHours, fmtMoney } from './timeline-model';

/** A low–high range as written ("3", "$2–$5"), or a dash when there is none. */
export const rangeText = (r: { low: number; high: number } | null | undefined, unit = '') =>
  !r ? '—' : r.low === r.high ? `${unit}${r.low}` : `${unit}${r.low}–${unit}${r.high}`;

/** A difference with its sign, `abs` being the formatted absolute value. */
export const signedText = (n: number, abs: string) => (n > 0 ? `+${abs}` : n < 0 ? `−${abs}` : '±0');

/** A cost against a reference cost (decimal strings in `currency`): "+$1,200.00", "−€80.00", "±0". */
export const usdDeltaText = (usd: string, referenceUsd: string, currency: string) => {
  const d = new Big(usd).minus(referenceUsd);
  return signedText(d.cmp(0), fmtMoney(d.abs().toFixed(2), currency));
};

/** GPU-hours against a reference, to a tenth of an hour: "+12.5 h". */
export const hoursDeltaText = (hours: number, referenceHours: number) =>
  signedText(hours - referenceHours, `${fmtHours(Math.abs(Math.round((hours - referenceHours) * 10) / 10))} h`);

/** How a finish date (ISO day) moved from a reference: "same day", "3 days later", "2 days earlier". */
export function dayShiftText(reference: string, day: string): string {
  const d = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${reference}T00:00:00Z`)) / 86_400_000);
  return d === 0 ? 'same day' : d > 0 ? `${d} days later` : `${-d} days earlier`;
}

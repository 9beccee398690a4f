/**
 * The range of a phase's app estimate (issue 29 item 5): the P10 and P90 of its GPU-hours, from the estimator's own
 * range and narrowed by the lead's recorded runs. Pure.
 *
 * - What the estimator's range means: `throughput.samplesPerSecondLow…High` spans model ÷ measured over every
 *   calibration row of the run's regime (shared/estimate/calibration.ts UNCERTAINTY: 8 to 21 rows). The min–max of n
 *   rows covers about (n − 1) ÷ (n + 1) of runs (78–91 %), so the hours it gives are taken as the P10–P90 of the run's
 *   hours. Hours go as 1 ÷ samples/s: P10 = hours × point ÷ high, P90 = hours × point ÷ low, applied to the whole
 *   wall-clock run (setup and input pipeline included).
 * - The distribution: a two-piece lognormal with its median at the estimate (the plan's own figure) and each side's
 *   log-spread from its end: σ = ln(P90 ÷ median) ÷ 1.2816 above, ln(median ÷ P10) ÷ 1.2816 below.
 * - Narrowed by n recorded runs of the same model family on the same offering (or GPU): each run counts as one
 *   observation as precise as the calibration's spread (σ² ÷ (1 + n)), plus the runs' own scatter (their min–max taken
 *   as P10–P90: σ_runs = ln(max ÷ min) ÷ 2.563). A ratio set by hand narrows nothing.
 */
import type { AppliedCorrection } from '../runs/corrections';

/** The standard normal's 90th percentile: P10–P90 = median × e^(∓1.2816 σ). */
export const Z90 = 1.2815515655446004;

export interface HoursRange {
  /** P10 and P90 of the phase's GPU-hours (mid runs, as `hours`). */
  low: number;
  high: number;
  /** Where the range comes from, in words. */
  basis: string;
}

export interface EstimateRangeInput {
  /** The estimate's GPU-hours (after any correction): the median. */
  hours: number;
  /** The engine's samples/s and its low–high range (throughput.samplesPerSecond, …Low, …High). */
  samplesPerSecond?: number | null;
  samplesPerSecondLow?: number | null;
  samplesPerSecondHigh?: number | null;
  /** The regime the range is measured in ("launch-bound"), for the basis. */
  regime?: string | null;
  correction?: Pick<AppliedCorrection, 'runs' | 'spread'> | null;
}

const round = (n: number, d = 100) => Math.round(n * d) / d;
const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** Log-spreads below and above the median of the estimator's range, before any run narrows it (null: no range given). */
export function estimatorSpread(input: EstimateRangeInput): { below: number; above: number } | null {
  const { samplesPerSecond: sps, samplesPerSecondLow: lo, samplesPerSecondHigh: hi } = input;
  if (!positive(sps) || !positive(lo) || !positive(hi)) return null;
  return { below: Math.max(0, Math.log(hi / sps)) / Z90, above: Math.max(0, Math.log(sps / lo)) / Z90 };
}

/** The spreads once `runs` recorded runs (with their scatter) are counted. */
export function narrowedSpread(
  spread: { below: number; above: number },
  correction: Pick<AppliedCorrection, 'runs' | 'spread'> | null | undefined,
): { below: number; above: number } {
  const n = correction?.runs ?? 0;
  if (n <= 0) return spread;
  const s = correction?.spread;
  const scatter = s && s.min > 0 && s.max > s.min ? Math.log(s.max / s.min) / (2 * Z90) : 0;
  const narrow = (sigma: number) => Math.sqrt((sigma * sigma) / (1 + n) + scatter * scatter);
  return { below: narrow(spread.below), above: narrow(spread.above) };
}

/** The P10–P90 GPU-hours of an app estimate, or null when the engine gives no range. */
export function estimateHoursRange(input: EstimateRangeInput): HoursRange | null {
  const base = estimatorSpread(input);
  if (!base || !positive(input.hours)) return null;
  const spread = narrowedSpread(base, input.correction);
  const low = input.hours * Math.exp(-Z90 * spread.below);
  const high = input.hours * Math.exp(Z90 * spread.above);
  const n = input.correction?.runs ?? 0;
  const wide = `×${round(Math.exp(-Z90 * base.below), 1000)}–×${round(Math.exp(Z90 * base.above), 1000)}`;
  const regime = input.regime ? ` (${input.regime})` : '';
  const narrowed =
    n > 0
      ? `; narrowed by ${n} recorded run${n === 1 ? '' : 's'} of yours to ×${round(low / input.hours, 1000)}–×${round(high / input.hours, 1000)}`
      : '';
  return {
    low: round(low),
    high: round(high),
    basis: `P10–P90 from the estimator's range ${wide}${regime}, its calibration rows' model ÷ measured spread${narrowed}`,
  };
}

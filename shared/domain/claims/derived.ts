/** The app's side of an evaluated claim before its id and stored verdict are added, and how its figures read. */
import type { ClaimEvaluation } from './claim-types';
import { factorOutside, verdictForFactor } from './verdict';

export type Derived = Omit<ClaimEvaluation, 'claimId' | 'storedVerdict' | 'stale' | 'checksSay' | 'inputs'>;

const round = (x: number): number =>
  Math.abs(x) >= 100 ? Math.round(x) : Math.abs(x) >= 10 ? Math.round(x * 10) / 10 : Math.round(x * 100) / 100;
export const fmtFigure = (x: number): string => round(x).toLocaleString('en-US');
export const rangeText = (low: number, high: number, unit: string): string =>
  low === high ? `${fmtFigure(low)} ${unit}` : `${fmtFigure(low)}–${fmtFigure(high)} ${unit}`;
const factorText = (f: number): string => (f === 1 ? 'within the range' : `×${fmtFigure(f)} off`);

export function numeric(app: number, author: { low: number; high: number; unit: string }, inputsStated: boolean, basis: string): Derived {
  const factor = factorOutside(app, author.low, author.high);
  return {
    verdict: verdictForFactor(factor, inputsStated),
    authorText: rangeText(author.low, author.high, author.unit),
    appText: `${fmtFigure(app)} ${author.unit}`,
    appValue: app,
    unit: author.unit,
    factor,
    basis: `${basis}; ${factorText(factor)}`,
  };
}

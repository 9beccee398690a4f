/** How the Estimate screen writes its figures: numbers, hours, dollars, price kinds, GPU names, SI prefixes, dates. */
import { moneyFigure } from '../../../shared/domain/money-format';

/** Three significant digits under 1 000, whole numbers with thousands separators above. */
export const fmtNum = (v: number, digits = 3) =>
  Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('en-US') : Number(v.toPrecision(digits)).toLocaleString('en-US');

/** Hours, with days beside them from two days up. */
export const fmtHours = (h: number) => (h >= 48 ? `${fmtNum(h)} h (${(h / 24).toFixed(1)} d)` : `${fmtNum(h)} h`);

/** An estimate's dollars by the one money formatter: cents under $100, whole dollars above. */
export const usd = (v: number) => moneyFigure('USD', v, 'estimate');

/** A price kind as a person reads it. */
export const PRICE_KIND_LABEL: Record<string, string> = {
  'on-demand': 'on-demand',
  spot: 'spot',
  'reserved-1y': 'reserved 1 y',
  'reserved-3y': 'reserved 3 y',
  subscription: 'subscription',
  purchase: 'purchase',
};

/** A GPU's name without the vendor and product-line prefix. */
export const shortGpu = (name: string) => name.replace(/^NVIDIA /, '').replace(/^GeForce /, '');

/** 7.24 B, 13.6 M, 356 G… */
export const si = (v: number) => {
  for (const [d, u] of [
    [1e12, ' T'],
    [1e9, ' G'],
    [1e6, ' M'],
    [1e3, ' k'],
  ] as const)
    if (v >= d) return `${Number((v / d).toPrecision(3))}${u}`;
  return `${v} `;
};

/** Today as YYYY-MM-DD (UTC). */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** The date `days` from now as YYYY-MM-DD (UTC). */
export const isoInDays = (days: number) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);

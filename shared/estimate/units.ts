/** Figures with their units as the explanation prints them: FLOPs, bytes, plain numbers with a decimal prefix. */
/** FLOPs with a decimal prefix: 16.5 TFLOP. */
export function fmtFlops(n: number): string {
  return `${fmt(n).replace(/([kMGT])$/, ' $1')}${/[kMGT]$/.test(fmt(n)) ? '' : ' '}FLOP`;
}

/** Bytes with a decimal unit: 4.75 GB. */
export function fmtBytes(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (Math.abs(v) >= 1000 && u < units.length - 1) {
    v /= 1000;
    u += 1;
  }
  return `${Number(v.toPrecision(3))} ${units[u]}`;
}

export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 1e12) return `${(n / 1e12).toPrecision(4)}T`;
  if (abs >= 1e9) return `${(n / 1e9).toPrecision(4)}G`;
  if (abs >= 1e6) return `${(n / 1e6).toPrecision(4)}M`;
  if (abs >= 1e4) return `${(n / 1e3).toPrecision(4)}k`;
  return `${Math.round(n * 1000) / 1000}`;
}

/** A figure rounded to `digits` significant digits (0 for non-finite input). */
export function round(n: number, digits = 4): number {
  if (!Number.isFinite(n)) return 0;
  if (n === 0) return 0;
  const p = 10 ** Math.max(0, digits - Math.ceil(Math.log10(Math.abs(n))));
  return Math.round(n * p) / p;
}
